CREATE TABLE "accounting_account_maps" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"income" jsonb,
	"payable" jsonb,
	"sales" jsonb,
	"receivable" jsonb,
	"clearing" jsonb,
	"labor" jsonb,
	"unique_income_creator" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_connections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"platform" text DEFAULT 'quickbooks' NOT NULL,
	"realm_id" text NOT NULL,
	"access_token_sealed" text NOT NULL,
	"refresh_token_sealed" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_journal_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"ledger_transfer_id" uuid NOT NULL,
	"transfer_type" text NOT NULL,
	"campaign_id" uuid,
	"details" text NOT NULL,
	"lines" jsonb NOT NULL,
	"total" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"ref_id" text,
	"error_text" text,
	"date_posted" timestamp with time zone,
	"date_failed" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_journal_entries_total_positive" CHECK ("accounting_journal_entries"."total" > 0)
);
--> statement-breakpoint
CREATE TABLE "qb_sandbox_companies" (
	"realm_id" text PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"company_name" text NOT NULL,
	"accounts" jsonb NOT NULL,
	"vendors" jsonb NOT NULL,
	"customers" jsonb NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"access_token_hash" text,
	"access_expires_at" timestamp with time zone,
	"refresh_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qb_sandbox_journal_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"realm_id" text NOT NULL,
	"qb_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"txn_date" text NOT NULL,
	"private_note" text NOT NULL,
	"lines" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting_account_maps" ADD CONSTRAINT "accounting_account_maps_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD CONSTRAINT "accounting_connections_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_journal_entries" ADD CONSTRAINT "accounting_journal_entries_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_journal_entries" ADD CONSTRAINT "accounting_journal_entries_ledger_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("ledger_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_sandbox_companies" ADD CONSTRAINT "qb_sandbox_companies_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qb_sandbox_journal_entries" ADD CONSTRAINT "qb_sandbox_journal_entries_realm_id_qb_sandbox_companies_realm_id_fk" FOREIGN KEY ("realm_id") REFERENCES "public"."qb_sandbox_companies"("realm_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_connections_org_platform_key" ON "accounting_connections" USING btree ("org_id","platform");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_journal_entries_transfer_key" ON "accounting_journal_entries" USING btree ("ledger_transfer_id");--> statement-breakpoint
CREATE INDEX "accounting_journal_entries_org_idx" ON "accounting_journal_entries" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "qb_sandbox_journal_entries_request_key" ON "qb_sandbox_journal_entries" USING btree ("realm_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "qb_sandbox_journal_entries_qb_id_key" ON "qb_sandbox_journal_entries" USING btree ("realm_id","qb_id");