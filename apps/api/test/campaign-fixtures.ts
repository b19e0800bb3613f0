import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../src/deps.ts';
import { users } from '../src/db/schema/index.ts';
import { newId } from '../src/lib/ids.ts';
import { startSession } from '../src/modules/auth/sessions.ts';
import { authHeaders, uniqueEmail } from './fixtures.ts';

type Headers = Record<string, string>;

/** Adds a customer through the API and answers it. */
export async function addCustomer(app: FastifyInstance, headers: Headers, payload: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/customers',
    headers,
    payload: { name: 'Acme Brand', email: uniqueEmail('brand'), ...payload },
  });
  if (response.statusCode !== 200) throw new Error(`addCustomer failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string; name: string; email: string };
}

/** Adds a campaign (and a customer for it unless customer_id is given) through the API and answers it. */
export async function addCampaign(app: FastifyInstance, headers: Headers, payload: Record<string, unknown> = {}) {
  const customerId = (payload.customer_id as string | undefined) ?? (await addCustomer(app, headers)).id;
  const response = await app.inject({
    method: 'POST',
    url: '/v1/campaigns',
    headers,
    payload: { title: 'Spring launch', customer_id: customerId, ...payload },
  });
  if (response.statusCode !== 200) throw new Error(`addCampaign failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string; title: string; customer_id: string; deal_size: number | null; campaign_status: string };
}

/** A signed-in member of the organisation with the given role; external users (creators) stand outside its staff. */
export async function createMember(deps: AppDeps, orgId: string, role: 'admin' | 'collaborator' | 'creator') {
  const [user] = await deps.db
    .insert(users)
    .values({ id: newId(), email: uniqueEmail(role), org_id: orgId, role, is_external: role === 'creator' })
    .returning();
  const session = await startSession(deps.db, user!, 1);
  return { user: user!, headers: authHeaders(session.auth_token) };
}
