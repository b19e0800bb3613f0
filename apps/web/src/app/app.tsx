import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './providers.tsx';
import { prefetchPageData } from './route-data.ts';
import { routes } from './router.tsx';

// Here rather than beside the routes: the build's prerender (prerender.tsx) renders the same routes
// in Node, where there is no browser history.
const router = createBrowserRouter(routes);

// On each navigation the next page's data starts with its code (the first page's: first-screen.ts).
let shownKey = router.state.location.key;
router.subscribe(({ location }) => {
  if (location.key === shownKey) return;
  shownKey = location.key;
  prefetchPageData(routes, location);
});

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
