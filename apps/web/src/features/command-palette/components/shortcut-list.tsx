import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

const shortcuts: [keys: string[], what: string][] = [
  [['Ctrl', 'K'], 'Open or close this palette (⌘ K on a Mac)'],
  [['↑', '↓'], 'Move through the list'],
  [['Enter'], 'Open the chosen item'],
  [['Esc'], 'Close'],
];

/** The palette's keyboard shortcuts, listed under its results. */
export function ShortcutList() {
  return (
    <Box component="section" aria-label="Keyboard shortcuts" sx={{ borderTop: 1, borderColor: 'divider', px: 2.5, py: 1.5 }}>
      <Typography variant="overline" color="text.secondary" component="h2">
        Keyboard shortcuts
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
        {shortcuts.map(([keys, what]) => (
          <Box key={what} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start' }}>
              {keys.map((key) => (
                <Box
                  key={key}
                  component="kbd"
                  sx={{
                    px: 0.75,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 0.5,
                    fontSize: 12,
                    fontFamily: 'inherit',
                    lineHeight: '20px',
                  }}
                >
                  {key}
                </Box>
              ))}
            </Box>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {what}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
