-- Before campaigns existed, payments.payment_group_id was a free uuid (tests and early drafts
-- sent made-up ones). The next migration makes it a foreign key to campaigns, which no such value
-- can satisfy: detach them so the constraint can be added (the payments themselves stay).
UPDATE "payments" SET "payment_group_id" = NULL WHERE "payment_group_id" IS NOT NULL;
