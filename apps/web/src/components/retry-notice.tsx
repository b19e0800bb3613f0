import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

type Props = { message: string; onRetry: () => void };

/** In place of content that could not be loaded. */
export function RetryNotice({ message, onRetry }: Props) {
  return (
    <Alert
      severity="error"
      variant="outlined"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
