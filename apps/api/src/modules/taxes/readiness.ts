import type { PaidUsersPage } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { activeTaxForms, loadTaxRecipients } from './recipients.ts';

/**
 * The Paid Users page with each payee's readiness for the year's forms: which signed tax form is
 * in force, whether a TIN is known (entered, or from the W-9) and whether the address is complete.
 * Read for the page's rows only.
 */
export async function withReadiness(db: DbOrTx, orgId: string, page: PaidUsersPage): Promise<PaidUsersPage> {
  const ids = page.data.map((row) => row.id);
  const [recipients, forms] = await Promise.all([loadTaxRecipients(db, orgId, ids), activeTaxForms(db, ids)]);
  const byId = new Map(recipients.map((recipient) => [recipient.id, recipient]));
  return {
    ...page,
    data: page.data.map((row) => {
      const recipient = byId.get(row.id);
      return {
        ...row,
        readiness: {
          tax_form: forms.get(row.id)?.form_type ?? null,
          has_tin: Boolean(recipient?.tin_sealed),
          has_address: Boolean(recipient?.address_lines),
        },
      };
    }),
  };
}
