import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { queryClient } from '../lib/query-client.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { theme } from './theme.ts';

/** Toasts: top centre, closing after the spec's 5000 ms. */
const TOAST_MS = 5000;

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <SnackbarProvider maxSnack={3} autoHideDuration={TOAST_MS} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
            {children}
          </SnackbarProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </ThemeProvider>
  );
}
