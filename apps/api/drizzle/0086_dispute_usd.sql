ALTER TABLE "charge_disputes" ADD COLUMN "withdrawn_usd" bigint;--> statement-breakpoint
ALTER TABLE "charge_disputes" ADD COLUMN "reinstated_usd" bigint;