CREATE TABLE "org_beneficial_owners" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"dob" date NOT NULL,
	"percent_ownership" integer NOT NULL,
	"address" text NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"provider_person_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "org_businesses" ADD COLUMN "owners_provided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "org_beneficial_owners" ADD CONSTRAINT "org_beneficial_owners_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "org_beneficial_owners_org_id_idx" ON "org_beneficial_owners" USING btree ("org_id");