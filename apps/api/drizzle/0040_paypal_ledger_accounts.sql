-- Hand-written (data only): every organisation that already has ledger accounts gets the two
-- PayPal ones (ledgerAccountKinds grew), so findLedgerAccounts finds all seven. New organisations
-- get them from ensureLedgerAccounts. paypal_available mirrors an account PayPal guards (it may go
-- below zero in our books); paypal_held may not.
INSERT INTO "ledger_accounts" ("id", "org_id", "kind", "currency", "balance", "allow_negative")
SELECT gen_random_uuid(), o."org_id", k."kind", 'usd', 0, k."allow_negative"
FROM (SELECT DISTINCT "org_id" FROM "ledger_accounts") AS o
CROSS JOIN (VALUES ('paypal_available', true), ('paypal_held', false)) AS k("kind", "allow_negative")
ON CONFLICT DO NOTHING;
