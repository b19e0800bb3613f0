import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { queryClient } from '../lib/query-client.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { FreshFactorPrompt } from './fresh-factor-prompt.tsx';
import { theme } from './theme.ts';

/** Toasts: top centre, closing after the spec's 5000 ms. */
const TOAST_MS = 5000;
/** Narrow enough to stay clear of the page's New buttons at the top right; a second line (Execute's counts) breaks. */
const TOAST_STYLE = { maxWidth: 'min(480px, calc(100vw - 32px))', whiteSpace: 'pre-line' } as const;

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <SnackbarProvider
            maxSnack={3}
            autoHideDuration={TOAST_MS}
            anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
            style={TOAST_STYLE}
          >
            {children}
            <FreshFactorPrompt />
          </SnackbarProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </ThemeProvider>
  );
}
