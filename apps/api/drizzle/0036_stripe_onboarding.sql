CREATE TABLE "connected_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"provider_account_id" text NOT NULL,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pending_verification" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"disabled_reason" text,
	"treasury_status" text DEFAULT 'inactive' NOT NULL,
	"state_at" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connected_accounts_org_id_unique" UNIQUE("org_id"),
	CONSTRAINT "connected_accounts_provider_account_id_unique" UNIQUE("provider_account_id")
);
--> statement-breakpoint
CREATE TABLE "provider_event_cursors" (
	"scope" text PRIMARY KEY NOT NULL,
	"listed_until" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "org_businesses" ADD COLUMN "agreement_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "org_businesses" ADD COLUMN "agreement_ip" text;--> statement-breakpoint
ALTER TABLE "org_businesses" ADD COLUMN "agreement_user_agent" text;--> statement-breakpoint
ALTER TABLE "org_representatives" ADD COLUMN "terms_ip" text;--> statement-breakpoint
ALTER TABLE "org_representatives" ADD COLUMN "terms_user_agent" text;--> statement-breakpoint
ALTER TABLE "connected_accounts" ADD CONSTRAINT "connected_accounts_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;