import Chip from '@mui/material/Chip';

export type StatusTone = 'success' | 'warning' | 'error' | 'info' | 'neutral';

/**
 * The one colour of each tone: dark text on a pale fill, every pair at least 4.5:1 (WCAG AA for
 * small text; MUI's filled success and warning chips were 3.29:1 and 3.11:1). A test checks them.
 */
export const statusToneColors: Record<StatusTone, { text: string; fill: string }> = {
  success: { text: '#1b5e20', fill: '#e6f4ea' },
  warning: { text: '#7a4100', fill: '#fff4e5' },
  error: { text: '#b71c1c', fill: '#fdecea' },
  info: { text: '#0b4f8a', fill: '#e8f1fb' },
  neutral: { text: '#37414b', fill: '#f1f3f5' },
};

type Props = { label: string; tone: StatusTone; outlined?: boolean };

/** Every status chip of the app (payments, invoices, contracts, creators): a label in its tone. */
export function StatusChip({ label, tone, outlined = false }: Props) {
  const { text, fill } = statusToneColors[tone];
  // Outlined (a draft, a canceled invoice) keeps the page's white behind the same text colour.
  return (
    <Chip
      size="small"
      label={label}
      variant="outlined"
      data-tone={tone}
      sx={{ color: text, borderColor: outlined ? text : 'transparent', bgcolor: outlined ? 'transparent' : fill, fontWeight: 600 }}
    />
  );
}
