-- Before the outbox, the sandbox providers wrote their scheduled outcomes straight into
-- provider_events. Those not applied yet are the sandbox's own schedule: they move to
-- sandbox_events, from where they are delivered, signed, through the webhook receiver when due.
INSERT INTO sandbox_events (id, provider, org_id, type, object_id, data, due_at, created_at)
SELECT id, 'sandbox', org_id, type, object_id, data, due_at, created_at
FROM provider_events
WHERE processed_at IS NULL
ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
DELETE FROM provider_events WHERE processed_at IS NULL;
