import { describe, expect, it } from 'vitest';
import { canActAs, creatorUserUpdateBody } from './portal.ts';

const address = { line_1: '1 Main St', line_2: '', city: 'Austin', state: 'tx', zip: '78701' };
const individual = {
  selected_payment_method: 'stripe',
  account_number: '000123456789',
  routing_number: '110000000',
  entity_type: 'individual',
  tax_id: '123-45-6789',
  first_name: 'Maya',
  last_name: 'Lopez',
  date_of_birth: '1990-04-01',
  address,
};

describe('canActAs', () => {
  it('lets owners and admins act downward or across, never upward, and nobody else at all', () => {
    expect(canActAs('owner', 'admin')).toBe(true);
    expect(canActAs('owner', 'creator')).toBe(true);
    expect(canActAs('admin', 'admin')).toBe(true);
    expect(canActAs('admin', 'collaborator')).toBe(true);
    expect(canActAs('admin', 'customer')).toBe(true);
    expect(canActAs('admin', 'owner')).toBe(false);
    expect(canActAs('collaborator', 'creator')).toBe(false);
    expect(canActAs('creator', 'creator')).toBe(false);
    expect(canActAs('customer', 'customer')).toBe(false);
  });
});

describe('creatorUserUpdateBody', () => {
  it('takes tok_ values for the account, routing number and tax id, and new values by the payee rules', () => {
    const kept = creatorUserUpdateBody.parse({ ...individual, account_number: 'tok_a', routing_number: 'tok_b', tax_id: 'tok_c' });
    expect(kept).toMatchObject({ account_number: 'tok_a', routing_number: 'tok_b', tax_id: 'tok_c' });
    const fresh = creatorUserUpdateBody.parse(individual);
    expect(fresh).toMatchObject({ tax_id: '123456789', address: { state: 'TX', line_2: '' } });
  });

  it('answers the spec messages for a business', () => {
    const result = creatorUserUpdateBody.safeParse({ ...individual, entity_type: 'trust', business_name: '', tax_id: '12' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain('This field is required');
    expect(result.error?.issues.map((issue) => issue.message)).toContain('This field is required and must be 9 digits');
  });
});
