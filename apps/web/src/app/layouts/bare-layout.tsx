import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';

/** Sign-in, sign-up and create-organisation: no header, navigation or footer. */
export function BareLayout() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Outlet />
    </Suspense>
  );
}
