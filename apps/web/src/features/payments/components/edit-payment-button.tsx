import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import type { PaymentRecord } from '@crewpay/core';

// The dialog (the payment row's fields, the recipient picker, the payment math) loads on Edit.
const EditPaymentDialog = lazy(() => import('./edit-payment-dialog.tsx').then((module) => ({ default: module.EditPaymentDialog })));

/** The Edit button of /payments and /payments/{id}: one draft creator, agent or manager payment without a parent. */
export function EditPaymentButton({ selected }: { selected: PaymentRecord[] }) {
  const [isEditing, setEditing] = useState(false);
  const [only] = selected;
  // Agent and manager payments follow their creator payment: they are edited through it.
  const editable = selected.length === 1 && only?.status === 'draft' && only.managed_creator_id === null;
  return (
    <>
      <Button variant="outlined" disabled={!editable} onClick={() => setEditing(true)}>
        Edit
      </Button>
      {isEditing && only && (
        <Suspense fallback={null}>
          <EditPaymentDialog payment={only} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </>
  );
}
