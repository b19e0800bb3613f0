import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { orgLogos, orgs, type Org } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { decodeLogo, type LogoType } from './logo-image.ts';

/** Stores the logo as decodeLogo re-encoded it: never the uploaded bytes themselves. */
export async function saveLogo(deps: AppDeps, options: { org_id: string; bytes: Buffer }): Promise<Org> {
  const logo = await decodeLogo(options.bytes);
  return deps.db.transaction(async (tx) => {
    await tx
      .insert(orgLogos)
      .values({ org_id: options.org_id, content_type: logo.content_type, bytes: logo.bytes })
      .onConflictDoUpdate({ target: orgLogos.org_id, set: { content_type: logo.content_type, bytes: logo.bytes, updated_at: new Date() } });
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
