CREATE TABLE "w9_requests" (
	"org_id" uuid NOT NULL,
	"payee_id" uuid NOT NULL,
	"first_requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requests" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "w9_requests_org_id_payee_id_pk" PRIMARY KEY("org_id","payee_id")
);
--> statement-breakpoint
ALTER TABLE "w9_requests" ADD CONSTRAINT "w9_requests_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "ledger_accounts" ("id", "org_id", "kind", "currency", "balance", "allow_negative")
SELECT gen_random_uuid(), o.org_id, 'tax_owed', 'usd', 0, false
FROM (SELECT DISTINCT "org_id" FROM "ledger_accounts") o
ON CONFLICT ("org_id", "kind", "currency") DO NOTHING;
