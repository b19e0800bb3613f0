import type { ApprovalRules, ApprovalRulesBody } from '@crewpay/core';
import type { Tx } from '../../db/client.ts';
import { approvalRules } from '../../db/schema/index.ts';
import { readApprovalRules } from '../payments/index.ts';

/** The organisation's approval rules as saved from /v1/approvals/rules, read back as execution reads them (payments/approval-rules.ts). */
export async function saveApprovalRules(tx: Tx, orgId: string, userId: string, body: ApprovalRulesBody): Promise<ApprovalRules> {
  const values = { ...body, updated_by_user_id: userId, updated_at: new Date() };
  await tx
    .insert(approvalRules)
    .values({ org_id: orgId, ...values })
    .onConflictDoUpdate({ target: approvalRules.org_id, set: values });
  return readApprovalRules(tx, orgId);
}
