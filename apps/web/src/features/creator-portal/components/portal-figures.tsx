import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';

export type Figure = { label: string; value: string };

/** The portal home's counts, one card each. */
export function PortalFigures({ figures }: { figures: Figure[] }) {
  return (
    <Grid container spacing={2}>
      {figures.map((figure) => (
        <Grid key={figure.label} size={{ xs: 12, sm: 6, md: 3 }}>
          <Card variant="outlined" component="section" aria-label={figure.label} sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {figure.label}
              </Typography>
              <Typography variant="h5" component="p" sx={{ fontWeight: 700, mt: 0.5 }}>
                {figure.value}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
