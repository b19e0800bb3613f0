-- Hand-written (issue 29): texts the old sms.deliver job left queued become calls of the
-- provider-calls outbox, which sends them from now on. Recorded as tried once already, so the
-- first try looks for the text at the provider before sending it (the old job may have lost an
-- answer). The send operation is registered under 'twilio' and 'sandbox' alike and takes the
-- configured transport, so the name does not choose the channel.
INSERT INTO provider_calls (id, org_id, provider, operation, idempotency_key, subject_id, request, attempts)
SELECT gen_random_uuid(), org_id, 'twilio', 'sms.send', 'sms.send:' || id, id::text, jsonb_build_object('sms_id', id), 1
FROM sms_messages
WHERE status = 'queued' AND org_id IS NOT NULL
ON CONFLICT (idempotency_key) DO NOTHING;
--> statement-breakpoint
UPDATE sms_messages SET status = 'failed', error = 'no_organisation' WHERE status = 'queued' AND org_id IS NULL;
