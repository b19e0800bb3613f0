-- The balance check of issue 14, run at commit for the transfer row and for each entry row, read
-- the transfer id with to_jsonb(NEW), converting the whole row to JSON three times per posting.
-- The same rule now reads the column itself: one small function per table, one shared check.
CREATE FUNCTION ledger_assert_transfer_balanced(transfer uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
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
END $$;
--> statement-breakpoint
CREATE FUNCTION ledger_check_entry_transfer_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_assert_transfer_balanced(NEW.transfer_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION ledger_check_transfer_row_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_assert_transfer_balanced(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER ledger_entries_balanced ON ledger_entries;
--> statement-breakpoint
DROP TRIGGER ledger_transfers_balanced ON ledger_transfers;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_entry_transfer_balanced();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transfers_balanced AFTER INSERT ON ledger_transfers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_transfer_row_balanced();
--> statement-breakpoint
DROP FUNCTION ledger_check_transfer_balanced();
