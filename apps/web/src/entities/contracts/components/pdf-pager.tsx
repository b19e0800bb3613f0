import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Back / Page x of y / Next under a PDF. */
export function PdfPager({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'center' }}>
      <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Back
      </Button>
      <Typography variant="body2">
        Page {page} of {pageCount}
      </Typography>
      <Button size="small" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Stack>
  );
}
