import { createTheme } from '@mui/material/styles';

export const brand = {
  primary: '#4f46e5',
  primaryDark: '#4338ca',
  sidebar: '#0f172a',
  sidebarText: '#cbd5e1',
} as const;

export const layout = {
  sidebarWidth: 220,
  sidebarCollapsedWidth: 60,
  headerHeight: 72,
  bannerHeight: 35,
} as const;

export const theme = createTheme({
  palette: {
    primary: { main: brand.primary, dark: brand.primaryDark, light: '#818cf8' },
    secondary: { main: '#0ea5e9' },
    error: { main: '#dc2626' },
    success: { main: '#16a34a' },
    background: { default: '#f6f7fb', paper: '#ffffff' },
    text: { primary: '#0f172a', secondary: '#64748b' },
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
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { sizeLarge: { paddingTop: 10, paddingBottom: 10 } } },
    MuiPaper: { styleOverrides: { outlined: { borderColor: '#e2e8f0' } } },
    MuiDialog: { styleOverrides: { paper: { borderRadius: 14 } } },
    MuiDialogTitle: { styleOverrides: { root: { fontWeight: 700 } } },
    MuiToggleButton: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
    MuiTooltip: { defaultProps: { arrow: true } },
  },
});
