import { useState, type FormEvent } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { useZodForm } from './use-zod-form.ts';

type Options<TInput extends FieldValues, TOutput extends FieldValues> = {
  /** The record's values as the form holds them; Edit starts from them again. */
  values: TInput;
  save: (body: TOutput) => Promise<unknown>;
};

/**
 * The form behind an EditableCard: Edit resets it to the record's values, Save sends the schema's
 * output and goes back to the view once the save succeeds (a failed save stays in the form).
 * `card` is the EditableCard's props but its title, its saving state and its contents.
 */
export function useEditableCardForm<TInput extends FieldValues, TOutput extends FieldValues>(
  schema: z.ZodType<TOutput, TInput>,
  { values, save }: Options<TInput, TOutput>,
) {
  const [isEditing, setEditing] = useState(false);
  const form = useZodForm(schema, { defaultValues: values as DefaultValues<TInput>, mode: 'onChange' });
  const onSubmit = form.handleSubmit(async (body) => {
    await save(body);
    setEditing(false);
  });
  const card = {
    isEditing,
    onEdit: () => {
      form.reset(values);
      setEditing(true);
    },
    onCancel: () => setEditing(false),
    onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event).catch(() => undefined),
    canSave: form.formState.isValid,
  };
  return { control: form.control, card };
}
