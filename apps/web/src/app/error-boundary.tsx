import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import { reportRenderError } from '../lib/report-error.ts';

/** Render errors go to the console (for whoever has it open) and to the server, without personal data (lib/report-error.ts). */
function reportError(error: unknown, info?: ErrorInfo): void {
  console.error('Uncaught render error', error, info?.componentStack ?? '');
  reportRenderError(error, info?.componentStack);
}

function SomethingWentWrong() {
  return (
    <Box role="alert" sx={{ py: 10, px: 3, textAlign: 'center' }}>
      <ErrorOutlineRounded color="error" sx={{ fontSize: 48, mb: 1 }} />
      <Typography variant="h5" component="p" sx={{ mb: 2 }}>
        Something went wrong.
      </Typography>
      <Button variant="outlined" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Box>
  );
}

type Props = { children: ReactNode };
type State = { hasError: boolean };

/** Catches render errors below it; keyed by the path in the shell so navigating away recovers. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError(error, info);
  }

  override render(): ReactNode {
    return this.state.hasError ? <SomethingWentWrong /> : this.props.children;
  }
}

/** The router's boundary, for errors thrown outside the shell's own boundary. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => reportError(error), [error]);
  return <SomethingWentWrong />;
}
