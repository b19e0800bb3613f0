import { describe, expect, it } from 'vitest';
import { createCreatorBody, creatorName, displayUsPhone, updateCreatorBody } from './creators.ts';
import { inviteUserBody } from './members.ts';
import { bankMessages } from './wallets.ts';
import { maskLastFour, messages } from './validation.ts';

describe('displayUsPhone', () => {
  it('shows a stored phone as (###) ###-####', () => {
    expect(displayUsPhone('+14155550134')).toBe('(415) 555-0134');
  });
  it('shows anything unreadable as stored', () => {
    expect(displayUsPhone('555')).toBe('555');
  });
});

describe('maskLastFour', () => {
  it('shows six dots and the last four', () => {
    expect(maskLastFour('6789')).toBe('••••••6789');
    expect(maskLastFour(null)).toBe('');
  });
});

describe('createCreatorBody', () => {
  it('needs names for an individual and a business name for a business', () => {
    const individual = createCreatorBody.safeParse({ email: 'a@b.co' });
    expect(individual.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['first_name', messages.required],
      ['last_name', messages.required],
    ]);
    const business = createCreatorBody.safeParse({ email: 'a@b.co', entity_type: 'business', first_name: 'A' });
    expect(business.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['business_name']);
  });
  it('treats empty optional fields as not given', () => {
    const parsed = createCreatorBody.parse({
      email: 'A@B.co',
      first_name: 'A',
      last_name: 'B',
      phone_number: '',
      account_number: '',
      routing_number: '',
    });
    expect(parsed).toEqual({ email: 'a@b.co', entity_type: 'individual', first_name: 'A', last_name: 'B' });
  });
});

describe('updateCreatorBody', () => {
  it('accepts a tok_ echo in place of a bank number and refuses other non-digits', () => {
    expect(updateCreatorBody.safeParse({ account_number: 'tok_abc' }).success).toBe(true);
    expect(updateCreatorBody.safeParse({ account_number: '12ab' }).error?.issues[0]?.message).toBe(bankMessages.accountNumber);
  });
});

describe('creatorName', () => {
  it('is the business name for a business and first plus last name otherwise', () => {
    expect(creatorName({ entity_type: 'business', business_name: 'Studio', first_name: 'A', last_name: 'B' })).toBe('Studio');
    expect(creatorName({ entity_type: 'individual', business_name: null, first_name: 'Ann', last_name: 'Lee' })).toBe('Ann Lee');
  });
});

describe('inviteUserBody', () => {
  it('needs a role for a member and names for an agent or manager', () => {
    expect(inviteUserBody.safeParse({ email: 'a@b.co' }).error?.issues[0]?.path).toEqual(['role']);
    expect(inviteUserBody.safeParse({ email: 'a@b.co', is_agent: true }).error?.issues.map((issue) => issue.path[0])).toEqual([
      'first_name',
      'last_name',
    ]);
    expect(inviteUserBody.safeParse({ email: 'a@b.co', role: 'collaborator' }).success).toBe(true);
  });
});
