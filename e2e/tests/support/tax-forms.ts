import { expect, type APIRequestContext } from '@playwright/test';
import { PASSWORD, readResetLink } from './api.ts';

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

/** The creator chooses a password from their invitation and, signed in to the portal, consents to tax forms by email. */
export async function consentToEmailedTaxForms(request: APIRequestContext, creator: { id: string; email: string }) {
  const linkId = (await readResetLink(request, creator.email)).split('/resetPassword/')[1]!;
  const session = await request.post(`/v1/expiring_link?id=${linkId}`, { data: { password: PASSWORD } });
  expect(session.status(), await session.text()).toBe(200);
  const { auth_token } = (await session.json()) as { auth_token: string };
  const consented = await request.post(`/v1/portal/tax_delivery_consent/${creator.id}`, {
    headers: { 'auth-token': auth_token },
    data: { consented: true },
  });
  expect(consented.status(), await consented.text()).toBe(200);
}
