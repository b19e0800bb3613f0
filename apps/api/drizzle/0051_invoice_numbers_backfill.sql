-- Hand-written: existing invoices are numbered per organisation in creation order (INV-0001, ...),
-- and each organisation's counter starts after its last one.
UPDATE "invoices" AS i
SET "seq" = n.seq, "number" = 'INV-' || lpad(n.seq::text, 4, '0')
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "org_id" ORDER BY "created_at", "id")::integer AS seq
  FROM "invoices"
) AS n
WHERE i."id" = n."id";
--> statement-breakpoint
INSERT INTO "invoice_counters" ("org_id", "last_seq")
SELECT "org_id", max("seq") FROM "invoices" GROUP BY "org_id";
