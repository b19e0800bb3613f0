import { expect, type APIRequestContext } from '@playwright/test';

/** Signs a W-9 through a payee link (its path /bankDetails?id=...), so the page opens on the payout details. */
export async function signW9ThroughLink(request: APIRequestContext, linkPath: string) {
  const linkId = new URLSearchParams(linkPath.split('?')[1]).get('id') ?? '';
  const signed = await request.post(`/v1/expiring_link/tax_forms?id=${encodeURIComponent(linkId)}`, {
    data: {
      form_type: 'w9',
      name: 'Seeded Payee',
      tax_classification: 'individual',
      address: { line_1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
      tin_type: 'ssn',
      tin: '123-45-6789',
      signer_name: 'Seeded Payee',
      certified: true,
    },
  });
  expect(signed.status(), await signed.text()).toBe(200);
}
