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
ALTER TABLE "backup_withholdings" ADD CONSTRAINT "backup_withholdings_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_withholdings" ADD CONSTRAINT "backup_withholdings_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_tax_settings" ADD CONSTRAINT "org_tax_settings_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;