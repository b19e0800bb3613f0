import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import type { AppDeps } from '../../deps.ts';
import { sandboxEvents } from '../../db/schema/index.ts';
import { buildKernel } from '../../events/kernel.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { SANDBOX_PROVIDER, scheduleSandboxEvent } from '../../providers/sandbox-events.ts';
import { crewpayModules } from '../../wiring.ts';
import { createOutboxTransport } from '../email/index.ts';
import { recordProviderCall, runDueProviderCalls } from './index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

describe('the outbox runner owns the sandbox re-entry', () => {
  it('delivers what a sandbox call answered at once through the webhook receiver after the call, and nothing else that is due', async () => {
    const owner = await createOwner(ctx.app);
    const applied: string[] = [];
    // A sandbox provider that answers within the call (as the card and the refund do): it only schedules its webhook.
    const deps: AppDeps = {
      ...ctx.deps,
      kernel: buildKernel([
        ...crewpayModules({ email: createOutboxTransport() }),
        {
          name: 'probe',
          operations: [
            {
              provider: SANDBOX_PROVIDER,
              operation: 'probe.answer',
              call: async (callDeps, _request, call) => {
                await callDeps.db.transaction(async (tx) =>
                  scheduleSandboxEvent(tx, {
                    org_id: call.org_id,
                    type: 'probe.answered',
                    object_id: 'answer',
                    due_at: await sandboxNow(tx),
                  }),
                );
                // Not delivered from inside the provider: nothing of the answer is applied yet.
                expect(applied).toEqual([]);
                return null;
              },
            },
          ],
          providerEvents: [
            { handles: (type) => type === 'probe.answered', apply: async (_unit, event) => void applied.push(event.object_id) },
          ],
        },
      ]),
    };
    // Due already, but scheduled before the call: the clock or the events job delivers it, not this call.
    const earlier = await deps.db.transaction(async (tx) =>
      scheduleSandboxEvent(tx, { org_id: owner.org.id, type: 'probe.answered', object_id: 'earlier', due_at: await sandboxNow(tx) }),
    );
    const callId = await deps.db.transaction((tx) =>
      recordProviderCall(tx, {
        org_id: owner.org.id,
        provider: SANDBOX_PROVIDER,
        operation: 'probe.answer',
        idempotency_key: `probe:${owner.org.id}`,
        request: {},
      }),
    );
    expect(await runDueProviderCalls(deps, { ids: [callId] })).toBe(1);
    expect(applied).toEqual(['answer']);
    const [left] = await deps.db.select().from(sandboxEvents).where(eq(sandboxEvents.id, earlier));
    expect(left?.delivered_at).toBeNull();
  });
});
