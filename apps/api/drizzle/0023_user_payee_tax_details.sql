ALTER TABLE "users" ADD COLUMN "routing_number_last4" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "legal_entity_type" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "business_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "state_tax_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_line_1" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_line_2" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_city" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_state" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_zip" text;