-- A tab's page by number (issue 15): the list's index now ends with status, so the ids before
-- the page are read from the index alone, and the status index skips deleted rows (every status
-- query does), so a tab's total is counted on it alone rather than by reading the whole table.
DROP INDEX "payments_org_created_idx";--> statement-breakpoint
DROP INDEX "payments_org_status_idx";--> statement-breakpoint
CREATE INDEX "payments_org_created_idx" ON "payments" USING btree ("org_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status") WHERE NOT is_deleted;--> statement-breakpoint
CREATE INDEX "payments_org_status_idx" ON "payments" USING btree ("org_id","status") WHERE NOT is_deleted;