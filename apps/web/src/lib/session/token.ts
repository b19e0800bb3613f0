import { useSyncExternalStore } from 'react';

// The session token lives in localStorage so a reload or a second tab stays signed in.
const TOKEN_KEY = 'crewpay.auth_token';

type Listener = () => void;
const listeners = new Set<Listener>();

function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

let currentToken = readToken();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return currentToken;
}

export function setToken(token: string): void {
  currentToken = token;
  window.localStorage.setItem(TOKEN_KEY, token);
  emit();
}

export function clearToken(): void {
  if (currentToken === null) return;
  currentToken = null;
  window.localStorage.removeItem(TOKEN_KEY);
  emit();
}

export function subscribeToToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Signing out (or in) in another tab changes this tab's session too. (No window: the build's prerender.)
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_KEY) return;
    currentToken = readToken();
    emit();
  });
}

/** The pages prerendered at build time are a signed-out visitor's (main.tsx hydrates only those). */
const prerenderedToken = () => null;

export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribeToToken, getToken, prerenderedToken);
}

export function useIsSignedIn(): boolean {
  return useAuthToken() !== null;
}
