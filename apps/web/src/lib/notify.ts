import { enqueueSnackbar } from 'notistack';
import { ApiError, UNREADABLE_ANSWER } from './api-error.ts';

function capitalizeFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * What a person reads when a call fails: the server's message when it sent one,
 * else the call's default ('There was an issue ...'), else 'status code out of range'.
 */
export function failureMessage(error: unknown, defaultMessage?: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? defaultMessage ?? UNREADABLE_ANSWER;
  if (defaultMessage) return defaultMessage;
  return error instanceof Error && error.message ? error.message : UNREADABLE_ANSWER;
}

/** The failure handler: an error toast with the first letter capitalised. */
export function notifyFailure(error: unknown, defaultMessage?: string): void {
  // An ended session is answered by the redirect to /signin, not by a toast per call.
  if (error instanceof ApiError && error.isSessionExpired) return;
  // Likewise a missing two-factor the organization requires: the guard opens its set-up screen.
  if (error instanceof ApiError && error.isEnrolmentRequired) return;
  const message = capitalizeFirst(failureMessage(error, defaultMessage));
  enqueueSnackbar(message, { variant: 'error' });
}

export function notifySuccess(message: string): void {
  enqueueSnackbar(message, { variant: 'success' });
}

/** News that is neither a success nor a failure: nothing was sent (held for approval, waiting). */
export function notifyInfo(message: string): void {
  enqueueSnackbar(message, { variant: 'info' });
}

/** An error toast with a fixed text, whatever the server said. */
export function notifyError(message: string): void {
  enqueueSnackbar(message, { variant: 'error' });
}
