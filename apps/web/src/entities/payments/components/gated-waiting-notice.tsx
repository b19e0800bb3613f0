import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InitiatePreview } from '@crewpay/core';

const plural = (count: number) => `${count.toLocaleString('en-US')} payment${count === 1 ? '' : 's'}`;

/**
 * The Execute dialog's word on payments that wait for their contract or deliverable (issue 31):
 * which reasons, and how many each. Executing them now marks them: they go out once released.
 */
export function GatedWaitingNotice({ waiting }: { waiting: InitiatePreview['waiting'] }) {
  if (!waiting || waiting.length === 0) return null;
  const counts = new Map<string, number>();
  for (const { reason } of waiting) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return (
    <Stack spacing={0.5} aria-label="Waiting payments">
      <Typography variant="body2">{`${plural(waiting.length)} will wait and be executed once released:`}</Typography>
      {[...counts].map(([reason, count]) => (
        <Typography key={reason} variant="body2" color="warning.dark">{`${reason} (${plural(count)})`}</Typography>
      ))}
    </Stack>
  );
}
