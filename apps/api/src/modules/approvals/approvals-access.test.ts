import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { approvalsOrg, executeNew } from '../../../test/approval-fixtures.ts';
import { policyOf } from '../../../test/policy-fixtures.ts';
import { createMember } from '../../../test/campaign-fixtures.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { injector } from '../../../test/payment-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);

describe('Approvals: who may decide, and what is refused', () => {
  it('refuses API keys (whatever their scopes), team members and another organisation', async () => {
    const { owner, admin, creator } = await approvalsOrg(ctx.app, ctx.deps, { every_payment: true });
    const { drafts } = await executeNew(ctx.app, admin.headers, admin.headers, creator.id, [10_000]);
    const id = drafts[0]!.id;
    const key = await inject('POST', '/v1/org_api_token', owner.headers, { scopes: ['read', 'payments:write'] });
    expect(key.statusCode, key.body).toBe(200);
    const byKey = { authorization: `Bearer ${key.json<{ key: string }>().key}` };
    expect((await inject('POST', `/v1/approvals/${id}/approve`, byKey, { reason: '' })).statusCode).toBe(403);
    expect((await inject('POST', `/v1/approvals/${id}/reject`, byKey, { reason: 'no' })).statusCode).toBe(403);
    expect((await inject('PUT', '/v1/approvals/rules', byKey, { every_payment: false })).statusCode).toBe(403);
    const member = await createMember(ctx.deps, owner.org.id, 'collaborator');
    expect((await inject('POST', `/v1/approvals/${id}/approve`, member.headers, {})).statusCode).toBe(403);
    expect((await inject('GET', '/v1/approvals', member.headers)).statusCode).toBe(403);
    // Settings > Approvals is the owners' to set; admins read it.
    expect((await inject('PUT', '/v1/approvals/rules', admin.headers, { every_payment: false })).statusCode).toBe(403);
    expect((await inject('GET', '/v1/approvals/rules', admin.headers)).json()).toMatchObject({ every_payment: true });
    const stranger = await createOwner(ctx.app);
    const foreign = await inject('POST', `/v1/approvals/${id}/approve`, stranger.headers, {});
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Payment not found');
    expect((await inject('POST', `/v1/approvals/${id}/reject`, stranger.headers, { reason: 'x' })).statusCode).toBe(404);
    expect((await inject('GET', '/v1/approvals', stranger.headers)).json().data).toEqual([]);
    expect((await inject('GET', `/v1/payments/${id}`, owner.headers)).json().status).toBe('awaiting_approval');
  });

  it('answers bad input with the field messages, never a 500', async () => {
    const { owner, admin, second, creator } = await approvalsOrg(ctx.app, ctx.deps, { every_payment: true });
    const { drafts } = await executeNew(ctx.app, admin.headers, admin.headers, creator.id, [10_000]);
    const id = drafts[0]!.id;
    const noReason = await inject('POST', `/v1/approvals/${id}/reject`, second.headers, { reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('Say why you reject this payment');
    expect((await inject('POST', `/v1/approvals/${id}/reject`, second.headers, { reason: 'x'.repeat(501) })).json().message).toContain(
      'The reason must be at most 500 characters',
    );
    expect((await inject('POST', '/v1/approvals/not-a-uuid/approve', second.headers, {})).statusCode).toBe(404);
    const unknown = await inject('POST', '/v1/approvals/00000000-0000-4000-8000-000000000000/approve', second.headers, {});
    expect(unknown.statusCode).toBe(404);
    const badRules = [
      [{ above_amount: -5 }, 'above_amount'],
      [{ above_amount: 10.5 }, 'above_amount'],
      [{ new_payee: true, new_payee_days: 0 }, 'Enter a number of days from 1 to 365'],
      [{ above_amount: 50_000, second_approver_above: 20_000 }, 'The two-approver amount must be above the single-approver amount'],
      [{ every_payment: 'yes' }, 'every_payment'],
    ] as const;
    for (const [body, text] of badRules) {
      const refused = await inject('PUT', '/v1/approvals/rules', owner.headers, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.body).toContain(text);
    }
  });

  it('refuses approving while logged in as someone else', async () => {
    const { actingRefusal } = await import('../../plugins/route-policy.ts');
    const refusal = (method: string, url: string) => actingRefusal(policyOf(ctx.app, method, url), {});
    expect(refusal('POST', '/v1/approvals/:id/approve')).toBe(refusal('PUT', '/v1/payments/initiate'));
    expect(refusal('POST', '/v1/approvals/:id/reject')).not.toBeNull();
  });
});
