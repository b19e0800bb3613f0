-- The ledger's places at the provider (docs/money-flows.md): every organisation that already has
-- ledger accounts gets the new ones at 0, in each currency it has accounts in.
INSERT INTO "ledger_accounts" ("id", "org_id", "kind", "currency", "balance", "allow_negative")
SELECT gen_random_uuid(), o.org_id, k.kind, o.currency, 0, k.allow_negative
FROM (SELECT DISTINCT "org_id", "currency" FROM "ledger_accounts") o
CROSS JOIN (VALUES ('payments_balance', true), ('payouts_in_transit', false), ('wallet_frozen', false)) AS k(kind, allow_negative)
ON CONFLICT ("org_id", "kind", "currency") DO NOTHING;
