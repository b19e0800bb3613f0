CREATE TABLE "invoice_schedule_runs" (
	"schedule_id" uuid NOT NULL,
	"period" integer NOT NULL,
	"invoice_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_schedule_runs_schedule_id_period_pk" PRIMARY KEY("schedule_id","period")
);
--> statement-breakpoint
CREATE TABLE "invoice_schedules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"template_invoice_id" uuid NOT NULL,
	"interval" text NOT NULL,
	"every" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"max_count" integer,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"next_period" integer DEFAULT 0 NOT NULL,
	"next_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"stopped_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "invoice_schedule_runs" ADD CONSTRAINT "invoice_schedule_runs_schedule_id_invoice_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."invoice_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_schedule_runs" ADD CONSTRAINT "invoice_schedule_runs_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_schedule_runs" ADD CONSTRAINT "invoice_schedule_runs_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_schedules" ADD CONSTRAINT "invoice_schedules_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_schedules" ADD CONSTRAINT "invoice_schedules_template_invoice_id_invoices_id_fk" FOREIGN KEY ("template_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_schedules" ADD CONSTRAINT "invoice_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminder_settings" ADD CONSTRAINT "invoice_reminder_settings_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_schedule_runs_invoice_key" ON "invoice_schedule_runs" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_schedules_template_key" ON "invoice_schedules" USING btree ("template_invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_schedules_org_id_idx" ON "invoice_schedules" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "invoice_schedules_due_idx" ON "invoice_schedules" USING btree ("status","next_date");