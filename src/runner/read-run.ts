import { existsSync } from 'node:fs';
import * as aq from 'arquero';
import { asyncBufferFromFile, parquetReadObjects } from 'hyparquet';
import type { Table } from '../analysis/games-table.js';
import { UserError } from '../core/errors.js';
import { type Manifest, readManifest } from './manifest.js';

/** A finished run read back from its directory: manifest and games table (no re-simulation). */
export async function loadRun(dir: string): Promise<{ manifest: Manifest; table: Table }> {
  const manifest = readManifest(dir);
  if (manifest.status !== 'complete') throw new UserError(`${dir}: the run is partial; finish it with sandtable run <experiment> --resume ${dir}`);
  const path = `${dir}/games.parquet`;
  if (!existsSync(path)) throw new UserError(`${path}: missing (the run directory is incomplete)`);
  let rows: Record<string, unknown>[];
  try {
    rows = (await parquetReadObjects({ file: await asyncBufferFromFile(path) })) as Record<string, unknown>[];
  } catch (e) {
    throw new UserError(`${path}: unreadable parquet (${(e as Error).message})`);
  }
  const table = aq.from(rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v]))));
  return { manifest, table };
}
