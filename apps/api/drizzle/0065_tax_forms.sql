CREATE TABLE "tax_forms" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payee_type" text NOT NULL,
	"payee_id" uuid NOT NULL,
	"form_type" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"name" text NOT NULL,
	"fields" jsonb NOT NULL,
	"tin_sealed" text,
	"tin_last4" text,
	"signer_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text NOT NULL,
	"source" text NOT NULL,
	"pdf_sealed" text NOT NULL,
	"superseded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tax_forms_payee_idx" ON "tax_forms" USING btree ("payee_id","status");