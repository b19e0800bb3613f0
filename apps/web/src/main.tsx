import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { prepareFirstScreen } from './app/first-screen.ts';
import { holdEarlyClicks } from './lib/early-clicks.ts';
import { getToken } from './lib/session/token.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * The build prerenders the sign-in page for a signed-out visitor (build/prerender-pages.ts) and
 * marks the root with its path. That markup is hydrated where it is exactly what this visit
 * renders; a signed-in visitor (sent home by the guard) gets a fresh render instead.
 */
const prerenderedPath = container.dataset.prerendered;
const hydrates = prerenderedPath === window.location.pathname && getToken() === null;
if (prerenderedPath && !hydrates) container.replaceChildren();
// From now until hydrated, a click on the painted page is kept and replayed (lib/early-clicks.ts).
if (hydrates) holdEarlyClicks(container);

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

void prepareFirstScreen({ hydrating: hydrates }).then(() => {
  if (hydrates) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
