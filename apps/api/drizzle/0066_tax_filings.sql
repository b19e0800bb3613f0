CREATE TABLE "tax_filings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"recipient" uuid NOT NULL,
	"kind" text NOT NULL,
	"compensation" integer NOT NULL,
	"federal_withheld" integer NOT NULL,
	"state_withheld" integer NOT NULL,
	"filed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tax_filings" ADD CONSTRAINT "tax_filings_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_filings_org_year_recipient_idx" ON "tax_filings" USING btree ("org_id","year","recipient","filed_at");