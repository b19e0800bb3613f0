import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { orgLogos, orgs, type Org } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

export type LogoType = 'image/png' | 'image/jpeg' | 'image/webp';

/**
 * The type is read from the bytes, never from the file name or the declared type: a PNG
 * named .exe is a PNG; an HTML page named .png is refused. SVG is refused (it can carry script).
 */
export function sniffLogoType(bytes: Buffer): LogoType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, index) => bytes[index] === byte)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export async function saveLogo(deps: AppDeps, options: { org_id: string; bytes: Buffer }): Promise<Org> {
  const contentType = sniffLogoType(options.bytes);
  if (!contentType) throw new AppError('validation_error', 'invalid file type', { field: 'file' });
  return deps.db.transaction(async (tx) => {
    await tx
      .insert(orgLogos)
      .values({ org_id: options.org_id, content_type: contentType, bytes: options.bytes })
      .onConflictDoUpdate({ target: orgLogos.org_id, set: { content_type: contentType, bytes: options.bytes, updated_at: new Date() } });
    const [org] = await tx.update(orgs).set({ logo_updated_at: new Date() }).where(eq(orgs.id, options.org_id)).returning();
    if (!org) throw new AppError('not_found', 'Organization not found');
    return org;
  });
}

export async function removeLogo(deps: AppDeps, orgId: string): Promise<Org> {
  return deps.db.transaction(async (tx) => {
    await tx.delete(orgLogos).where(eq(orgLogos.org_id, orgId));
    const [org] = await tx.update(orgs).set({ logo_updated_at: null }).where(eq(orgs.id, orgId)).returning();
    if (!org) throw new AppError('not_found', 'Organization not found');
    return org;
  });
}

export async function readLogo(deps: AppDeps, orgId: string): Promise<{ content_type: LogoType; bytes: Buffer }> {
  const logo = (await deps.db.select().from(orgLogos).where(eq(orgLogos.org_id, orgId)).limit(1))[0];
  if (!logo) throw new AppError('not_found', 'No logo');
  return logo;
}
