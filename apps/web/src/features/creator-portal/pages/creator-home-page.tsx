import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** /creator, the portal home of an external user. Its counts and to-do list come with the portal. */
export default function CreatorHomePage() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, borderRadius: 3 }}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Welcome to Crewpay!
      </Typography>
      <Typography color="text.secondary">
        Your contracts, payments and invoices from the organizations you work with will appear here.
      </Typography>
    </Paper>
  );
}
