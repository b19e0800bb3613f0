ALTER TABLE "invoice_schedules" ADD COLUMN "anchor_period" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_schedules" ADD COLUMN "anchor_date" date;