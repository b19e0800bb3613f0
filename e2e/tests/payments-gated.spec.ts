import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { toast } from './support/ui.ts';
import { activateViaApi, advanceClock } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shotPath = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`);
const DAY = 86_400;

async function post<T>(request: APIRequestContext, url: string, headers: Record<string, string>, data: unknown): Promise<T> {
  const response = await request.post(url, { headers, data });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** A funded owner, a campaign and two drafts to one creator in it, the first waiting for the creator's signed contract. */
async function seedGated(request: APIRequestContext) {
  const owner = await createOwner(request, 'gated');
  const headers = { 'auth-token': owner.token };
  await activateViaApi(request, owner.token);
  await post(request, '/v1/treasury/load', headers, { amount: 100_000 });
  const creator = await post<{ id: string }>(request, '/v1/creators', headers, {
    email: uniqueEmail('gated-creator'),
    first_name: 'Gia',
    last_name: 'Gate',
    account_number: '000123456789',
    routing_number: '110000000',
  });
  const customer = await post<{ id: string }>(request, '/v1/customers', headers, { name: 'Acme Brand', email: uniqueEmail('gated-brand') });
  const campaign = await post<{ id: string }>(request, '/v1/campaigns', headers, { title: 'Gated launch', customer_id: customer.id });
  const row = (earnings: number, memo: string) => ({
    recipient: creator.id,
    recipient_role: 'creator',
    earnings,
    split: 100,
    memo,
    payment_group_id: campaign.id,
  });
  const drafts = await post<{ data: { id: string }[] }>(request, '/v1/payments', headers, [row(20_000, 'Launch'), row(5_000, 'Bonus')]);
  const gate = await request.put(`/v1/payments/${drafts.data[0]!.id}/gate`, {
    headers,
    data: { requires_contract: true, deliverable_id: null },
  });
  expect(gate.status(), await gate.text()).toBe(200);
  await post(request, '/v1/deliverables', headers, {
    campaign_id: campaign.id,
    creator_id: creator.id,
    description: 'Launch reel',
    quantity: 1,
  });
  return { owner, headers, campaign, creator, ids: drafts.data.map((draft) => draft.id) };
}

test('[payments] the Execute dialog names the payment waiting for its contract, and executes the selection on a date', async ({
  page,
  request,
}) => {
  // A journey: scheduling, the clock moved to the date, deliverables and a new payment.
  test.slow();
  const { owner, headers, campaign, creator, ids } = await seedGated(request);
  // The sandbox clock may have been moved by an earlier spec of this worker: dates are its dates.
  const clock = (await (await request.get('/dev/clock')).json()) as { now: string };
  const sandboxDay = (days: number) => new Date(Date.parse(clock.now) + days * DAY * 1000).toISOString().slice(0, 10);
  const executeOn = sandboxDay(1);

  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, owner.token, `/campaigns/${campaign.id}?tab=payments`);
  const payments = page.getByRole('grid', { name: 'Payments' });
  await expect(payments.getByRole('row')).toHaveCount(3);
  await payments.getByRole('checkbox', { name: 'Select all rows' }).check();
  await page.getByRole('button', { name: 'Execute Payments' }).click();
  const dialog = page.getByRole('dialog', { name: 'Execute payments' });
  await expect(dialog.getByLabel('Execution summary')).toContainText('Execute 1 payment');
  await expect(dialog.getByRole('list', { name: 'What happens' })).toContainText('1 payment will wait for the contract to be signed.');
  await screenshot(page, { path: shotPath('payments-gated-execute-dialog') });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, { path: shotPath('payments-gated-execute-dialog-390') });
  await page.setViewportSize({ width: 1440, height: 900 });

  await dialog.getByRole('radio', { name: 'Execute on a date' }).check();
  await expect(dialog.getByRole('button', { name: 'Schedule' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Execute on' }).fill(executeOn);
  await screenshot(page, { path: shotPath('payments-gated-execute-on') });
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(toast(page, 'Payment scheduled')).toBeVisible();
  await expect(dialog).toBeHidden();
  for (const id of ids) {
    const schedules = (await (await request.get(`/v1/payment_schedules?payment_id=${id}`, { headers })).json()) as {
      data: { starts_on: string; frequency: string; status: string }[];
    };
    expect(schedules.data).toMatchObject([{ starts_on: executeOn, frequency: 'once', status: 'active' }]);
    const payment = (await (await request.get(`/v1/payments/${id}`, { headers })).json()) as { status: string };
    expect(payment.status).toBe('draft');
  }

  // The bonus moves to a later date (cancelled and scheduled again), so it is still upcoming below.
  const [bonusSchedule] = (
    (await (await request.get(`/v1/payment_schedules?payment_id=${ids[1]}`, { headers })).json()) as { data: { id: string }[] }
  ).data;
  expect((await request.delete(`/v1/payment_schedules/${bonusSchedule!.id}`, { headers })).status()).toBe(200);
  await post(request, '/v1/payment_schedules', headers, { ids: [ids[1]], execute_on: sandboxDay(30), frequency: 'once' });

  // Its date come, the run finds the first payment waiting for the contract: the payment and Home say so.
  const waits = 'Waits for the contract to be signed · Executes as soon as it no longer waits';
  await advanceClock(request, DAY + 60);
  await page.goto(`/payments/${ids[0]}`);
  await expect(page.getByRole('region', { name: 'Schedule' })).toContainText(waits);
  await page.goto('/');
  const upcoming = page.getByRole('region', { name: 'Upcoming payments' });
  await expect(upcoming.getByRole('listitem').filter({ hasText: 'Gia Gate · $200.00' })).toContainText(waits);
  await expect(upcoming.getByRole('listitem').filter({ hasText: 'Gia Gate · $50.00' })).toContainText('Once · next on');
  await upcoming.scrollIntoViewIfNeeded();
  await screenshot(page, { path: shotPath('home-upcoming-gated') });
  await page.setViewportSize({ width: 390, height: 844 });
  await upcoming.scrollIntoViewIfNeeded();
  await screenshot(page, { path: shotPath('home-upcoming-gated-390') });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The campaign's deliverables: an owner approves one; the row says who and when.
  await page.goto(`/campaigns/${campaign.id}?tab=deliverables`);
  const deliverables = page.getByRole('grid', { name: 'Deliverables' });
  await expect(deliverables.getByRole('row', { name: /Launch reel/ })).toContainText('Submitted');
  await deliverables.getByRole('button', { name: 'Approve Launch reel' }).click();
  await expect(deliverables.getByRole('row', { name: /Launch reel/ })).toContainText('Approved by');
  await screenshot(page, { path: shotPath('campaign-deliverable-approved') });

  // New Payment in the campaign: the payment made waits for the contract, and Execute now names it waiting.
  await page.goto(`/payments/newPayment?payment_group_id=${campaign.id}&recipient_id=${creator.id}`);
  await expect(page.getByTestId('payment-row').getByRole('combobox', { name: 'Recipient' })).toHaveValue('Gia Gate');
  await page.getByLabel('Earnings').fill('150');
  await page.getByLabel('Memo').fill('Wrap-up');
  await page.getByRole('region', { name: 'Waits for' }).getByRole('checkbox', { name: 'The contract to be signed' }).check();
  await screenshot(page, { path: shotPath('payments-gated-new-payment') });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, { path: shotPath('payments-gated-new-payment-390'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: '1 payment created' }).getByRole('button', { name: 'Execute now' }).click();
  const confirm = page.getByRole('dialog', { name: 'Execute payments' });
  await expect(confirm.getByLabel('Execution summary')).toContainText('No payment is sent now.');
  await expect(confirm.getByRole('list', { name: 'What happens' })).toContainText('1 payment will wait for the contract to be signed.');
  await screenshot(page, { path: shotPath('payments-gated-new-payment-execute') });
  await confirm.getByRole('button', { name: 'Execute' }).click();
  await expect(confirm).toBeHidden();
  // The form's choice is in the audit log, after the one the seed made; executed, the payment waits to go out once signed.
  const audit = await request.get('/v1/audit_log?action=payments.gate_change', { headers });
  const entries = ((await audit.json()) as { entries: { target_id: string; details: object }[] }).entries;
  expect(entries).toMatchObject([
    { details: { requires_contract: true, deliverable_id: null } },
    { target_id: ids[0], details: { requires_contract: true, deliverable_id: null } },
  ]);
  const gate = await request.get(`/v1/payments/${entries[0]!.target_id}/gate`, { headers });
  expect(await gate.json()).toMatchObject({ requires_contract: true, execute_on_release: true });
});
