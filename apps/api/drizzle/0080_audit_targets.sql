ALTER TABLE "audit_log" ADD COLUMN "target_type" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "amount" bigint;--> statement-breakpoint
CREATE INDEX "audit_log_org_target_idx" ON "audit_log" USING btree ("org_id","target_id","created_at") WHERE target_id IS NOT NULL;