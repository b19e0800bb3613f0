import { expect, type APIRequestContext } from '@playwright/test';
import { advanceClock } from './wallet.ts';

/**
 * Makes the organisation delinquent as the product does: on the Premium plan with a wallet that
 * cannot pay its first monthly charge, the sandbox clock moves to the 1st of next month, and the
 * billing that came due (run by the clock's move, as the minute's job would) finds the charge unpaid.
 */
export async function becomeDelinquent(request: APIRequestContext, token: string): Promise<void> {
  const headers = { 'auth-token': token };
  const upgraded = await request.put('/v1/org/plan', { data: { plan: 'standard' }, headers });
  expect(upgraded.status(), await upgraded.text()).toBe(200);
  const clock = (await (await request.get('/dev/clock')).json()) as { now: string };
  const now = new Date(clock.now);
  const firstOfNextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  await advanceClock(request, Math.ceil((firstOfNextMonth - now.getTime()) / 1000) + 60);
  // Moving the clock runs the billing that came due (clock work), so the first read sees it.
  const org = (await (await request.get('/v1/org', { headers })).json()) as { billing_status: string };
  expect(org.billing_status).toBe('delinquent');
}
