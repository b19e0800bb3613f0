import { createTheme } from '@mui/material/styles';

export const brand = {
  primary: '#4f46e5',
  primaryDark: '#4338ca',
  sidebar: '#0f172a',
  sidebarText: '#cbd5e1',
  /** The focus ring on the dark sidebar, where the primary colour is too faint (2.8:1). */
  sidebarFocus: '#a5b4fc',
} as const;

export const layout = {
  sidebarWidth: 220,
  sidebarCollapsedWidth: 60,
  headerHeight: 72,
  bannerHeight: 35,
} as const;

// WCAG 2.2 AA: every text colour reaches 4.5:1 on white and on the page grey (#f6f7fb), so the
// chips (white on the colour, or the colour on white) and the grey captions, tabs and footer read.
export const theme = createTheme({
  palette: {
    primary: { main: brand.primary, dark: brand.primaryDark, light: '#818cf8' },
    secondary: { main: '#0ea5e9' },
    error: { main: '#dc2626' },
    success: { main: '#15803d' },
    warning: { main: '#b45309' },
    info: { main: '#0369a1' },
    background: { default: '#f6f7fb', paper: '#ffffff' },
    text: { primary: '#0f172a', secondary: '#55657a' },
    divider: '#e2e8f0',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "DejaVu Sans", sans-serif',
    h5: { fontWeight: 700, letterSpacing: '-0.01em' },
    h6: { fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // One visible focus ring for everything reachable by keyboard (the inputs keep their own
    // thicker border, and what only a script focuses, tabIndex -1, shows none); ButtonBase removes
    // the browser's outline, hence the higher specificity.
    MuiCssBaseline: {
      styleOverrides: {
        'body :focus-visible:not(.MuiInputBase-input):not([tabindex="-1"]), body .Mui-focusVisible': {
          outline: `3px solid ${brand.primary}`,
          outlineOffset: 2,
        },
        // WCAG 2.3.3: a person who asked their system for less motion gets none. Dialogs, menus and
        // ripples appear at once and spinners stop after one turn (a still arc still says "working").
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animation: 'none !important',
            transition: 'none !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { sizeLarge: { paddingTop: 10, paddingBottom: 10 } } },
    MuiPaper: { styleOverrides: { outlined: { borderColor: '#e2e8f0' } } },
    MuiDialog: { styleOverrides: { paper: { borderRadius: 14 } } },
    MuiDialogTitle: { styleOverrides: { root: { fontWeight: 700 } } },
    MuiToggleButton: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
    MuiTooltip: { defaultProps: { arrow: true } },
    // Tabs wider than a phone scroll inside their own row (arrows when they overflow), never the page.
    MuiTabs: { defaultProps: { variant: 'scrollable', scrollButtons: 'auto', allowScrollButtonsMobile: true } },
  },
});
