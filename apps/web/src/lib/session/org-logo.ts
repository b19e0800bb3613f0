import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useCurrentOrg } from './current-org.ts';
import { getToken } from './token.ts';

/** The logo bytes need the session header, so an <img> shows them through an object URL. */
async function fetchLogo(url: string): Promise<Blob> {
  const token = getToken();
  const response = await fetch(url, { headers: token ? { 'auth-token': token } : {} });
  if (!response.ok) throw new Error('There was an issue retrieving your logo');
  return response.blob();
}

/** An object URL of the organisation's logo, or null when it has none (or it is loading). */
export function useOrgLogoSrc(): string | null {
  const { data: org } = useCurrentOrg();
  const logoUrl = org?.logo_url ?? null;
  const { data: blob } = useQuery({
    // logo_url carries the upload time, so a new logo is a new key.
    queryKey: ['org', 'logo', logoUrl],
    queryFn: () => fetchLogo(logoUrl!),
    enabled: logoUrl !== null,
    staleTime: Infinity,
    meta: { isSilent: true },
  });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || !logoUrl) {
      setSrc(null);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob, logoUrl]);
  return src;
}
