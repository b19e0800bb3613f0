CREATE TABLE "creator_campaign_splits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"payment_group_id" uuid NOT NULL,
	"agent_split" integer NOT NULL,
	"manager_split" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_campaign_splits_percents" CHECK ("creator_campaign_splits"."agent_split" BETWEEN 0 AND 100 AND "creator_campaign_splits"."manager_split" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "creator_campaign_splits" ADD CONSTRAINT "creator_campaign_splits_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_campaign_splits" ADD CONSTRAINT "creator_campaign_splits_creator_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_campaign_splits" ADD CONSTRAINT "creator_campaign_splits_campaign_fk" FOREIGN KEY ("payment_group_id","org_id") REFERENCES "public"."campaigns"("id","org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "creator_campaign_splits_creator_campaign_key" ON "creator_campaign_splits" USING btree ("creator_id","payment_group_id");--> statement-breakpoint
CREATE INDEX "creator_campaign_splits_campaign_idx" ON "creator_campaign_splits" USING btree ("payment_group_id");