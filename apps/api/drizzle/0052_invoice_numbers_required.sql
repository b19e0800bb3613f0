ALTER TABLE "invoices" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_org_seq_key" ON "invoices" USING btree ("org_id","seq");