ALTER TABLE "financial_accounts" ALTER COLUMN "account_number_encrypted" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "financial_accounts" ALTER COLUMN "account_last4" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "financial_accounts" ALTER COLUMN "routing_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_links" ADD COLUMN "hosted_verification_url" text;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "provider_connected_account_id" text;