CREATE TABLE "invoice_reminder_settings" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"steps" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"invoice_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"org_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_reminders_invoice_id_step_pk" PRIMARY KEY("invoice_id","step")
);
--> statement-breakpoint
ALTER TABLE "invoice_reminder_settings" ADD CONSTRAINT "invoice_reminder_settings_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;