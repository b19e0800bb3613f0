CREATE TABLE "sandbox_paypal_accounts" (
	"merchant_id" text PRIMARY KEY NOT NULL,
	"tracking_id" text NOT NULL,
	"return_url" text NOT NULL,
	"email" text,
	"consented_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_paypal_accounts_tracking_id_unique" UNIQUE("tracking_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_paypal_movements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "paypal_links" ADD COLUMN "merchant_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_paypal_movements" ADD CONSTRAINT "sandbox_paypal_movements_merchant_id_sandbox_paypal_accounts_merchant_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."sandbox_paypal_accounts"("merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_paypal_movements_merchant_idx" ON "sandbox_paypal_movements" USING btree ("merchant_id","effective_at");