import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { resetErrorReports } from '../lib/report-error.ts';
import { ErrorBoundary } from './error-boundary.tsx';

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

function Broken(): never {
  throw new TypeError('Cannot read "ssn" of jane.doe@example.com');
}

describe('ErrorBoundary', () => {
  it('reports a render error caught by the boundary, scrubbed, with the page as a pattern', async () => {
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong.');
    expect(beacons).toHaveLength(1);
    const report = await beacons[0]!;
    expect(report).toMatchObject({ kind: 'render', name: 'TypeError', message: 'Cannot read "ssn" of [email]', page: '/creators/:id' });
    expect(JSON.stringify(report)).not.toMatch(/jane|0192f0e0/);
  });
});
