import { useEffect, useRef } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Back / Page x of y / Next under a PDF. */
export function PdfPager({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  const back = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  // Reaching the first or last page disables the button just pressed, which would drop the
  // keyboard focus on <body>: it moves to the other button, once that one is enabled.
  const refocus = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    refocus.current?.focus();
    refocus.current = null;
  }, [page]);
  const go = (target: number) => {
    refocus.current = target <= 1 ? next.current : target >= pageCount ? back.current : null;
    onPage(target);
  };
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'center' }}>
      <Button ref={back} size="small" disabled={page <= 1} onClick={() => go(page - 1)}>
        Back
      </Button>
      <Typography variant="body2">
        Page {page} of {pageCount}
      </Typography>
      <Button ref={next} size="small" disabled={page >= pageCount} onClick={() => go(page + 1)}>
        Next
      </Button>
    </Stack>
  );
}
