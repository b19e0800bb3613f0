DROP INDEX "provider_calls_due_idx";--> statement-breakpoint
ALTER TABLE "provider_calls" ADD COLUMN "deadline" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "provider_calls_due_idx" ON "provider_calls" USING btree ("deadline","next_attempt_at") WHERE status = 'pending';