import { ApiError } from './api-error.ts';
import { getToken } from './session/token.ts';

/**
 * Saves a file the API serves behind the session header: a plain link cannot send the header,
 * so the bytes are fetched, then saved from an object URL under `fileName`.
 */
export async function downloadWithSession(url: string, fileName: string): Promise<void> {
  const token = getToken();
  const response = await fetch(url, { headers: token ? { 'auth-token': token } : {} });
  if (!response.ok) {
    // The server's reason (a 404, a 409...) travels with the error, for the page to show.
    const body = (await response.json().catch(() => ({}))) as { message?: unknown };
    const serverMessage = typeof body.message === 'string' ? body.message : null;
    throw new ApiError({ status: response.status, serverMessage, wasAuthenticated: token !== null });
  }
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.click();
  // The click has started the download; the object URL is no longer needed afterwards.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
