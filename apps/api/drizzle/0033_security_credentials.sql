CREATE TABLE "accounting_connect_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "acting_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "acting_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "org_api_tokens" ADD COLUMN "scopes" text[] DEFAULT '{"read","creators:write","payments:write"}' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_connect_codes" ADD CONSTRAINT "accounting_connect_codes_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_connect_codes" ADD CONSTRAINT "accounting_connect_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_connect_codes_code_hash_key" ON "accounting_connect_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "accounting_connect_codes_expires_at_idx" ON "accounting_connect_codes" USING btree ("expires_at");