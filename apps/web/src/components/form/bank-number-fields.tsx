import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from './form-fields.tsx';

type Props<TValues extends FieldValues, TOutput> = {
  control: Control<TValues, unknown, TOutput>;
  /** The form's names for the two numbers (each form keeps its API body's names). */
  account: FieldPath<TValues>;
  routing: FieldPath<TValues>;
  autoFocus?: boolean;
};

/** A US bank account's Account number and Routing number, both required, with the phone's number pad. */
export function BankNumberFields<TValues extends FieldValues, TOutput>({ control, account, routing, autoFocus }: Props<TValues, TOutput>) {
  return (
    <>
      <FormTextField
        control={control}
        name={account}
        label="Account number"
        required
        fullWidth
        autoFocus={autoFocus}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <FormTextField
        control={control}
        name={routing}
        label="Routing number"
        required
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    </>
  );
}
