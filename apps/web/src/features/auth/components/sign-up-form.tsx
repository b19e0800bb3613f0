import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { messages, signUpBody } from '@crewpay/core';
import { z } from 'zod';
import { FormCheckbox, FormPasswordField, FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useSignUp } from '../api/sign-up.ts';
import { SignUpSent } from './sign-up-sent.tsx';

// The API's sign-up body plus what only the form asks: the confirmation and the terms.
const signUpForm = signUpBody
  .extend({
    confirm_password: z.string(),
    has_accepted_terms: z.boolean().refine((isChecked) => isChecked, 'You must accept the Terms of Service'),
  })
  .refine((form) => form.password === form.confirm_password, {
    message: messages.passwordsMustMatch,
    path: ['confirm_password'],
  });

export function SignUpForm() {
  const signUp = useSignUp();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useZodForm(signUpForm, {
    defaultValues: { email: '', password: '', confirm_password: '', has_accepted_terms: false },
  });

  // The schema lower-cases the email before it is sent. The answer is the same for an address
  // that already has an account (it gets an email instead): the screen must not tell either.
  const onSubmit = handleSubmit(async ({ email, password }) => {
    await signUp.mutateAsync({ email, password });
    setSentTo(email);
  });

  if (sentTo) return <SignUpSent email={sentTo} />;
  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
      <Stack spacing={2.5}>
        <FormTextField control={control} name="email" label="Email address" type="email" autoComplete="email" fullWidth />
        <FormPasswordField
          control={control}
          name="password"
          label="Password"
          autoComplete="new-password"
          helperText={messages.password}
          fullWidth
        />
        <FormPasswordField control={control} name="confirm_password" label="Confirm password" autoComplete="new-password" fullWidth />
        <FormCheckbox control={control} name="has_accepted_terms" label="I agree to the Crewpay Terms of Service" />
      </Stack>
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={!formState.isValid}
        loading={signUp.isPending}
        sx={{ mt: 3 }}
      >
        Sign up
      </Button>
      <Divider sx={{ my: 3, color: 'text.secondary', fontSize: 14 }}>Already have an account?</Divider>
      <Button component={RouterLink} to="/signin" variant="outlined" size="large" fullWidth>
        Sign in
      </Button>
    </Box>
  );
}
