import { mkdirSync, rmSync } from 'node:fs';
import { armColumns, columnDictionary } from '../analysis/columns.js';
import { type GamesTable, gamesTableColumns } from '../analysis/games-table.js';
import type { HeatRow } from '../analysis/report-data.js';
import type { GameDefinition } from '../core/game.js';
import { type Manifest, type OutputFile, writeManifest } from './manifest.js';
import {
  COLUMNS_KEY,
  digestOf,
  type GamesFileMeta,
  writeAtomic,
  writeGamesCsv,
  writeGamesParquet,
} from './outputs.js';
import { reportFiles } from './report-files.js';

/** The run directory's column dictionary: every column of games.parquet, described (ColumnEntry). */
export const COLUMNS_FILE = 'columns.json';

/**
 * Writes a finished run's outputs from its games table: games.parquet, columns.json (+ games.csv), the CSV
 * summaries, the charts and report, and last the manifest marked complete with the size and
 * sha256 of every file. Before the first output is written the (partial) manifest lists them all
 * under `pending`, so an interrupted finish leaves a partial run whose every file is known: it is
 * never taken for the run that was there before, and `--force` can remove exactly its files.
 * Files of a replaced run that this one does not write again are removed at the end.
 */
export async function finishRun(
  dir: string,
  def: GameDefinition,
  manifest: Manifest,
  table: GamesTable,
  csv: boolean,
  seconds: number,
  heat: readonly HeatRow[] = [],
  touch: () => void = () => {},
): Promise<Manifest> {
  mkdirSync(dir, { recursive: true });
  const columns = gamesTableColumns(def);
  const files = await reportFiles(def, manifest, table, heat);
  const names = ['games.parquet', COLUMNS_FILE, ...(csv ? ['games.csv'] : []), ...Object.keys(files)];
  const before = manifest.pending ?? [];
  const partial = writeManifest(dir, {
    ...manifest,
    status: 'partial',
    pending: [...new Set([...before, ...names])],
  });
  touch();
  const outputs: Record<string, OutputFile> = {};
  const meta = gamesFileMeta(def, manifest);
  const dictionary = `${JSON.stringify(columnDictionary(def, columns, meta.arms), null, 2)}\n`;
  outputs['games.parquet'] = writeGamesParquet(
    `${dir}/games.parquet`,
    table,
    columns,
    manifest.version,
    meta,
  );
  writeAtomic(`${dir}/${COLUMNS_FILE}`, dictionary);
  outputs[COLUMNS_FILE] = digestOf(dictionary);
  touch();
  if (csv) outputs['games.csv'] = writeGamesCsv(`${dir}/games.csv`, table, columns, meta);
  touch();
  mkdirSync(`${dir}/charts`, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    writeAtomic(`${dir}/${name}`, content);
    outputs[name] = digestOf(content);
  }
  for (const f of before) if (!(f in outputs)) rmSync(`${dir}/${f}`, { force: true });
  const { pending: _, ...rest } = partial;
  return writeManifest(dir, {
    ...rest,
    status: 'complete',
    finished: new Date().toISOString(),
    seconds,
    outputs,
  });
}

/**
 * What the games files say besides the table: each arm's policies, variants and parameters as
 * columns, NULL for "not reached", the column dictionary and the run's identity as parquet metadata (no time stamps,
 * so a merged run's files equal one machine's).
 */
function gamesFileMeta(def: GameDefinition, m: Manifest): GamesFileMeta {
  const missing: Record<string, number> = {};
  for (const s of def.stats) if (s.missing !== undefined) missing[s.id] = s.missing;
  const arms = armColumns(def, m.arms);
  return {
    arms,
    missing,
    kv: {
      [COLUMNS_KEY]: JSON.stringify(columnDictionary(def, gamesTableColumns(def), arms)),
      'sandtable.game': m.game.id,
      'sandtable.experiment': m.name,
      'sandtable.seed': String(m.seed),
      'sandtable.games_per_arm': String(m.games),
      'sandtable.experiment_hash': m.experimentHash,
      'sandtable.data_hash': m.dataHash,
      'sandtable.code_version': m.version,
      'sandtable.code': m.code,
    },
  };
}
