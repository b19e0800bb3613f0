import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

export function Footer() {
  return (
    <Box
      component="footer"
      sx={{
        px: { xs: 2, md: 4 },
        py: 2.5,
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'center',
        color: 'text.secondary',
      }}
    >
      <Typography variant="caption">© Crewpay</Typography>
      <Link href="/docs" target="_blank" rel="noreferrer" variant="caption" color="inherit" underline="hover">
        API reference
      </Link>
    </Box>
  );
}
