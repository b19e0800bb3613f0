CREATE TABLE "payment_gates" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"requires_contract" boolean DEFAULT false NOT NULL,
	"deliverable_id" uuid,
	"execute_on_release" boolean DEFAULT false NOT NULL,
	"executed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliverables" ADD COLUMN "approval_status" text DEFAULT 'submitted' NOT NULL;--> statement-breakpoint
ALTER TABLE "deliverables" ADD COLUMN "approval_decided_by" uuid;--> statement-breakpoint
ALTER TABLE "deliverables" ADD COLUMN "approval_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_gates" ADD CONSTRAINT "payment_gates_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_gates" ADD CONSTRAINT "payment_gates_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_gates" ADD CONSTRAINT "payment_gates_deliverable_id_deliverables_id_fk" FOREIGN KEY ("deliverable_id") REFERENCES "public"."deliverables"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_gates" ADD CONSTRAINT "payment_gates_executed_by_users_id_fk" FOREIGN KEY ("executed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_gates_org_release_idx" ON "payment_gates" USING btree ("org_id","execute_on_release");--> statement-breakpoint
ALTER TABLE "deliverables" ADD CONSTRAINT "deliverables_approval_decided_by_users_id_fk" FOREIGN KEY ("approval_decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;