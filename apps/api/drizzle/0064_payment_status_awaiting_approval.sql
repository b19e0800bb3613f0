-- Hand-written: the payments status check names the statuses of packages/core/src/payments-labels.ts; awaiting_approval joins it (Settings > Approvals).
ALTER TABLE payments DROP CONSTRAINT payments_status_known;
--> statement-breakpoint
ALTER TABLE payments ADD CONSTRAINT payments_status_known
  CHECK (status IN ('draft', 'requires_info', 'processing', 'succeeded', 'canceled', 'returned', 'failed', 'awaiting_approval'));
