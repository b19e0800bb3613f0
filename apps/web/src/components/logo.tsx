import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

type Props = { isCompact?: boolean; color?: string };

/** The Crewpay mark: a "C" closing on a coin. */
function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <path d="M21.5 11.2A7 7 0 1 0 21.5 20.8" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" />
      <circle cx="22" cy="16" r="2.2" fill="#a5b4fc" />
    </svg>
  );
}

export function Logo({ isCompact = false, color = 'text.primary' }: Props) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <LogoMark />
      {!isCompact && (
        <Typography component="span" sx={{ fontWeight: 800, fontSize: 20, letterSpacing: '-0.02em', color }}>
          Crewpay
        </Typography>
      )}
    </Box>
  );
}
