import { useMutation, useQuery } from '@tanstack/react-query';
import type { MessageAnswer, PasskeyAssertion, PasskeyList, PasskeyOptionsAnswer, PasskeyRegisteredAnswer } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

const passkeysKey = ['users', 'passkeys'] as const;
const twoFactorKey = ['users', 'two_factor'] as const;
const refresh = async () => {
  await queryClient.invalidateQueries({ queryKey: passkeysKey });
  await queryClient.invalidateQueries({ queryKey: twoFactorKey });
};

// The browser half of WebAuthn loads on the first passkey action: the sign-in page stays light.
const loadBrowser = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all (no button where it cannot). */
export const hasPasskeySupport = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** A sign-in challenge answered by one of the person's passkeys (the browser asks which). */
export async function answerPasskeyChallenge(): Promise<PasskeyAssertion> {
  const [{ startAuthentication }, { options }] = await Promise.all([
    loadBrowser(),
    api.post<PasskeyOptionsAnswer>('/v1/users/passkeys/authentication'),
  ]);
  return (await startAuthentication({ optionsJSON: options as never })) as PasskeyAssertion;
}

/** GET /v1/users/passkeys: the person's own passkeys. */
export function usePasskeys({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: passkeysKey,
    queryFn: () => api.get<PasskeyList>('/v1/users/passkeys'),
    enabled: isEnabled,
    meta: { errorMessage: 'There was an issue retrieving your passkeys' },
  });
}

/** Thrown when the person closes the emailed-code prompt: nothing was added. */
class PasskeyCancelled extends Error {}

/**
 * Registration options, the browser's new credential, then POST /v1/users/passkeys with its name.
 * A first factor asks for the code emailed with the options (`askEmailCode`; null when cancelled).
 */
export function useAddPasskey() {
  return useMutation({
    mutationFn: async ({ name, askEmailCode }: { name: string; askEmailCode: () => Promise<string | null> }) => {
      const [{ startRegistration }, { options, email_code_sent }] = await Promise.all([
        loadBrowser(),
        api.post<PasskeyOptionsAnswer>('/v1/users/passkeys/registration'),
      ]);
      const credential = await startRegistration({ optionsJSON: options as never });
      const emailCode = email_code_sent ? await askEmailCode() : undefined;
      if (emailCode === null) throw new PasskeyCancelled('Cancelled');
      return api.post<PasskeyRegisteredAnswer>('/v1/users/passkeys', { name, credential, ...(emailCode ? { email_code: emailCode } : {}) });
    },
    onSuccess: refresh,
    meta: { errorMessage: 'The passkey was not added', successMessage: 'Passkey added' },
  });
}

/** DELETE /v1/users/passkeys/{id} (asks for a fresh factor first). */
export function useRemovePasskey() {
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageAnswer>(`/v1/users/passkeys/${id}`),
    onSuccess: refresh,
    meta: { errorMessage: 'There was an issue removing the passkey', successMessage: 'Passkey removed' },
  });
}

/** Re-verify with a passkey: POST /v1/users/passkeys/verify. */
export function useVerifyWithPasskey() {
  return useMutation({
    mutationFn: async () => api.post<MessageAnswer>('/v1/users/passkeys/verify', { credential: await answerPasskeyChallenge() }),
    meta: { errorMessage: 'That passkey did not work' },
  });
}
