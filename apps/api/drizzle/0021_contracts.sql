CREATE TABLE "contract_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"title" text NOT NULL,
	"hellosign_template_id" text NOT NULL,
	"state" text NOT NULL,
	"form_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"recipient_type" text NOT NULL,
	"creator_id" uuid,
	"customer_id" uuid,
	"payment_group_id" uuid,
	"template_id" uuid,
	"expiration_date" date NOT NULL,
	"signature_date" timestamp with time zone,
	"form_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"preview_state" text NOT NULL,
	"signature_request_id" text,
	"file_name" text NOT NULL,
	"original_key" text NOT NULL,
	"original_sha256" text NOT NULL,
	"signed_key" text,
	"signed_sha256" text,
	"audit" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_templates" ADD CONSTRAINT "contract_templates_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_payment_group_id_campaigns_id_fk" FOREIGN KEY ("payment_group_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_templates_org_id_ready_key" ON "contract_templates" USING btree ("org_id") WHERE "contract_templates"."state" = 'ready';--> statement-breakpoint
CREATE INDEX "contracts_org_id_created_at_idx" ON "contracts" USING btree ("org_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contracts_creator_id_idx" ON "contracts" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "contracts_customer_id_idx" ON "contracts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "contracts_payment_group_id_idx" ON "contracts" USING btree ("payment_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_signature_request_id_key" ON "contracts" USING btree ("signature_request_id");