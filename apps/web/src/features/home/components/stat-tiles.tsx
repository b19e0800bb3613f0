import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';

export type Tile = { label: string; value: string };

/** The dashboard's figures, one MUI card each. */
export function StatTiles({ tiles }: { tiles: Tile[] }) {
  return (
    <Grid container spacing={2}>
      {tiles.map((tile) => (
        <Grid key={tile.label} size={{ xs: 12, sm: 6, md: tiles.length === 4 ? 3 : 4 }}>
          <Card variant="outlined" component="section" aria-label={tile.label} sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {tile.label}
              </Typography>
              <Typography variant="h5" component="p" sx={{ fontWeight: 700, mt: 0.5 }}>
                {tile.value}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
