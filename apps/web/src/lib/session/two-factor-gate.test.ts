import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { api } from '../api-client.ts';
import { ApiError } from '../api-error.ts';
import { clearEnrolmentRequired, setFreshFactorAsker, useEnrolmentRequired } from './two-factor-gate.ts';

const json = (status: number, body: object) => new Response(JSON.stringify(body), { status });
const staleRefusal = () => json(403, { message: 'Confirm it is you', code: 'forbidden', fresh_factor_required: true });

afterEach(() => {
  setFreshFactorAsker(null);
  clearEnrolmentRequired();
  vi.restoreAllMocks();
});

describe('the API client and a stale second factor', () => {
  it('asks for a code and sends the refused call once more', async () => {
    const fetched = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(staleRefusal())
      .mockResolvedValueOnce(json(200, { key: 'k' }));
    const asker = vi.fn(() => Promise.resolve(true));
    setFreshFactorAsker(asker);
    await expect(api.post('/v1/org_api_token', { scopes: ['read'] })).resolves.toEqual({ key: 'k' });
    expect(asker).toHaveBeenCalledTimes(1);
    expect(fetched).toHaveBeenCalledTimes(2);
    expect(fetched.mock.calls[1]?.[1]).toMatchObject({ method: 'POST', body: JSON.stringify({ scopes: ['read'] }) });
  });

  it('answers the refusal when the person cancels, and never asks twice for one call', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(staleRefusal()));
    setFreshFactorAsker(() => Promise.resolve(false));
    await expect(api.post('/v1/org_api_token')).rejects.toBeInstanceOf(ApiError);

    const asker = vi.fn(() => Promise.resolve(true));
    setFreshFactorAsker(asker);
    await expect(api.post('/v1/org_api_token')).rejects.toBeInstanceOf(ApiError);
    expect(asker).toHaveBeenCalledTimes(1);
  });
});

describe('the API client and an organization requiring two-factor', () => {
  it('closes the gate on a two_factor_enrolment_required refusal', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(json(403, { message: 'Set it up', two_factor_enrolment_required: true }));
    const gate = renderHook(() => useEnrolmentRequired());
    expect(gate.result.current).toBe(false);
    const refused = await api.get('/v1/creators').catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 403, isEnrolmentRequired: true });
    gate.rerender();
    expect(gate.result.current).toBe(true);
  });
});
