CREATE TABLE "creators" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"entity_type" text DEFAULT 'individual' NOT NULL,
	"first_name" text,
	"last_name" text,
	"business_name" text,
	"pronouns" text,
	"bio" text,
	"phone_number" text,
	"account_number" text,
	"account_number_last4" text,
	"routing_number" text,
	"routing_number_last4" text,
	"state_tax_id" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_w2" boolean DEFAULT false NOT NULL,
	"custom_withholding_rate" numeric(5, 2),
	"agent_id" uuid,
	"agent_split" integer DEFAULT 10 NOT NULL,
	"manager_id" uuid,
	"manager_split" integer DEFAULT 10 NOT NULL,
	"notes" text,
	"platforms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"selected_payment_method" text,
	"paypal_email" text,
	"venmo_phone_number" text,
	"address_line_1" text,
	"address_line_2" text,
	"address_city" text,
	"address_state" text,
	"address_zip" text,
	"address_shipping_line_1" text,
	"address_shipping_line_2" text,
	"address_shipping_city" text,
	"address_shipping_state" text,
	"address_shipping_zip" text,
	"is_shipping_same_as_home" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(email || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(business_name, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_enrollments" (
	"org_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tag_enrollments_tag_id_creator_id_pk" PRIMARY KEY("tag_id","creator_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_agent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_manager" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "creators" ADD CONSTRAINT "creators_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creators" ADD CONSTRAINT "creators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creators" ADD CONSTRAINT "creators_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creators" ADD CONSTRAINT "creators_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_enrollments" ADD CONSTRAINT "tag_enrollments_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_enrollments" ADD CONSTRAINT "tag_enrollments_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_enrollments" ADD CONSTRAINT "tag_enrollments_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "creators_org_id_email_key" ON "creators" USING btree ("org_id","email");--> statement-breakpoint
CREATE INDEX "creators_org_id_created_at_idx" ON "creators" USING btree ("org_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "creators_user_id_idx" ON "creators" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "creators_manager_id_idx" ON "creators" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "creators_agent_id_idx" ON "creators" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "creators_org_id_is_active_idx" ON "creators" USING btree ("org_id","is_active");--> statement-breakpoint
CREATE INDEX "creators_search_text_idx" ON "creators" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tag_enrollments_creator_id_idx" ON "tag_enrollments" USING btree ("creator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_org_id_label_key" ON "tags" USING btree ("org_id",lower("label"));