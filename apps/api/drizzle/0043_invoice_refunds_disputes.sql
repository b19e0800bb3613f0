CREATE TABLE "sandbox_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"client_secret" text NOT NULL,
	"status" text NOT NULL,
	"decline_code" text,
	"refund_fails" boolean DEFAULT false NOT NULL,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payment_intents_client_secret_unique" UNIQUE("client_secret")
);
--> statement-breakpoint
CREATE TABLE "charge_disputes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"charge_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"provider_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"wallet_share" bigint DEFAULT 0 NOT NULL,
	"evidence_due_by" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"funds_withdrawn_at" timestamp with time zone,
	"funds_reinstated_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "charge_disputes_amount_positive" CHECK ("charge_disputes"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "charge_refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"charge_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"fee_refund" bigint NOT NULL,
	"reason" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_id" text,
	"failure_reason" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "charge_refunds_amounts" CHECK ("charge_refunds"."amount" > 0 AND "charge_refunds"."fee_refund" >= 0 AND "charge_refunds"."fee_refund" <= "charge_refunds"."amount")
);
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "provider_account" text;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "next_action" text;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "next_action_sealed" text;--> statement-breakpoint
ALTER TABLE "charge_disputes" ADD CONSTRAINT "charge_disputes_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_disputes" ADD CONSTRAINT "charge_disputes_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_disputes" ADD CONSTRAINT "charge_disputes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_refunds" ADD CONSTRAINT "charge_refunds_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_refunds" ADD CONSTRAINT "charge_refunds_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_refunds" ADD CONSTRAINT "charge_refunds_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_refunds" ADD CONSTRAINT "charge_refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charge_disputes_charge_key" ON "charge_disputes" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "charge_refunds_charge_id_idx" ON "charge_refunds" USING btree ("charge_id");