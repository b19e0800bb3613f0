import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API package's folder, found by walking up from this file: the same answer whether the code
 * runs from src/ through tsx or from the bundle in dist/ (where the relative depth differs).
 */
function findApiRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === '@crewpay/api') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @crewpay/api package folder');
    dir = parent;
  }
}

export const API_ROOT = findApiRoot();
/** The committed SQL migrations. */
export const MIGRATIONS_DIR = path.join(API_ROOT, 'drizzle');
/** The built browser app (npm run build -w apps/web). */
export const WEB_DIST_DIR = path.resolve(API_ROOT, '../web/dist');
