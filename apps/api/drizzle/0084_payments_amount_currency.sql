ALTER TABLE "payments" ADD COLUMN "amount_currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "currency_amount" bigint;