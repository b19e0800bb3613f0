CREATE TABLE "nium_accounts" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"customer_hash_id" text NOT NULL,
	"wallet_hash_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nium_payouts" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"payee_abroad_id" uuid NOT NULL,
	"source_currency" text NOT NULL,
	"source_amount" bigint NOT NULL,
	"destination_currency" text NOT NULL,
	"destination_amount" bigint,
	"rate" text,
	"quote_id" text,
	"transfer_id" text,
	"status" text DEFAULT 'initiated' NOT NULL,
	"estimated_arrival" timestamp with time zone,
	"rfis" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nium_quotes" (
	"quote_id" text PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"source_currency" text NOT NULL,
	"source_amount" bigint NOT NULL,
	"destination_currency" text NOT NULL,
	"destination_amount" bigint NOT NULL,
	"rate" text NOT NULL,
	"market_rate" text NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payees_abroad" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"payee_id" uuid NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"fields_sealed" text NOT NULL,
	"last4" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"account_holder_name" text NOT NULL,
	"beneficiary_id" text,
	"payout_method_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nium_accounts" ADD CONSTRAINT "nium_accounts_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nium_payouts" ADD CONSTRAINT "nium_payouts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nium_payouts" ADD CONSTRAINT "nium_payouts_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nium_payouts" ADD CONSTRAINT "nium_payouts_payee_abroad_id_payees_abroad_id_fk" FOREIGN KEY ("payee_abroad_id") REFERENCES "public"."payees_abroad"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nium_quotes" ADD CONSTRAINT "nium_quotes_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nium_quotes" ADD CONSTRAINT "nium_quotes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payees_abroad" ADD CONSTRAINT "payees_abroad_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nium_payouts_open_idx" ON "nium_payouts" USING btree ("org_id","updated_at") WHERE status NOT IN ('paid', 'returned', 'rejected', 'expired', 'failed', 'cancelled');--> statement-breakpoint
CREATE INDEX "nium_payouts_transfer_idx" ON "nium_payouts" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "nium_quotes_payment_idx" ON "nium_quotes" USING btree ("org_id","payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payees_abroad_org_payee_key" ON "payees_abroad" USING btree ("org_id","payee_id");--> statement-breakpoint
-- The Nium wallet's places (docs/money-flows.md, "Nium"): every organisation with ledger accounts gets them at 0 in USD.
INSERT INTO "ledger_accounts" ("id", "org_id", "kind", "currency", "balance", "allow_negative")
SELECT gen_random_uuid(), o.org_id, k.kind, 'usd', 0, k.allow_negative
FROM (SELECT DISTINCT "org_id" FROM "ledger_accounts") o
CROSS JOIN (VALUES ('nium_available', false), ('nium_held', false), ('nium_sent', false), ('fx_clearing', true), ('nium_funding', false)) AS k(kind, allow_negative)
ON CONFLICT ("org_id", "kind", "currency") DO NOTHING;
