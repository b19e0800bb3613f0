CREATE TABLE "billing_charges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"period" text NOT NULL,
	"billing_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'owed' NOT NULL,
	"ledger_transfer_id" uuid,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_charges_amount_not_negative" CHECK ("billing_charges"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "billing_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "billing_date" date;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_ledger_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("ledger_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_charges_org_period_key" ON "billing_charges" USING btree ("org_id","period");--> statement-breakpoint
CREATE INDEX "billing_charges_owed_idx" ON "billing_charges" USING btree ("org_id") WHERE "billing_charges"."status" = 'owed';