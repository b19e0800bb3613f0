CREATE TABLE "tax_filing_settings" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"tcc" text NOT NULL,
	"state_number" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tax_filing_settings" ADD CONSTRAINT "tax_filing_settings_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;