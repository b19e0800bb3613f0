/** Step 1's address, kept in the browser so step 2 starts prefilled with it. */
type ActivationAddress = { address: string; address2: string; city: string; state: string; zip_code: string };

const KEY = 'crewpay.activation.address';

export function saveActivationAddress(address: ActivationAddress): void {
  sessionStorage.setItem(KEY, JSON.stringify(address));
}

export function loadActivationAddress(): ActivationAddress | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as ActivationAddress) : null;
  } catch {
    return null;
  }
}

/** Demo mode (?demo in the address) prefills the activation forms with sandbox details. */
export const isDemoMode = () => new URLSearchParams(window.location.search).has('demo');
