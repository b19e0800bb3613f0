DROP INDEX "treasury_transactions_org_idx";--> statement-breakpoint
DROP INDEX "creators_org_id_created_at_idx";--> statement-breakpoint
DROP INDEX "campaigns_org_id_created_at_idx";--> statement-breakpoint
DROP INDEX "customers_org_id_created_at_idx";--> statement-breakpoint
DROP INDEX "payments_org_created_idx";--> statement-breakpoint
DROP INDEX "payments_recipient_created_idx";--> statement-breakpoint
DROP INDEX "tax_document_runs_org_created_idx";--> statement-breakpoint
DROP INDEX "contracts_org_id_created_at_idx";--> statement-breakpoint
DROP INDEX "charges_org_id_created_at_idx";--> statement-breakpoint
DROP INDEX "invoices_org_id_created_at_idx";--> statement-breakpoint
CREATE INDEX "treasury_transactions_org_idx" ON "treasury_transactions" USING btree ("org_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "creators_org_id_created_at_idx" ON "creators" USING btree ("org_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "campaigns_org_id_created_at_idx" ON "campaigns" USING btree ("org_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customers_org_id_created_at_idx" ON "customers" USING btree ("org_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payments_org_created_idx" ON "payments" USING btree ("org_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE NOT is_deleted;--> statement-breakpoint
CREATE INDEX "payments_recipient_created_idx" ON "payments" USING btree ("recipient","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE NOT is_deleted;--> statement-breakpoint
CREATE INDEX "tax_document_runs_org_created_idx" ON "tax_document_runs" USING btree ("org_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contracts_org_id_created_at_idx" ON "contracts" USING btree ("org_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "charges_org_id_created_at_idx" ON "charges" USING btree ("org_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_org_id_created_at_idx" ON "invoices" USING btree ("org_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);