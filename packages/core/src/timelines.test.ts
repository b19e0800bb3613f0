import { describe, expect, it } from 'vitest';
import { timelineActorText } from './timelines.ts';

describe('timelineActorText', () => {
  it('says who did a step in words, and says so plainly when nobody recorded who', () => {
    const id = '2f1c6a52-8b8e-4d7e-9a57-2c1f0d8b6a11';
    expect(timelineActorText({ kind: 'user', id, name: 'Jane Doe' })).toBe('by Jane Doe');
    expect(timelineActorText({ kind: 'user', id: null, name: null })).toBe('by a team member whose account was removed');
    expect(timelineActorText({ kind: 'payee', id: null, name: 'Lin Link' })).toBe('by Lin Link (payee)');
    expect(timelineActorText({ kind: 'payee', id: null, name: null })).toBe('by the payee');
    expect(timelineActorText({ kind: 'customer', id: null, name: 'Fabrikam' })).toBe('by Fabrikam (customer)');
    expect(timelineActorText({ kind: 'customer', id: null, name: null })).toBe('by the customer');
    expect(timelineActorText({ kind: 'signer', id: null, name: 'Nadia Rowe' })).toBe('by Nadia Rowe');
    expect(timelineActorText({ kind: 'system', id: null, name: null })).toBe('automatically');
    expect(timelineActorText({ kind: 'system', id: null, name: 'the approval rules' })).toBe('by the approval rules');
    expect(timelineActorText({ kind: 'unknown', id: null, name: null })).toBe('· who: not recorded');
  });
});
