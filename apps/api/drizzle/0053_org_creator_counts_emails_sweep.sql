CREATE TABLE "org_creator_counts" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"creators" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "swept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "org_creator_counts" ADD CONSTRAINT "org_creator_counts_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emails_queued_idx" ON "emails" USING btree ("id") WHERE "emails"."status" = 'queued';