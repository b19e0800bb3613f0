import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './providers.tsx';
import { routes } from './router.tsx';

// Here rather than beside the routes: the build's prerender (prerender.tsx) renders the same routes
// in Node, where there is no browser history.
const router = createBrowserRouter(routes);

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
