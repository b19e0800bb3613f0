import { useState } from 'react';
import Markdown from 'react-markdown';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CreatorRecord } from '@crewpay/core';
import { useUpdateCreator } from '../api/update-creator.ts';
import { SectionCard } from './section-card.tsx';

/** Only http(s) and mailto links survive; anything else (javascript:, data:) is dropped. */
const safeUrl = (url: string) => (/^(https?:|mailto:)/i.test(url) ? url : '');

/** Notes in markdown, rendered without raw HTML (skipHtml) and with safe links only. */
export function NotesCard({ creator }: { creator: CreatorRecord }) {
  const update = useUpdateCreator(creator.id, { successMessage: 'Notes saved!' });
  const [draft, setDraft] = useState<string | null>(null);
  const save = async () => {
    await update.mutateAsync({ notes: draft?.trim() ? draft : null });
    setDraft(null);
  };

  return (
    <SectionCard
      title="Notes"
      action={
        draft === null && (
          <Button size="small" onClick={() => setDraft(creator.notes ?? '')}>
            Edit
          </Button>
        )
      }
    >
      {draft === null ? (
        creator.notes ? (
          <Box data-testid="notes" sx={{ typography: 'body2', '& p': { my: 0.75 }, '& :first-of-type': { mt: 0 } }}>
            <Markdown
              skipHtml
              urlTransform={safeUrl}
              components={{
                a: ({ href, children }) => (
                  <a href={href} target="_blank" rel="noopener noreferrer">
                    {children}
                  </a>
                ),
              }}
            >
              {creator.notes}
            </Markdown>
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            No notes yet
          </Typography>
        )
      ) : (
        <Stack spacing={1.5}>
          <TextField
            multiline
            minRows={4}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            label="Notes (markdown)"
            fullWidth
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button color="inherit" onClick={() => setDraft(null)}>
              Cancel
            </Button>
            <Button variant="contained" onClick={() => void save().catch(() => undefined)} loading={update.isPending}>
              Save
            </Button>
          </Stack>
        </Stack>
      )}
    </SectionCard>
  );
}
