import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UserRecord } from '@crewpay/core';
import { useOrgLogoSrc } from '../../../lib/session/org-logo.ts';
import { useRemoveLogo, useUploadLogo } from '../api/org-logo.ts';

/** Logo: shown 70px high, or 'No logo'; owners and admins upload (PNG, JPEG, WebP up to 2 MB) or remove it. */
export function LogoCard({ viewer, hasLogo }: { viewer: UserRecord; hasLogo: boolean }) {
  const src = useOrgLogoSrc();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const canEdit = viewer.role === 'owner' || viewer.role === 'admin';
  return (
    <Card variant="outlined" component="section" aria-label="Logo">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          Logo
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ height: 70, minWidth: 70, display: 'flex', alignItems: 'center' }}>
            {hasLogo && src ? (
              <Box
                component="img"
                src={src}
                alt="Organization logo"
                sx={{ height: 70, width: 'auto', maxWidth: 320, objectFit: 'contain' }}
              />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {hasLogo ? '' : 'No logo'}
              </Typography>
            )}
          </Box>
          {canEdit && (
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" loading={upload.isPending} onClick={() => input.current?.click()}>
                {hasLogo ? 'Change logo' : 'Upload logo'}
              </Button>
              {hasLogo && (
                <Button color="inherit" loading={remove.isPending} onClick={() => remove.mutate()}>
                  Remove logo
                </Button>
              )}
              <input
                ref={input}
                type="file"
                hidden
                accept="image/png,image/jpeg,image/webp"
                aria-label="Logo file"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) upload.mutate(file);
                }}
              />
            </Stack>
          )}
        </Stack>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          PNG, JPEG or WebP, at most 2 MB.
        </Typography>
      </CardContent>
    </Card>
  );
}
