ALTER TABLE "charges" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "settled_usd" bigint;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "settled_fee_usd" bigint;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "exchange_rate" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;