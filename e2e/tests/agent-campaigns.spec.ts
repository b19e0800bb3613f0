import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { screenshot } from './support/screenshots.ts';

async function post(request: APIRequestContext, token: string, url: string, data: unknown) {
  const response = await request.post(url, { headers: { 'auth-token': token }, data });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { id: string };
}

test("[people] an agent's Campaigns tab lists the campaigns where they are the agent, and opens one", async ({ page, request }) => {
  const owner = await createOwner(request, 'agency', 'Talent House');
  const agent = await post(request, owner.token, '/v1/users', {
    email: uniqueEmail('agent'),
    is_agent: true,
    first_name: 'Ada',
    last_name: 'Agent',
  });
  const customer = await post(request, owner.token, '/v1/customers', { name: 'Brightside Brands', email: uniqueEmail('brand') });
  await post(request, owner.token, '/v1/campaigns', {
    title: 'Summer drop',
    customer_id: customer.id,
    agent_id: agent.id,
    deal_size: 500_000,
  });
  await post(request, owner.token, '/v1/campaigns', { title: 'Not theirs', customer_id: customer.id });

  await openSignedIn(page, owner.token, `/agentsManagers/${agent.id}?tab=campaigns`);
  await expect(page.getByRole('heading', { name: 'Ada Agent' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Campaigns' })).toHaveAttribute('aria-selected', 'true');
  const table = page.getByRole('grid', { name: 'Campaigns' });
  const row = table.getByRole('row', { name: /Summer drop/ });
  await expect(row).toContainText('Brightside Brands');
  await expect(row).toContainText('$5,000.00');
  await expect(table.getByText('Not theirs')).toHaveCount(0);
  await screenshot(page, { path: path.resolve(test.info().project.testDir, '../screenshots', 'agent-campaigns-tab.png') });
  await row.getByRole('link', { name: 'Summer drop' }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]+$/);
});
