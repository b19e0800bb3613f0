-- The job 'banking.process_due_events' is gone (the sandbox's due events are delivered as webhooks
-- by the 'provider-events' job): its every-minute pg-boss schedule would queue jobs no worker
-- takes. pg-boss creates its schema at its own start, after migrations, so on a new database
-- there is nothing to remove.
DO $$
BEGIN
  IF to_regclass('pgboss.schedule') IS NOT NULL THEN
    DELETE FROM pgboss.schedule WHERE name = 'banking.process_due_events';
  END IF;
END $$;
