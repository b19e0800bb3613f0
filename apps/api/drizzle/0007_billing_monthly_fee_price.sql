-- The Premium plan's price is the monthly_fee schedule (24900 cents, spec 001 section 9).
-- Schedules still at the old default (free) take the price; a schedule someone changed keeps its value.
UPDATE "fee_schedules" SET "flat_rate" = 24900, "updated_at" = now()
WHERE "type" = 'monthly_fee' AND "flat_rate" = 0 AND "percentage" = 0 AND "cap" IS NULL;
--> statement-breakpoint
-- Organisations already on the standard plan before billing existed: charged from next month, as an upgrade made today.
UPDATE "orgs" SET "billing_started_at" = now(), "billing_date" = (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month')::date
WHERE "billing_plan" = 'standard' AND "billing_date" IS NULL;
