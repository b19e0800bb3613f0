import { useQueries, useQuery } from '@tanstack/react-query';
import {
  agentManagerRecipientProfile,
  campaignSplitKey,
  computePayments,
  creatorRecipientProfile,
  defaultFeeSchedules,
  defaultPaymentLimits,
  type ComputedPayments,
  type CreatorRecord,
  type FeeScheduleRecord,
  type PartySplits,
  type PaymentRowInput,
  type RecipientProfile,
} from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { useCurrentOrg } from '../../../lib/session/current-org.ts';
import { campaignSplitsQuery, creatorKeys, getCreator, useAgentsManagers } from '../../creators/index.ts';

/**
 * The payment forms' figures (new payment page, campaign wizard), from the same packages/core math the server runs. The server
 * recomputes on save (and knows what each W-2 recipient was already paid this year).
 */
export function usePaymentMath(rows: PaymentRowInput[]): ComputedPayments & { creators: Map<string, CreatorRecord> } {
  const { data: org } = useCurrentOrg();
  const { data: people = [] } = useAgentsManagers();
  const { data: fees } = useQuery({
    queryKey: ['fee_schedules'],
    queryFn: () => api.get<FeeScheduleRecord[]>('/v1/fee_schedules'),
    meta: { errorMessage: 'There was an error getting the org fees.' },
  });
  const creatorIds = [...new Set(rows.filter((row) => row.recipient_role === 'creator' && row.recipient).map((row) => row.recipient!))];
  const creators = useQueries({ queries: creatorIds.map((id) => ({ queryKey: creatorKeys.one(id), queryFn: () => getCreator(id) })) });
  const creatorMap = new Map(creators.flatMap((query) => (query.data ? [[query.data.id, query.data] as const] : [])));
  // A creator's campaign splits matter only to rows that name a campaign.
  const linkedIds = [
    ...new Set(
      rows.filter((row) => row.recipient_role === 'creator' && row.recipient && row.payment_group_id).map((row) => row.recipient!),
    ),
  ];
  const splitLists = useQueries({ queries: linkedIds.map((id) => campaignSplitsQuery(id)) });
  const campaignSplits = new Map<string, PartySplits>(
    splitLists.flatMap((query) =>
      (query.data?.data ?? []).map((split) => [campaignSplitKey(split.creator_id, split.payment_group_id), split] as const),
    ),
  );
  const recipients = new Map<string, RecipientProfile>();
  for (const creator of creatorMap.values()) recipients.set(creator.id, creatorRecipientProfile(creator));
  for (const person of people) {
    const asked = rows.find((row) => row.recipient === person.id)?.recipient_role;
    const role = asked === 'manager' || asked === 'agent' ? asked : person.is_agent ? 'agent' : 'manager';
    recipients.set(person.id, agentManagerRecipientProfile(person.id, role));
  }
  const outbound = fees?.find((fee) => fee.type === 'outbound_payment');
  const result = computePayments(rows, {
    recipients,
    campaign_splits: campaignSplits,
    agent_split_source: org?.agent_split_source ?? 'creator',
    manager_split_source: org?.manager_split_source ?? 'creator',
    fee_rule: outbound
      ? { flat_rate: outbound.flat_rate, percentage: outbound.percentage, cap: outbound.cap }
      : defaultFeeSchedules.outbound_payment,
    limits: defaultPaymentLimits,
    paid_before: new Map(),
  });
  return { ...result, creators: creatorMap };
}
