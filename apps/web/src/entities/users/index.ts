export { ActAsButton } from './components/act-as-button.tsx';
export { ChangePasswordDialog } from './components/change-password-dialog.tsx';
export { ReverifyDialog } from './components/reverify-dialog.tsx';
export { answerPasskeyChallenge, hasPasskeySupport, useAddPasskey, usePasskeys, useRemovePasskey } from './api/passkeys.ts';
