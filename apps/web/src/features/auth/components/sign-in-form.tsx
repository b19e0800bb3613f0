import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useReplayEarlyClick } from '../../../lib/early-clicks.ts';
import { notifyFailure } from '../../../lib/notify.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { usePasskeySignIn, useSignIn } from '../api/sign-in.ts';
import type { SignInErrors, SignInField, SignInValues } from './sign-in-validation.ts';

// The first page of every visit stays light: the rules (zod and the core schemas) load on the
// first keystroke and the reset dialog on its first opening, not before the form paints. A
// two-field form keeps its values in state rather than in react-hook-form.
const loadValidation = () => import('./sign-in-validation.ts');
const ResetPasswordDialog = lazy(() => import('./reset-password-dialog.tsx').then((module) => ({ default: module.ResetPasswordDialog })));

type Audience = 'team' | 'creator';

const subtitles: Record<Audience, string> = {
  team: "Manage your organization's creators, contracts and payments.",
  creator: 'Creators: your contracts, payments and payout details. Customers: your invoices and contracts.',
};

const fieldOrder: SignInField[] = ['email', 'password'];

// The WebAuthn half loads on the first passkey click: the first paint of the page stays light.
const PASSKEY_NOT_USED = 'No passkey was used: try again, or sign in with your password';
const passkeyAnswer = async () => (await import('../../../entities/users/index.ts')).answerPasskeyChallenge();

/** Errors wait for the first submit (leaving the email field to click 'Forgot password?' must not flag it), then follow each keystroke. */
function useSignInFields() {
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const inputs = useRef<Partial<Record<SignInField, HTMLInputElement | null>>>({});

  // The page is prerendered (build/prerender-pages.ts): what was typed or autofilled into its
  // fields before React hydrated them is kept, not wiped by the first re-render of the empty state.
  useEffect(() => {
    const typed = { email: inputs.current.email?.value ?? '', password: inputs.current.password?.value ?? '' };
    if (typed.email || typed.password) setValues(typed);
  }, []);

  /** The fields as on screen; they can run ahead of the state while the page hydrates. */
  const onScreen = (): SignInValues => ({
    email: inputs.current.email?.value ?? values.email,
    password: inputs.current.password?.value ?? values.password,
  });

  const onChange = (field: SignInField) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    // An update of the latest state, not of this render's: a field typed into just as the page
    // hydrated would otherwise wipe the other one, taken in from the screen by the effect above.
    setValues((current) => ({ ...current, [field]: value }));
    const validation = loadValidation();
    const next = { ...onScreen(), [field]: value };
    if (isSubmitted) void validation.then(({ validateSignIn }) => setErrors(errorsOf(validateSignIn(next))));
  };

  /** The parsed body (trimmed, lower-cased email), or null after showing the errors and focusing the first. */
  const validate = async (): Promise<SignInValues | null> => {
    setIsSubmitted(true);
    const { validateSignIn } = await loadValidation();
    // The fields as on screen: a click held before hydration may be replayed before the state has
    // taken in what was typed (lib/early-clicks.ts).
    const result = validateSignIn(onScreen());
    setErrors(errorsOf(result));
    if ('body' in result) return result.body;
    const first = fieldOrder.find((field) => result.errors[field] !== undefined);
    if (first) inputs.current[first]?.focus();
    return null;
  };

  const bind = (field: SignInField) => ({
    name: field,
    value: values[field],
    onChange: onChange(field),
    inputRef: (element: HTMLInputElement | null) => {
      inputs.current[field] = element;
    },
    error: errors[field] !== undefined,
    helperText: errors[field],
  });

  return { values, bind, validate };
}

const errorsOf = (result: { errors: SignInErrors } | { body: SignInValues }) => ('errors' in result ? result.errors : {});

export function SignInForm() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [audience, setAudience] = useState<Audience>('team');
  const [isResetOpen, setIsResetOpen] = useState(false);
  const [hasOpenedReset, setHasOpenedReset] = useState(false);
  const { values, bind, validate } = useSignInFields();
  const [isCodeAsked, setIsCodeAsked] = useState(false);
  const [code, setCode] = useState('');
  // Until hydrated, the prerendered form has no submit button, so Enter cannot send it natively
  // (a GET with the password in the address); it looks the same either way.
  const isHydrated = useHydrated();
  useReplayEarlyClick();

  const passkeySignIn = usePasskeySignIn();
  const [isPasskeyBusy, setIsPasskeyBusy] = useState(false);

  /** No password: the passkey is both factors. Or, at the code step, the passkey in place of the code. */
  const onPasskey = async () => {
    setIsPasskeyBusy(true);
    try {
      const credential = await passkeyAnswer().catch((error: unknown) => {
        // The browser's prompt closed or failed (the server's refusals are told by their call).
        if (!(error instanceof ApiError)) notifyFailure(error, PASSKEY_NOT_USED);
        throw error;
      });
      if (isCodeAsked) {
        const body = await validate();
        if (!body) return;
        await signIn.mutateAsync({ ...body, audience, passkey: credential });
      } else {
        await passkeySignIn.mutateAsync({ credential, audience });
      }
    } finally {
      setIsPasskeyBusy(false);
    }
    await navigate('/', { replace: true });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = await validate();
    if (!body) return;
    try {
      await signIn.mutateAsync({ ...body, audience, ...(isCodeAsked ? { code: code.replace(/\s+/g, '').toLowerCase() } : {}) });
    } catch (error) {
      // The right password of an account with two-factor on: the code field appears.
      if (error instanceof ApiError && error.field === 'code') setIsCodeAsked(true);
      throw error;
    }
    await navigate('/', { replace: true });
  };

  const openReset = () => {
    setHasOpenedReset(true);
    setIsResetOpen(true);
  };

  return (
    <>
      <ToggleButtonGroup
        value={audience}
        exclusive
        fullWidth
        color="primary"
        size="small"
        aria-label="Sign in as"
        onChange={(_event, value: Audience | null) => value && setAudience(value)}
        sx={{ mb: 1.5 }}
      >
        <ToggleButton value="team">Team member</ToggleButton>
        <ToggleButton value="creator">Creator</ToggleButton>
      </ToggleButtonGroup>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {subtitles[audience]}
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
        <Stack spacing={2.5}>
          <TextField {...bind('email')} label="Email address" type="email" autoComplete="email" fullWidth />
          <PasswordField {...bind('password')} label="Password" autoComplete="current-password" fullWidth />
          {isCodeAsked && (
            <TextField
              name="code"
              label="Authentication code"
              helperText="From your authenticator app, or one of your recovery codes"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="one-time-code"
              autoFocus
              fullWidth
            />
          )}
        </Stack>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <Link component="button" type="button" variant="body2" onClick={openReset}>
            Forgot password?
          </Link>
        </Box>
        <Button
          type={isHydrated ? 'submit' : 'button'}
          variant="contained"
          size="large"
          fullWidth
          loading={signIn.isPending}
          sx={{ mt: 3 }}
        >
          Sign in
        </Button>
        <Button
          variant="outlined"
          size="large"
          fullWidth
          loading={isPasskeyBusy}
          onClick={() => void onPasskey().catch(() => undefined)}
          sx={{ mt: 1.5 }}
        >
          {isCodeAsked ? 'Use a passkey instead' : 'Sign in with a passkey'}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        New to Crewpay?{' '}
        <Link component={RouterLink} to="/signup/join" sx={{ fontWeight: 600 }}>
          Create an account
        </Link>
      </Typography>
      {hasOpenedReset && (
        <Suspense fallback={null}>
          <ResetPasswordDialog isOpen={isResetOpen} initialEmail={values.email} onClose={() => setIsResetOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
