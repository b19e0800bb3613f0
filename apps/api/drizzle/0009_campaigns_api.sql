CREATE TABLE "campaign_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"payment_group_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"customer_id" uuid NOT NULL,
	"agent_id" uuid,
	"deal_size" bigint,
	"campaign_ref_id" text,
	"terms" text,
	"campaign_start_date" date,
	"campaign_end_date" date,
	"campaign_status" text DEFAULT 'preflight' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_id_org_id_key" UNIQUE("id","org_id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"attn" text,
	"cc_emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"phone_number" text,
	"address_line_1" text,
	"address_line_2" text,
	"address_city" text,
	"address_state" text,
	"address_zip" text,
	"qb_customer" jsonb,
	"search_text" text GENERATED ALWAYS AS (lower(name || ' ' || coalesce(email, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_id_org_id_key" UNIQUE("id","org_id")
);
--> statement-breakpoint
CREATE TABLE "deliverables" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"post_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_files" ADD CONSTRAINT "campaign_files_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_files" ADD CONSTRAINT "campaign_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_files" ADD CONSTRAINT "campaign_files_campaign_fk" FOREIGN KEY ("payment_group_id","org_id") REFERENCES "public"."campaigns"("id","org_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_customer_fk" FOREIGN KEY ("customer_id","org_id") REFERENCES "public"."customers"("id","org_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverables" ADD CONSTRAINT "deliverables_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverables" ADD CONSTRAINT "deliverables_campaign_fk" FOREIGN KEY ("campaign_id","org_id") REFERENCES "public"."campaigns"("id","org_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverables" ADD CONSTRAINT "deliverables_creator_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_files_group_idx" ON "campaign_files" USING btree ("payment_group_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_org_id_created_at_idx" ON "campaigns" USING btree ("org_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaigns_customer_id_idx" ON "campaigns" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_org_id_email_key" ON "customers" USING btree ("org_id","email");--> statement-breakpoint
CREATE INDEX "customers_org_id_created_at_idx" ON "customers" USING btree ("org_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customers_search_text_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "deliverables_campaign_id_idx" ON "deliverables" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "deliverables_creator_id_idx" ON "deliverables" USING btree ("creator_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_campaign_fk" FOREIGN KEY ("payment_group_id","org_id") REFERENCES "public"."campaigns"("id","org_id") ON DELETE no action ON UPDATE no action;