import { describe, expect, it } from 'vitest';
import {
  campaignMessages,
  campaignTabOf,
  chartAxisLabel,
  createCampaignBody,
  endsBeforeStart,
  grossRevenue,
  updateCampaignBody,
} from './campaigns.ts';
import { createCustomerBody, customerMessages, isValidCcEmailList, splitCcEmails, updateCustomerBody } from './customers.ts';
import { createDeliverableBody, isSavableDeliverableRow } from './deliverables.ts';
import { messages } from './validation.ts';

const customer_id = '0192f0e0-0000-7000-8000-000000000001';
const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('customers', () => {
  it('splits comma separated cc emails and checks each', () => {
    expect(splitCcEmails(' a@b.co,, c@d.co ')).toEqual(['a@b.co', 'c@d.co']);
    expect(isValidCcEmailList('')).toBe(true);
    expect(isValidCcEmailList('a@b.co, nope')).toBe(false);
  });

  it("answers Add customer's messages", () => {
    expect(issues(createCustomerBody.safeParse({ name: '', email: 'x', cc_emails: 'bad' }))).toEqual([
      ['name', messages.required],
      ['email', 'This field is required and must be an email'],
      ['cc_emails', customerMessages.ccEmails],
    ]);
    expect(createCustomerBody.parse({ name: 'A', email: 'A@B.co', attn: '' })).toMatchObject({
      email: 'a@b.co',
      attn: null,
      cc_emails: [],
    });
  });

  it('lets the details card clear the email but not the name', () => {
    expect(updateCustomerBody.parse({ email: '' })).toEqual({ email: null });
    expect(issues(updateCustomerBody.safeParse({ name: ' ' }))).toEqual([['name', messages.required]]);
  });
});

describe('campaigns', () => {
  it('needs name and customer, and an end date not before the start', () => {
    expect(issues(createCampaignBody.safeParse({}))).toEqual([
      ['title', messages.required],
      ['customer_id', messages.required],
    ]);
    expect(
      issues(createCampaignBody.safeParse({ title: 'T', customer_id, campaign_start_date: '2026-05-02', campaign_end_date: '2026-05-01' })),
    ).toEqual([['campaign_end_date', campaignMessages.endBeforeStart]]);
    expect(
      createCampaignBody.safeParse({ title: 'T', customer_id, campaign_start_date: '2026-05-01', campaign_end_date: '2026-05-01' }).success,
    ).toBe(true);
    expect(endsBeforeStart('2026-05-01', null)).toBe(false);
    expect(issues(updateCampaignBody.safeParse({ campaign_status: 'done' }))[0]?.[0]).toBe('campaign_status');
  });

  it('computes gross revenue as budget minus total payments', () => {
    expect(grossRevenue(100_000, 35_000)).toBe(65_000);
    expect(grossRevenue(null, 5_000)).toBe(-5_000);
  });

  it("labels the chart's $ axis with k from 10,000", () => {
    expect(chartAxisLabel(9_999)).toBe('$9999');
    expect(chartAxisLabel(10_000)).toBe('$10k');
    expect(chartAxisLabel(12_500)).toBe('$12.5k');
    expect(chartAxisLabel(-25_000)).toBe('-$25k');
  });

  it('falls back to the overview for an unknown tab', () => {
    expect(campaignTabOf('deliverables')).toBe('deliverables');
    expect(campaignTabOf('nope')).toBe('overview');
    expect(campaignTabOf(null)).toBe('overview');
  });
});

describe('deliverables', () => {
  it('are saved only with quantity and description', () => {
    expect(isSavableDeliverableRow({ quantity: 2, description: 'Reel' })).toBe(true);
    expect(isSavableDeliverableRow({ quantity: '', description: 'Reel' })).toBe(false);
    expect(isSavableDeliverableRow({ quantity: 2, description: ' ' })).toBe(false);
    const parsed = createDeliverableBody.safeParse({ campaign_id: customer_id, creator_id: customer_id, description: '', quantity: '' });
    expect(issues(parsed)).toEqual([
      ['description', messages.required],
      ['quantity', messages.required],
    ]);
  });
});
