ALTER TABLE "accounting_connections" ADD COLUMN "provider" text DEFAULT 'quickbooks-sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD COLUMN "refresh_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounting_journal_entries" ADD COLUMN "qb_request_id" text;