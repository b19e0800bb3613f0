import { useEffect } from 'react';
import { useHydrated } from './use-hydrated.ts';

// The prerendered page is on screen before React handles it: a button clicked in between (Sign
// in, a toggle) would do nothing. main.tsx holds the buttons clicked until the page is hydrated;
// the page clicks them again, in order, once its own buttons are live: "Creator" then "Sign in"
// signs in as a creator, not the last click alone as a team member. Links are left alone: the
// browser follows them by itself.
let releaseHeldClick: () => void = () => undefined;

export function holdEarlyClicks(container: HTMLElement): void {
  const clicked: HTMLButtonElement[] = [];
  const remember = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && clicked.at(-1) !== button) clicked.push(button);
  };
  container.addEventListener('click', remember, true);
  releaseHeldClick = () => {
    container.removeEventListener('click', remember, true);
    releaseHeldClick = () => undefined;
    for (const button of clicked) if (button.isConnected) button.click();
  };
}

/**
 * For a prerendered page: replays the held click once this component is hydrated. React hydrates
 * a page inside a Suspense boundary after the frame around it, so the page itself must say so.
 */
export function useReplayEarlyClick(): void {
  const isHydrated = useHydrated();
  useEffect(() => {
    if (isHydrated) releaseHeldClick();
  }, [isHydrated]);
}
