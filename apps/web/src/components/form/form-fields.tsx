import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { MoneyInput } from '../money-input.tsx';
import { PasswordField } from '../password-field.tsx';

/** Binds a field of a react-hook-form form by name; the form's values may be transformed by its schema. */
type FieldBinding<TValues extends FieldValues, TOutput> = {
  control: Control<TValues, unknown, TOutput>;
  name: FieldPath<TValues>;
};

type TextProps<TValues extends FieldValues, TOutput> = FieldBinding<TValues, TOutput> &
  Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'>;

function useTextBinding<TValues extends FieldValues, TOutput>({ control, name }: FieldBinding<TValues, TOutput>) {
  const { field, fieldState } = useController({ control, name });
  return { field, error: fieldState.error?.message };
}

/** The props that bind a text input to its form field; the error (after the person leaves it) replaces the helper text. */
export function useTextInputProps<TValues extends FieldValues, TOutput>({ control, name, helperText }: TextProps<TValues, TOutput>) {
  const { field, error } = useTextBinding({ control, name });
  return {
    name: field.name,
    value: (field.value as string | undefined) ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    error: error !== undefined,
    helperText: error ?? helperText,
  };
}

export function FormTextField<TValues extends FieldValues, TOutput>(props: TextProps<TValues, TOutput>) {
  const { control: _control, name: _name, helperText: _helperText, ...rest } = props;
  const inputProps = useTextInputProps(props);
  return <TextField {...rest} {...inputProps} />;
}

export function FormPasswordField<TValues extends FieldValues, TOutput>(props: TextProps<TValues, TOutput>) {
  const { control: _control, name: _name, helperText: _helperText, ...rest } = props;
  const inputProps = useTextInputProps(props);
  return <PasswordField {...rest} {...inputProps} />;
}

type CheckboxProps<TValues extends FieldValues, TOutput> = FieldBinding<TValues, TOutput> & { label: ReactNode };

export function FormCheckbox<TValues extends FieldValues, TOutput>({ control, name, label }: CheckboxProps<TValues, TOutput>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FormControl error={fieldState.error !== undefined}>
      <FormControlLabel
        label={label}
        control={
          <Checkbox
            name={field.name}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            inputRef={field.ref}
          />
        }
      />
      {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
    </FormControl>
  );
}

type MoneyProps<TValues extends FieldValues, TOutput> = FieldBinding<TValues, TOutput> &
  Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'type'>;

/** A money field bound to a form value in integer cents. */
export function FormMoneyInput<TValues extends FieldValues, TOutput>({ control, name, helperText, ...rest }: MoneyProps<TValues, TOutput>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <MoneyInput
      {...rest}
      name={field.name}
      value={typeof field.value === 'number' ? field.value : null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
