ALTER TABLE "sessions" ADD COLUMN "acting_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "acting_expires_at" timestamp with time zone;