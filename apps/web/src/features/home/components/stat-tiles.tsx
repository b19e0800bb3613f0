import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';

/** A figure and, when the viewer may open it, the list it counts (with the tile's filter in the URL). */
type Tile = { label: string; value: string; to?: string | null; note?: string | null };

function TileContent({ tile }: { tile: Tile }) {
  return (
    <CardContent>
      <Typography variant="body2" color="text.secondary">
        {tile.label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700, mt: 0.5 }}>
        {tile.value}
      </Typography>
      {tile.note && (
        <Typography variant="caption" color="text.secondary">
          {tile.note}
        </Typography>
      )}
    </CardContent>
  );
}

/** The dashboard's figures, one MUI card each; a card with a list is a link to it (reached by Tab like any link). */
export function StatTiles({ tiles }: { tiles: Tile[] }) {
  return (
    <Grid container spacing={2}>
      {tiles.map((tile) => (
        <Grid key={tile.label} size={{ xs: 12, sm: 6, md: tiles.length === 4 ? 3 : 4 }}>
          <Card variant="outlined" component="section" aria-label={tile.label} sx={{ height: '100%' }}>
            {tile.to ? (
              <CardActionArea component={RouterLink} to={tile.to} sx={{ height: '100%' }}>
                <TileContent tile={tile} />
              </CardActionArea>
            ) : (
              <TileContent tile={tile} />
            )}
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
