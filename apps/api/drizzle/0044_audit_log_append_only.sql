-- Hand-written: the audit log is append-only in the database itself, whatever the code does.
-- Two updates stay possible: an entry written before its request ran gets its outcome once
-- (status_code and completed_at, from null), and a removed user's id becomes null (the foreign
-- keys' ON DELETE SET NULL). Every other UPDATE, any DELETE and TRUNCATE raise an error.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nested: NEW does not exist for DELETE or TRUNCATE.
  IF TG_OP = 'UPDATE' THEN
    IF (NEW.id, NEW.org_id, NEW.action, NEW.target_id, NEW.details, NEW.created_at)
        IS NOT DISTINCT FROM (OLD.id, OLD.org_id, OLD.action, OLD.target_id, OLD.details, OLD.created_at)
      AND (NEW.actor_user_id IS NULL OR NEW.actor_user_id = OLD.actor_user_id)
      AND (NEW.user_id IS NULL OR NEW.user_id = OLD.user_id)
      AND (
        (NEW.status_code, NEW.completed_at) IS NOT DISTINCT FROM (OLD.status_code, OLD.completed_at)
        OR (OLD.status_code IS NULL AND OLD.completed_at IS NULL)
      )
    THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log entries cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
