import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { loginAsMessages, type PasskeyRecord, type TwoFactorStatus, type UserRecord } from '@crewpay/core';
import { currentUserKey } from '../../../lib/session/current-user.ts';
import { clearToken, setToken } from '../../../lib/session/token.ts';
import { PasskeysCard } from './passkeys-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

const passkey: PasskeyRecord = {
  id: '0192f0e0-0000-7000-8000-000000000009',
  name: 'Work laptop',
  created_at: '2026-11-01T10:00:00.000Z',
  last_used_at: null,
};

/** Both cards with the person, their status and passkeys already answered (no request is made). */
function renderCards(status: TwoFactorStatus, actingBy: UserRecord['acting_by'], role: UserRecord['role'] = 'collaborator') {
  const viewer = { id: 'user-1', role, is_external: false, acting_by: actingBy } as UserRecord;
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(currentUserKey, viewer);
  client.setQueryData(['users', 'two_factor'], status);
  client.setQueryData(['users', 'passkeys'], { data: [passkey] });
  return render(
    <QueryClientProvider client={client}>
      <TwoFactorCard viewer={viewer} />
      <PasskeysCard />
    </QueryClientProvider>,
  );
}

const off: TwoFactorStatus = { totp_enabled: false, passkeys: 1, recovery_codes_left: 10, required_by_org: false };
const withApp: TwoFactorStatus = { ...off, totp_enabled: true };
const actor: UserRecord['acting_by'] = {
  id: 'support-1',
  email: 'support@example.com',
  first_name: 'Sam',
  last_name: 'Support',
  display_name: null,
  expires_at: '2026-11-27T12:00:00.000Z',
};

describe('the sign-in factor cards', () => {
  beforeEach(() => {
    setToken('token');
    // jsdom has no WebAuthn: the card would only say the browser cannot use passkeys.
    Object.assign(window, { PublicKeyCredential: function PublicKeyCredential() {} });
  });
  afterEach(() => clearToken());

  it('offer the person to set up, turn off, add and remove their factors', async () => {
    renderCards(off, null);
    expect(await screen.findByRole('button', { name: 'Set up an authenticator app' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Work laptop' })).toBeTruthy();
    expect(screen.queryByText(loginAsMessages.noSignInFactors)).toBeNull();
  });

  it('offer someone acting as the person none of it, and say why, while still showing the factors', async () => {
    renderCards(withApp, actor);
    expect(await screen.findAllByText(loginAsMessages.noSignInFactors)).toHaveLength(2);
    expect(screen.getByText('Work laptop')).toBeTruthy();
    expect(screen.getByText(/On: an authenticator app and passkeys/)).toBeTruthy();
    for (const name of ['Set up an authenticator app', 'Turn off two-factor sign-in', 'Add a passkey', 'Remove Work laptop'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it("leave the organization's two-factor rule to an owner signed in as themselves", async () => {
    const rule = 'Require two-factor sign-in for every team member';
    const { unmount } = renderCards(withApp, null, 'owner');
    expect((await screen.findByRole('switch', { name: rule })).hasAttribute('disabled')).toBe(false);
    unmount();
    renderCards(withApp, actor, 'owner');
    expect((await screen.findByRole('switch', { name: rule })).hasAttribute('disabled')).toBe(true);
  });
});
