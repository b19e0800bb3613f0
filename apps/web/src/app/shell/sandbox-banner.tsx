import { useEffect } from 'react';
import Box from '@mui/material/Box';
import { useServerMeta } from '../../lib/server-meta.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

const BANNER_HEIGHT = 20;

/**
 * A thin strip along the bottom of every page while the server runs in sandbox mode, so nobody
 * mistakes simulated money for real money. Fixed, so no page layout has to make room for it
 * beyond the body's bottom padding.
 */
export function SandboxBanner() {
  const { data } = useServerMeta();
  // Not part of the prerendered sign-in page: the HTML cannot know which server serves it.
  const isSandbox = useHydrated() && data?.sandbox === true;
  useEffect(() => {
    if (!isSandbox) return;
    document.body.style.paddingBottom = `${BANNER_HEIGHT}px`;
    return () => {
      document.body.style.paddingBottom = '';
    };
  }, [isSandbox]);
  if (!isSandbox) return null;
  // An aside (a landmark of its own, so no content sits outside landmarks) holding the note.
  return (
    <Box
      component="aside"
      aria-label="Sandbox notice"
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        height: BANNER_HEIGHT,
        zIndex: (theme) => theme.zIndex.snackbar - 1,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        // Amber 100 behind amber 900: 8:1, where the old orange strip read 2.15:1.
        bgcolor: '#fef3c7',
        color: '#78350f',
        borderTop: '1px solid #f59e0b',
        fontSize: 12,
        fontWeight: 600,
        letterSpacing: 0.2,
        pointerEvents: 'none',
        px: 1,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
      }}
    >
      {/* One line at every width: a phone gets the short wording. */}
      <Box component="span" role="note" aria-label="Sandbox mode">
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          Sandbox mode: banks, payouts and emails are simulated, no real money moves
        </Box>
        <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
          Sandbox mode: simulated, no real money moves
        </Box>
      </Box>
    </Box>
  );
}
