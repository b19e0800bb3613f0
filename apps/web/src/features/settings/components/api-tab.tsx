import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { ApiKeysCard } from './api-keys-card.tsx';
import { WebhooksCard } from './webhooks-card.tsx';

/** API: keys, outgoing webhooks and the reference generated from the routes. */
export function ApiTab() {
  return (
    <Stack spacing={2}>
      <Link href="/docs" target="_blank" rel="noopener" sx={{ alignSelf: 'flex-start', fontWeight: 600 }}>
        API reference
      </Link>
      <ApiKeysCard />
      <WebhooksCard />
    </Stack>
  );
}
