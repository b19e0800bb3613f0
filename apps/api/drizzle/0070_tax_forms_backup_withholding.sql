CREATE TABLE "backup_withholdings" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"rate" numeric(5, 2) NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_tax_settings" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"backup_withholding" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "backup_withholdings" ADD CONSTRAINT "backup_withholdings_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_withholdings" ADD CONSTRAINT "backup_withholdings_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_tax_settings" ADD CONSTRAINT "org_tax_settings_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_forms_payee_idx" ON "tax_forms" USING btree ("payee_id","status");