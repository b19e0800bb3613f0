import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';

/** The id of every layout's <main>, which the skip link moves focus to. */
export const MAIN_CONTENT_ID = 'main-content';

/** Focuses the page's main landmark (tabIndex -1) and brings it into view. */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  // Not the browser's own jump to #main-content: that would put a hash in the router's address.
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

/** The first tab stop of every page: hidden until focused, then shown at the top left. */
export function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skipToContent}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 700,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      Skip to content
    </Box>
  );
}
