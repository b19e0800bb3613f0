CREATE TABLE "tax_delivery_consents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payee_type" text NOT NULL,
	"payee_id" uuid NOT NULL,
	"consented" boolean NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tax_document_runs" ADD COLUMN "to_mail" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "tax_delivery_consents_payee_idx" ON "tax_delivery_consents" USING btree ("payee_id","recorded_at");