import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { linkMessage, type CreatorRecord } from '@crewpay/core';
import { useUpdateCreator } from '../api/update-creator.ts';
import { SectionCard } from './section-card.tsx';

const isLink = (value: string) => /^https?:\/\/\S+$/i.test(value);

/** The creator's platforms: links to their channels and profiles. */
export function PlatformsCard({ creator }: { creator: CreatorRecord }) {
  const update = useUpdateCreator(creator.id);
  const [link, setLink] = useState('');
  const trimmed = link.trim();
  const error = trimmed && !isLink(trimmed) ? linkMessage : null;
  const add = async () => {
    if (!trimmed || error) return;
    await update.mutateAsync({ platforms: [...creator.platforms, trimmed] });
    setLink('');
  };

  return (
    <SectionCard title="Platforms">
      <Stack spacing={1} sx={{ mb: 2 }}>
        {creator.platforms.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            No platforms yet
          </Typography>
        )}
        {creator.platforms.map((platform, index) => (
          <Stack key={`${platform}-${index}`} direction="row" sx={{ alignItems: 'center' }}>
            <Link href={platform} target="_blank" rel="noopener noreferrer" sx={{ flexGrow: 1, wordBreak: 'break-all' }}>
              {platform}
            </Link>
            <IconButton
              size="small"
              aria-label={`Remove ${platform}`}
              onClick={() => update.mutate({ platforms: creator.platforms.filter((_, at) => at !== index) })}
            >
              <CloseOutlined fontSize="small" />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      <Stack
        direction="row"
        spacing={1}
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          void add().catch(() => undefined);
        }}
      >
        <TextField
          size="small"
          label="Add a link"
          placeholder="https://"
          value={link}
          onChange={(event) => setLink(event.target.value)}
          error={error !== null}
          helperText={error}
          sx={{ flexGrow: 1 }}
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={!trimmed || error !== null}
          loading={update.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          Add
        </Button>
      </Stack>
    </SectionCard>
  );
}
