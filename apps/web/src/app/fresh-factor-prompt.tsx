import { useEffect, useState } from 'react';
import { ReverifyDialog } from '../entities/users/index.ts';
import { setFreshFactorAsker } from '../lib/session/two-factor-gate.ts';

type Answer = (verified: boolean) => void;

/**
 * The re-verify dialog for every screen: the API client asks it for a code when a call is refused
 * with fresh_factor_required, and retries the call once the code is accepted.
 */
export function FreshFactorPrompt() {
  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => {
    setFreshFactorAsker(() => new Promise<boolean>((resolve) => setAnswer(() => resolve)));
    return () => setFreshFactorAsker(null);
  }, []);
  if (!answer) return null;
  // A promise settles once: the first of verified (true) or closed (false) is the answer.
  const settle = (verified: boolean) => {
    answer(verified);
    setAnswer(null);
  };
  return <ReverifyDialog onVerified={() => settle(true)} onClose={() => settle(false)} />;
}
