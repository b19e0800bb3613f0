import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCents, type SplitSample, type SplitSource } from '@crewpay/core';

type Bar = { label: string; amount: number; note: string; color: string };

const sourceNote = (source: SplitSource) => (source === 'creator' ? "out of the creator's split" : 'paid by the org on top');

/** The sample's money flow as bars: what the organisation pays and where each dollar goes. */
export function SplitFlowChart({
  sample,
  sources,
}: {
  sample: SplitSample;
  sources: { agent_split_source: SplitSource; manager_split_source: SplitSource };
}) {
  const bars: Bar[] = [
    { label: 'Organization pays', amount: sample.org_pays, note: 'the $1,000 budget plus any share paid on top', color: 'grey.700' },
    { label: 'Creator', amount: sample.creator, note: 'after the shares taken from their split', color: 'primary.main' },
    { label: 'Manager (10%)', amount: sample.manager, note: sourceNote(sources.manager_split_source), color: 'secondary.main' },
    { label: 'Agent (10%)', amount: sample.agent, note: sourceNote(sources.agent_split_source), color: 'warning.main' },
  ];
  const max = Math.max(...bars.map((bar) => bar.amount));
  return (
    <Stack spacing={1.25} role="figure" aria-label="Sample money flow" data-testid="split-flow-chart">
      {bars.map((bar) => (
        <Box
          key={bar.label}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr 110px' }, alignItems: 'center', gap: 1 }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {bar.label}
          </Typography>
          <Box sx={{ bgcolor: 'action.hover', borderRadius: 1, height: 22, overflow: 'hidden' }} title={bar.note}>
            <Box
              sx={{
                width: `${(bar.amount / max) * 100}%`,
                height: '100%',
                bgcolor: bar.color,
                borderRadius: 1,
                transition: 'width 200ms ease',
              }}
            />
          </Box>
          <Typography
            variant="body2"
            sx={{ textAlign: { sm: 'right' }, fontVariantNumeric: 'tabular-nums' }}
            data-testid={`split-amount-${bar.label.split(' ')[0]!.toLowerCase()}`}
          >
            {formatCents(bar.amount)}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ gridColumn: { sm: '2 / 4' }, mt: -0.75 }}>
            {bar.note}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
