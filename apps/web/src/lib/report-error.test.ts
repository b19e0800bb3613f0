import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client.ts';
import { reportRenderError, resetErrorReports } from './report-error.ts';

type Sent = Record<string, unknown>;
/** jsdom's Blob has no text(): FileReader reads it. */
const blobText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
let beacons: Promise<Sent>[];

beforeEach(() => {
  resetErrorReports();
  beacons = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: vi.fn((url: string, body: Blob) => {
      expect(url).toBe('/v1/client_errors');
      expect(body.type).toBe('application/json');
      beacons.push(blobText(body).then((text) => JSON.parse(text) as Sent));
      return true;
    }),
  });
  window.history.replaceState(null, '', '/creators/0192f0e0-0000-7000-8000-000000000001?search=jane@example.com');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const answer = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('browser error reports', () => {
  it('reports server errors and calls that got no answer, not refusals, without query strings', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    fetchMock.mockResolvedValueOnce(answer(500, { message: 'Something went wrong on our side, please try again' }));
    await expect(api.get('/v1/creators/0192f0e0-0000-7000-8000-000000000001', { query: { search: 'jane' } })).rejects.toThrow();
    fetchMock.mockResolvedValueOnce(answer(404, { message: 'Not found' }));
    await expect(api.get('/v1/creators/x')).rejects.toThrow();
    fetchMock.mockResolvedValueOnce(answer(400, { message: 'Invalid email', field: 'email' }));
    await expect(api.post('/v1/creators', { email: 'jane@example.com' })).rejects.toThrow();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.put('/v1/payments/initiate', { ids: [] })).rejects.toThrow();

    const reports = await Promise.all(beacons);
    expect(reports).toEqual([
      {
        kind: 'api',
        name: 'ApiError',
        message: 'Something went wrong on our side, please try again',
        page: '/creators/:id',
        call: { method: 'GET', path: '/v1/creators/:id', status: 500 },
      },
      expect.objectContaining({ kind: 'api', call: { method: 'PUT', path: '/v1/payments/initiate', status: 0 } }),
    ]);
  });

  it('sends the same failure once a minute and at most 20 reports a page load', async () => {
    for (let index = 0; index < 3; index += 1) reportRenderError(new Error('Same failure'));
    expect(beacons).toHaveLength(1);
    for (let index = 0; index < 30; index += 1) reportRenderError(new Error(`Failure ${'abcdefghijklmnopqrstuvwxyz'[index % 26]}${index}`));
    expect(beacons).toHaveLength(20);
  });

  it('falls back to fetch (kept alive) where beacons are refused', async () => {
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => false });
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    reportRenderError(new RangeError('Invalid time value'));
    expect(fetchMock).toHaveBeenCalledWith('/v1/client_errors', expect.objectContaining({ method: 'POST', keepalive: true }));
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(String(init!.body))).toMatchObject({ kind: 'render', name: 'RangeError', message: 'Invalid time value' });
  });
});
