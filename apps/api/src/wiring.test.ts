import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createOwner } from '../test/fixtures.ts';
import { providerCalls, providerEvents } from './db/schema/index.ts';
import { createInlineJobs } from './jobs/jobs.ts';
import { createOutboxTransport } from './modules/email/index.ts';
import { reconcileLedger } from './modules/ledger/index.ts';
import { recordProviderCall, retryWaitingProviderEvents, runDueProviderCalls } from './modules/provider-calls/index.ts';
import { SANDBOX_PROVIDER, sandboxEventId, signSandboxWebhook } from './providers/sandbox-events.ts';
import { buildKernel, kernelProblems, providerOperationFor, type ModuleDescriptor } from './events/kernel.ts';
import { paymentsModule } from './modules/payments/index.ts';
import { paymentSchedulesModule } from './modules/payment-schedules/index.ts';
import { crewpayKernel, crewpayModules, wireCrewpay, wiringProblems } from './wiring.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterEach(() => vi.restoreAllMocks());

describe('the composition root (src/wiring.ts)', () => {
  const transports = { email: createOutboxTransport() };
  /** The process's modules with one of them changed as `change` says. */
  const modulesWith = (name: string, change: (module: ModuleDescriptor) => ModuleDescriptor) =>
    crewpayModules(transports).map((module) => (module.name === name ? change(module) : module));
  const startWith = (modules: ModuleDescriptor[]) => {
    const jobs = createInlineJobs();
    const register = vi.spyOn(jobs, 'register');
    return { started: wireCrewpay({ ...ctx.deps, jobs, kernel: buildKernel(modules) }), register };
  };

  it("wires a whole process from the modules' descriptors: every provider event type has its handler, every queue its worker", async () => {
    expect(wiringProblems(crewpayKernel(transports))).toEqual([]);
    const { started, register } = startWith(crewpayModules(transports));
    await expect(started).resolves.toBeUndefined();
    const declared = crewpayModules(transports).flatMap((module) => module.queues ?? []);
    expect(declared).toContain('provider-calls');
    for (const queue of declared) expect(register).toHaveBeenCalledWith(queue, expect.any(Function));
  });

  it('does not start when a provider event type the providers send has no handler', async () => {
    const { started, register } = startWith(modulesWith('payments', (payments) => ({ ...payments, providerEvents: [] })));
    await expect(started).rejects.toThrow(/no handler for the provider event payout\.paid/);
    // Stopped before any worker ran.
    expect(register).not.toHaveBeenCalled();
  });

  it('does not start when a queue a module puts work on has no worker', async () => {
    const { started } = startWith(
      modulesWith('provider-calls', (module) => ({ ...module, jobs: module.jobs?.filter((job) => job.queue !== 'provider-calls') })),
    );
    await expect(started).rejects.toThrow('no worker for the job provider-calls (declared by provider-calls)');
  });

  it('names an operation, a verifier or a worker two modules declare, and a type no module applies', () => {
    const kernel = buildKernel([
      ...crewpayModules(transports),
      { ...paymentsModule, name: 'payments-again', queues: [] },
      { ...paymentSchedulesModule, name: 'payment-schedules-again', queues: [] },
    ]);
    const problems = kernelProblems(kernel, { providerEventTypes: ['payout.paid', 'payout.teleported'] });
    expect(problems).toContain('no handler for the provider event payout.teleported');
    expect(problems).toContain('two modules declare the provider operation sandbox/payouts.create');
    expect(problems).toContain('two workers for the job payments.run_schedules');
    expect(problems).not.toContain('no handler for the provider event payout.paid');
  });

  it('keeps each process its own kernel: a kernel built without a module changes nothing in this app', async () => {
    const other = buildKernel(
      modulesWith('payments', (payments) => ({ ...payments, operations: [] })).filter((m) => m.name !== 'payments'),
    );
    expect(providerOperationFor(other, SANDBOX_PROVIDER, 'payouts.create')).toBeUndefined();
    expect(providerOperationFor(ctx.deps.kernel, SANDBOX_PROVIDER, 'payouts.create')).toBeDefined();
  });
});

describe('work the wiring does not know stays visible', () => {
  it('fails a call no operation makes at once, logs it as an error and reconcile lists it', async () => {
    const owner = await createOwner(ctx.app);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const callId = await ctx.deps.db.transaction((tx) =>
      recordProviderCall(tx, {
        org_id: owner.org.id,
        provider: SANDBOX_PROVIDER,
        operation: 'payouts.teleport',
        idempotency_key: `teleport:${owner.org.id}`,
        request: {},
      }),
    );
    expect(await runDueProviderCalls(ctx.deps, { ids: [callId] })).toBe(1);
    const [call] = await ctx.deps.db.select().from(providerCalls).where(eq(providerCalls.id, callId));
    expect(call).toMatchObject({ status: 'failed', last_error: 'unknown_operation', attempts: 1, claimed_until: null });
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/no operation is registered/), SANDBOX_PROVIDER, 'payouts.teleport', callId);
    // Not tried again: a later sweep finds nothing due.
    expect(await runDueProviderCalls(ctx.deps, { ids: [callId], now: new Date(Date.now() + 86_400_000) })).toBe(0);
    const report = await reconcileLedger(ctx.deps);
    expect(report.problems).toContainEqual({
      kind: 'unknown_provider_operation',
      call_id: callId,
      provider: SANDBOX_PROVIDER,
      operation: 'payouts.teleport',
    });
  });

  it('keeps an event no handler applies unprocessed, logs it as an error, does not retry it, and reconcile lists it', async () => {
    const owner = await createOwner(ctx.app);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const event = { id: sandboxEventId(), type: 'payout.teleported', org_id: owner.org.id, object_id: 'po_1', data: {} };
    const body = JSON.stringify({ events: [event] });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v1/webhooks/sandbox',
      headers: { 'content-type': 'application/json', ...signSandboxWebhook(ctx.deps.secrets, body) },
      payload: body,
    });
    // The event is ours now, stored once: the provider is answered a success, as for any event.
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ received: 1, stored: 1, applied: 0 });
    const [stored] = await ctx.deps.db.select().from(providerEvents).where(eq(providerEvents.id, event.id));
    expect(stored).toMatchObject({ processed_at: null, last_error: 'no_handler', attempts: 0 });
    expect(logged).toHaveBeenCalledWith(
      expect.stringMatching(/no handler applies an event/),
      SANDBOX_PROVIDER,
      'payout.teleported',
      event.id,
    );
    expect(await retryWaitingProviderEvents(ctx.deps, { now: new Date(Date.now() + 86_400_000) })).toBe(0);
    expect(await retryWaitingProviderEvents(ctx.deps, { object_ids: ['po_1'] })).toBe(0);
    const report = await reconcileLedger(ctx.deps);
    expect(report.problems).toContainEqual({
      kind: 'unhandled_provider_event',
      event_id: event.id,
      provider: SANDBOX_PROVIDER,
      type: 'payout.teleported',
    });
  });
});
