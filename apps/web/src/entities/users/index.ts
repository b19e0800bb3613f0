export { ActAsButton } from './components/act-as-button.tsx';
export { ChangePasswordDialog } from './components/change-password-dialog.tsx';
export { ReverifyDialog } from './components/reverify-dialog.tsx';
