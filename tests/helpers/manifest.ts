import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { manifestChecksum } from '../../src/runner/manifest.js';

/**
 * Rewrites a run or shard directory's manifest with `changes` and a matching checksum, as the code
 * that writes such a manifest would: for tests of what a manifest's content (not an edit) implies.
 */
export function resealManifest(dir: string, changes: Record<string, unknown>): Record<string, unknown> {
  const path = join(dir, 'manifest.json');
  const { checksum: _, ...m } = { ...JSON.parse(readFileSync(path, 'utf8')), ...changes };
  const sealed = { ...m, checksum: manifestChecksum(m) };
  writeFileSync(path, `${JSON.stringify(sealed, null, 2)}\n`);
  return sealed;
}
