import { describe, expect, it } from 'vitest';
import { clientErrorReport, reportPath, reportStack, scrubReportText } from './client-errors.ts';

describe('scrubReportText', () => {
  it('takes out emails, ids, tokens, numbers and query strings, and cuts the text', () => {
    expect(
      scrubReportText(
        'Cannot read "name" of jane.doe+pay@example.co.uk at /v1/creators/0192f0e0-0000-7000-8000-000000000001?search=jane (SSN 123-45-6789, card 4242 4242 4242 4242, link Xk2_p9QmZt7LbV3nR8sWd1)',
      ),
    ).toBe('Cannot read "name" of [email] at /v1/creators/:id (SSN [number], card [number], link [token])');
    expect(scrubReportText('no '.repeat(300))).toHaveLength(500);
    expect(scrubReportText('Failed at step 12 of 3')).toBe('Failed at step 12 of 3');
  });
});

describe('reportPath', () => {
  it('turns a path into its pattern', () => {
    expect(reportPath('/creators/0192f0e0-0000-7000-8000-000000000001/payments?tab=paid#top')).toBe('/creators/:id/payments');
    expect(reportPath('/pay/Xk2_p9QmZt7LbV3nR8sWd1')).toBe('/pay/:id');
    expect(reportPath('/v1/invoices/42')).toBe('/v1/invoices/:id');
    expect(reportPath('/settings/profile')).toBe('/settings/profile');
  });
});

describe('clientErrorReport', () => {
  it('refuses unknown fields and oversized texts', () => {
    const report = { kind: 'render', name: 'TypeError', message: 'x', page: '/home' };
    expect(clientErrorReport.safeParse(report).success).toBe(true);
    expect(clientErrorReport.safeParse({ ...report, email: 'a@b.co' }).success).toBe(false);
    expect(clientErrorReport.safeParse({ ...report, message: 'x'.repeat(501) }).success).toBe(false);
    expect(clientErrorReport.safeParse({ ...report, kind: 'api', call: { method: 'GET', path: '/v1/x', status: 700 } }).success).toBe(
      false,
    );
  });
});

describe('reportStack', () => {
  it('keeps the frames of Chrome and Firefox stacks as locations, dropping the message and hosts', () => {
    expect(
      reportStack(
        'TypeError: no name for jane@example.com\n    at CreatorPage (https://pay.example.com/assets/creator-B2xk9Lq1.js:1:2345)\n    at https://pay.example.com/assets/index.js?v=1:9:8\nrender@https://pay.example.com/assets/index.js:3:4\nsome other text',
      ),
    ).toBe('at CreatorPage (/assets/creator-B2xk9Lq1.js:1:2345)\nat <anonymous> (/assets/index.js:9:8)\nat render (/assets/index.js:3:4)');
  });
});
