import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog whose code (its form, fields and schemas) loads the first time it opens instead of
 * with the page that may open it. From then on it stays mounted, as it was before: it closes
 * with its transition and keeps what it keeps between openings.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const open = isOpen(props);
    const [hasOpened, setHasOpened] = useState(open);
    // Derived state, set while rendering (React re-renders at once, before painting).
    if (open && !hasOpened) setHasOpened(true);
    if (!hasOpened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
