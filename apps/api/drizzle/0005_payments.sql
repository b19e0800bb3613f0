CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"payment_group_id" uuid,
	"recipient" uuid NOT NULL,
	"recipient_role" text NOT NULL,
	"managed_creator_id" uuid,
	"parent_payment_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"amount" bigint NOT NULL,
	"earnings" bigint NOT NULL,
	"split" numeric(6, 2) NOT NULL,
	"state_withholdings" bigint DEFAULT 0 NOT NULL,
	"federal_withholdings" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"method" text,
	"date_initiated" timestamp with time zone,
	"date_info_requested" timestamp with time zone,
	"date_posted" timestamp with time zone,
	"date_failed" timestamp with time zone,
	"date_returned" timestamp with time zone,
	"failure_reason" text,
	"stripe_reference_id" text,
	"fee_reference_id" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_stripe_reference_id_unique" UNIQUE("stripe_reference_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "selected_payment_method" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "account_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "account_number_last4" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "routing_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "paypal_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "venmo_phone_number" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_org_created_idx" ON "payments" USING btree ("org_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE NOT is_deleted;--> statement-breakpoint
CREATE INDEX "payments_org_recipient_idx" ON "payments" USING btree ("org_id","recipient");--> statement-breakpoint
CREATE INDEX "payments_org_status_idx" ON "payments" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX "payments_org_group_idx" ON "payments" USING btree ("org_id","payment_group_id");