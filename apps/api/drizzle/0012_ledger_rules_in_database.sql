-- The ledger's rules, enforced by PostgreSQL itself (issue 14): code is the first line, these the last.
-- 1. Every transfer balances: at commit, the entries of each transfer touched sum to zero and there is at least one.
CREATE FUNCTION ledger_check_transfer_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- TG_ARGV[0] names the column holding the transfer id: transfer_id on entries, id on transfers.
  transfer uuid := (to_jsonb(NEW) ->> TG_ARGV[0])::uuid;
  entry_count bigint;
  total numeric;
BEGIN
  SELECT count(*), COALESCE(sum(amount), 0) INTO entry_count, total FROM ledger_entries WHERE transfer_id = transfer;
  IF entry_count = 0 THEN
    RAISE EXCEPTION 'ledger transfer % has no entries', transfer USING ERRCODE = 'check_violation';
  END IF;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transfer % is unbalanced: its entries sum to %', transfer, total USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_transfer_balanced('transfer_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transfers_balanced AFTER INSERT ON ledger_transfers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_transfer_balanced('id');
--> statement-breakpoint
-- 2. An entry moves money: never zero.
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_amount_not_zero CHECK (amount <> 0);
--> statement-breakpoint
-- 3. The ledger is append-only: a correction is a new transfer, never an edit.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- 4. Payments: a positive amount, a fee never negative, a status of the spec's list.
ALTER TABLE payments ADD CONSTRAINT payments_amount_positive CHECK (amount > 0);
--> statement-breakpoint
ALTER TABLE payments ADD CONSTRAINT payments_fee_not_negative CHECK (fee >= 0);
--> statement-breakpoint
ALTER TABLE payments ADD CONSTRAINT payments_status_known
  CHECK (status IN ('draft', 'requires_info', 'processing', 'succeeded', 'canceled', 'returned', 'failed'));
