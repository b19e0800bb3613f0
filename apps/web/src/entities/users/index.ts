export { ActAsButton } from './components/act-as-button.tsx';
export { ChangePasswordDialog } from './components/change-password-dialog.tsx';
export { ReverifyDialog } from './components/reverify-dialog.tsx';
export { PasskeysCard } from './components/passkeys-card.tsx';
export { TwoFactorCard } from './components/two-factor-card.tsx';
export { useTwoFactorStatus } from './api/two-factor.ts';
export { answerPasskeyChallenge } from './api/passkeys.ts';
