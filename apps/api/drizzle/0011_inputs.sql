CREATE TABLE "payout_detail_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"payee_type" text NOT NULL,
	"payee_id" uuid NOT NULL,
	"changed_by_user_id" uuid,
	"source" text NOT NULL,
	"fields" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creators" ADD COLUMN "legal_entity_type" text;--> statement-breakpoint
ALTER TABLE "payout_detail_changes" ADD CONSTRAINT "payout_detail_changes_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_detail_changes" ADD CONSTRAINT "payout_detail_changes_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_detail_changes_payee_idx" ON "payout_detail_changes" USING btree ("org_id","payee_id","created_at");