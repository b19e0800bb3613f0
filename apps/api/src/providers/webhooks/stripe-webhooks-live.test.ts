import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceToPay, liveWorld, stripeAccountsOf } from '../../../test/worlds.ts';
import { charges, providerEvents } from '../../db/schema/index.ts';
import { sweepMissedEvents } from '../../modules/provider-sync/missed-events.ts';
import { registerStripeWebhooks, STRIPE_HANDLED_EVENTS } from './stripe-endpoints.ts';
import { checkStripeCredentials } from './stripe-live-check.ts';

let world: Awaited<ReturnType<typeof liveWorld>>;
let url: string;
beforeAll(async () => {
  world = await liveWorld();
  // The app listens on a port, as deployed: the fake posts its events there over HTTP, as Stripe does.
  url = await world.ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  world.stripe.events.delivery.overHttp = false;
});

const chargeOf = async (invoiceId: string) => (await world.ctx.deps.db.select().from(charges).where(eq(charges.invoice_id, invoiceId)))[0]!;
const eventsOf = async (objectId: string) => world.ctx.deps.db.select().from(providerEvents).where(eq(providerEvents.object_id, objectId));

async function waitFor(what: () => Promise<boolean>, ms: number): Promise<number> {
  const start = Date.now();
  while (!(await what())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - start;
}

describe('Stripe webhooks: every handled event subscribed, each from the right mode and account (SANDBOX=false, on the fake)', () => {
  it('after stripe:webhooks a card payment on the connected account reaches the app by webhook within seconds, not by the sweep', async () => {
    const { invoice, linkId } = await invoiceToPay(world, 5_000);
    const { report } = await registerStripeWebhooks(world.ctx.deps.config.providers.stripe, url);
    expect(report.map((entry) => [entry.connect, entry.action])).toEqual([
      [false, 'created'],
      [true, 'created'],
    ]);
    // The Connect endpoint listens to the payments' events too (direct charges happen on the connected accounts).
    const endpoints = (
      (await fetch(`${world.stripe.url}/_fake/state`).then((answer) => answer.json())) as { events: { webhook_endpoints: unknown } }
    ).events.webhook_endpoints as {
      description: string;
      enabled_events: string[];
    }[];
    expect(endpoints.find((endpoint) => /connected accounts/.test(endpoint.description))!.enabled_events).toEqual(
      expect.arrayContaining([
        'payment_intent.succeeded',
        'charge.refunded',
        'charge.dispute.created',
        'treasury.received_credit.succeeded',
      ]),
    );
    // The operator sets the signing secrets the command printed, as the deployment's settings.
    const { webhookSecret, connectWebhookSecret } = world.ctx.deps.config.providers.stripe;
    world.ctx.deps.config.providers.stripe.webhookSecret = report.find((entry) => !entry.connect)!.secret;
    world.ctx.deps.config.providers.stripe.connectWebhookSecret = report.find((entry) => entry.connect)!.secret;
    expect((await checkStripeCredentials(world.ctx.deps.config.providers.stripe, url)).filter((check) => !check.ok)).toEqual([]);
    world.stripe.takeEvents();
    world.stripe.events.delivery.overHttp = true;

    expect((await world.payByCard(linkId, 'succeed')).statusCode).toBe(200);
    const took = await waitFor(async () => (await chargeOf(invoice.id)).status === 'succeeded', 5_000);
    expect(took).toBeLessThan(5_000);
    const charge = await chargeOf(invoice.id);
    expect((await eventsOf(charge.provider_id!)).map((event) => [event.type, Boolean(event.processed_at)])).toContainEqual([
      'charge.succeeded',
      true,
    ]);
    world.stripe.events.delivery.overHttp = false;
    world.stripe.takeEvents();
    Object.assign(world.ctx.deps.config.providers.stripe, { webhookSecret, connectWebhookSecret });
    // Run again, the command keeps both endpoints as they are.
    const again = await registerStripeWebhooks(world.ctx.deps.config.providers.stripe, url);
    expect(again.report.map((entry) => entry.action)).toEqual(['kept', 'kept']);
  });

  it('adds the missing events to an endpoint that listens to too few, keeping its secret; live:check names what is missing', async () => {
    const settings = world.ctx.deps.config.providers.stripe;
    const other = 'http://127.0.0.1:9/elsewhere';
    const stripe = (await import('../clients/stripe-client.ts')).newStripeClient(settings);
    const old = await stripe.webhookEndpoints.create({
      url: `${other}/v1/webhooks/stripe`,
      connect: true,
      enabled_events: ['account.updated'],
      description: 'Crewpay: connected accounts (onboarding, Treasury)',
      api_version: (await import('./stripe-endpoints.ts')).STRIPE_API_VERSION as never,
    });
    const check = (await checkStripeCredentials(settings, other)).find((entry) => entry.check === 'webhook endpoints')!;
    expect(check.ok).toBe(false);
    expect(check.detail).toContain(`${old.id} does not listen to payment_intent.succeeded`);
    const { report } = await registerStripeWebhooks(settings, other);
    expect(report).toEqual([
      { connect: false, action: 'created', id: expect.any(String), secret: expect.any(String) },
      { connect: true, action: 'updated', id: old.id },
    ]);
    const updated = (await stripe.webhookEndpoints.list({ limit: 100 })).data.find((endpoint) => endpoint.id === old.id)!;
    expect([...updated.enabled_events].sort()).toEqual([...STRIPE_HANDLED_EVENTS].sort());
  });

  it("refuses an event of the other mode, ignores an organisation's event from another account, and the sweep sets the listed account", async () => {
    const first = await invoiceToPay(world, 3_000);
    const second = await invoiceToPay(world, 4_000);
    world.stripe.takeEvents();
    expect((await world.payByCard(first.linkId, 'succeed')).statusCode).toBe(200);
    const [succeeded] = world.stripe.takeEvents().filter((event) => event.type === 'payment_intent.succeeded');
    const charge = await chargeOf(first.invoice.id);

    // livemode true at a test-mode key: another Stripe world's event, refused.
    const live = await world.stripe.deliver(world.ctx.app, { ...succeeded!, id: 'evt_live_copy', livemode: true });
    expect(live.statusCode).toBe(400);
    // The same payment reported by another organisation's account (or by the platform's): not this organisation's.
    const { stripeAccount: otherAccount } = await stripeAccountsOf(world.ctx, second.owner.org.id);
    const elsewhere = await world.stripe.deliver(world.ctx.app, { ...succeeded!, id: 'evt_other_account', account: otherAccount });
    expect(elsewhere.json()).toMatchObject({ stored: 0 });
    const { account: _account, ...platformCopy } = succeeded!;
    expect((await world.stripe.deliver(world.ctx.app, { ...platformCopy, id: 'evt_platform_copy' })).json()).toMatchObject({ stored: 0 });
    expect((await chargeOf(first.invoice.id)).status).toBe('pending');
    expect(await eventsOf(charge.provider_id!)).toEqual([]);

    // The webhook never came; Stripe's list of the account's events may not carry `account`: the sweep sets it.
    world.stripe.events.faults.listOmitsAccount = true;
    await sweepMissedEvents(world.ctx.deps);
    world.stripe.events.faults.listOmitsAccount = false;
    expect((await chargeOf(first.invoice.id)).status).toBe('succeeded');
  });
});
