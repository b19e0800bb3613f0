import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

type Options<TInput extends FieldValues, TOutput extends FieldValues> = Omit<
  UseFormProps<TInput, unknown, TOutput>,
  'resolver' | 'defaultValues'
> & { defaultValues: DefaultValues<TInput> };

/**
 * A react-hook-form form validated by a zod schema of @crewpay/core: the same rules the API applies.
 * The submit handler receives the schema's output (trimmed, lower-cased email...).
 * Errors show once a field is left; `formState.isValid` follows every keystroke.
 */
export function useZodForm<TInput extends FieldValues, TOutput extends FieldValues>(
  schema: z.ZodType<TOutput, TInput>,
  options: Options<TInput, TOutput>,
) {
  return useForm<TInput, unknown, TOutput>({
    mode: 'onTouched',
    ...options,
    resolver: zodResolver<TInput, unknown, TOutput>(schema),
  });
}
