import { useSyncExternalStore } from 'react';
import { subscribeToToken } from './token.ts';

/*
 * The API's two two-factor refusals, answered in one place for every screen:
 * - 403 two_factor_enrolment_required (the organization requires two-factor and this person has
 *   none): the gate closes and the route guard sends them to the set-up screen until they enrol;
 * - 403 fresh_factor_required (a sensitive action on a stale factor): the client asks the
 *   registered prompt for a code, then retries the call once.
 */

/** The set-up screen the route guard sends a person to while the gate is closed. */
export const TWO_FACTOR_SETUP_PATH = '/two-factor-setup';

type Listener = () => void;
const listeners = new Set<Listener>();
let enrolmentRequired = false;

function setEnrolmentRequired(value: boolean): void {
  if (enrolmentRequired === value) return;
  enrolmentRequired = value;
  for (const listener of listeners) listener();
}

export const markEnrolmentRequired = () => setEnrolmentRequired(true);
/** After enrolment: the rest of the app is reachable again. */
export const clearEnrolmentRequired = () => setEnrolmentRequired(false);

const subscribe = (listener: Listener) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useEnrolmentRequired(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => enrolmentRequired,
    () => false,
  );
}

// Another session (sign-out, another person signing in) starts with the gate open.
subscribeToToken(clearEnrolmentRequired);

/** Shows the code prompt; resolves true once a code was accepted, false when the person cancels. */
type FreshFactorAsker = () => Promise<boolean>;
let asker: FreshFactorAsker | null = null;
let pending: Promise<boolean> | null = null;

/** The app registers its re-verify dialog here (and unregisters it when it unmounts). */
export function setFreshFactorAsker(next: FreshFactorAsker | null): void {
  asker = next;
}

/** Asks for a fresh factor; calls refused at the same moment share one prompt. */
export function askForFreshFactor(): Promise<boolean> {
  if (!asker) return Promise.resolve(false);
  pending ??= asker().finally(() => {
    pending = null;
  });
  return pending;
}
