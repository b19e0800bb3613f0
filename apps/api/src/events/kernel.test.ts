import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createOwner } from '../../test/fixtures.ts';
import type { AppDeps } from '../deps.ts';
import { notifications, providerEvents, webhookDeliveries, webhookEndpoints } from '../db/schema/index.ts';
import { newId } from '../lib/ids.ts';
import { createOutboxTransport } from '../modules/email/index.ts';
import { handleProviderEvent, storeProviderEvents } from '../modules/provider-calls/index.ts';
import { crewpayModules } from '../wiring.ts';
import { inUnit, publishDomainEvent, type DomainEvent, type HandlerUnit } from './dispatcher.ts';
import { buildKernel, type ModuleDescriptor } from './kernel.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

/** This test file's process with one more module: the kernel is built per process, from descriptors. */
const withModule = (module: ModuleDescriptor): AppDeps => ({
  ...ctx.deps,
  kernel: buildKernel([...crewpayModules({ email: createOutboxTransport() }), module]),
});

describe('a provider event handler is given a unit of work', () => {
  it('runs what it leaves for after the commit once the outermost transaction committed, and drops what a rolled-back savepoint left', async () => {
    const owner = await createOwner(ctx.app);
    const seen: string[] = [];
    const deps = withModule({
      name: 'probe',
      providerEvents: [
        {
          handles: (type) => type === 'probe.happened',
          async apply(unit: HandlerUnit, event) {
            expect(unit.deps).toBe(deps);
            unit.afterCommit(async () => {
              // Read on another connection: only a committed row is visible there.
              const [row] = await deps.db.select().from(providerEvents).where(eq(providerEvents.id, event.id));
              seen.push(row?.processed_at ? 'after the commit' : 'before the commit');
            });
            await unit
              .savepoint(async (inner) => {
                inner.afterCommit(async () => void seen.push('from a rolled-back savepoint'));
                throw new Error('undo this part');
              })
              .catch(() => undefined);
            await unit.savepoint(async (inner) => inner.afterCommit(async () => void seen.push('from a released savepoint')));
            seen.push('applied');
          },
        },
      ],
    });
    const [id] = await storeProviderEvents(deps, 'sandbox', [
      { id: `evt_probe_${newId()}`, type: 'probe.happened', org_id: owner.org.id, object_id: 'thing_1', data: {} },
    ]);
    expect(await handleProviderEvent(deps, id!)).toBe(true);
    expect(seen).toEqual(['applied', 'after the commit', 'from a released savepoint']);
  });
});

describe('domain events, apart from outgoing webhooks', () => {
  it('reach every subscriber in the unit that published them; outgoing webhooks and notifications are two of them', async () => {
    const owner = await createOwner(ctx.app);
    await ctx.deps.db
      .insert(webhookEndpoints)
      .values({ id: newId(), org_id: owner.org.id, url: 'https://example.test/hook', secret_sealed: 'x' });
    const heard: { event: DomainEvent; inTransaction: boolean }[] = [];
    const deps = withModule({
      name: 'listener',
      domainEvents: [{ name: 'listener', handle: async (unit, event) => void heard.push({ event, inTransaction: unit.tx !== undefined }) }],
    });
    const deliveriesOf = () => ctx.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.org_id, owner.org.id));

    // A domain event no endpoint can subscribe to: the modules hear it, no delivery is made.
    const approved = { org_id: owner.org.id, type: 'deliverable.approved', data: { deliverable_id: newId() } };
    await inUnit(deps, (unit) => publishDomainEvent(unit, approved));
    expect(heard).toEqual([{ event: approved, inTransaction: true }]);
    expect(await deliveriesOf()).toEqual([]);

    // One endpoints may subscribe to: a delivery, a notification in the bell, and the other subscribers.
    const disconnected = { org_id: owner.org.id, type: 'paypal.disconnected', data: {} };
    await inUnit(deps, (unit) => publishDomainEvent(unit, disconnected));
    expect(heard.map(({ event }) => event.type)).toEqual(['deliverable.approved', 'paypal.disconnected']);
    expect((await deliveriesOf()).map((delivery) => delivery.event_type)).toEqual(['paypal.disconnected']);
    const bell = await ctx.deps.db.select().from(notifications).where(eq(notifications.org_id, owner.org.id));
    expect(bell.length).toBeGreaterThan(0);
  });

  it('is rolled back with what published it: no delivery, no notification', async () => {
    const owner = await createOwner(ctx.app);
    await ctx.deps.db
      .insert(webhookEndpoints)
      .values({ id: newId(), org_id: owner.org.id, url: 'https://example.test/hook', secret_sealed: 'x' });
    const failed = inUnit(ctx.deps, async (unit) => {
      await publishDomainEvent(unit, { org_id: owner.org.id, type: 'paypal.disconnected', data: {} });
      throw new Error('the cause failed');
    });
    await expect(failed).rejects.toThrow('the cause failed');
    expect(await ctx.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.org_id, owner.org.id))).toEqual([]);
    expect(await ctx.deps.db.select().from(notifications).where(eq(notifications.org_id, owner.org.id))).toEqual([]);
  });
});
