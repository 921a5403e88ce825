import { mkdirSync } from 'node:fs';
import { armColumns, columnDictionary } from '../analysis/columns.js';
import { type GamesTable, gamesTableColumns } from '../analysis/games-table.js';
import type { HeatRow } from '../analysis/report-data.js';
import { UserError } from '../core/errors.js';
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
import { isRunOutputName, removeRunFile, runPath, runSubdir, writeRunFile } from './run-paths.js';

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
  guard: FinishGuard = {},
): Promise<Manifest> {
  const check = guard.check ?? (() => {});
  const touch = guard.touch ?? (() => {});
  const again = guard.again ?? 'run the same command again';
  // The run directory itself may be new (a library caller's); everything below it goes through runPath.
  mkdirSync(dir, { recursive: true });
  const columns = gamesTableColumns(def);
  const files = await reportFiles(def, manifest, table, heat);
  const names = ['games.parquet', COLUMNS_FILE, ...(csv ? ['games.csv'] : []), ...Object.keys(files)];
  const before = manifest.pending ?? [];
  check('listing its files in the manifest');
  const partial = writing(dir, 'manifest.json', again, () =>
    writeManifest(dir, {
      ...manifest,
      status: 'partial',
      pending: [...new Set([...before, ...names])],
    }),
  );
  const outputs: Record<string, OutputFile> = {};
  const meta = gamesFileMeta(def, manifest);
  const dictionary = `${JSON.stringify(columnDictionary(def, columns, meta.arms), null, 2)}
`;
  check('writing games.parquet');
  outputs['games.parquet'] = writing(dir, 'games.parquet', again, () =>
    writeGamesParquet(runPath(dir, 'games.parquet'), table, columns, manifest.version, meta, touch),
  );
  check('writing columns.json');
  writing(dir, COLUMNS_FILE, again, () => writeAtomic(runPath(dir, COLUMNS_FILE), dictionary));
  outputs[COLUMNS_FILE] = digestOf(dictionary);
  if (csv) {
    check('writing games.csv');
    outputs['games.csv'] = writing(dir, 'games.csv', again, () =>
      writeGamesCsv(runPath(dir, 'games.csv'), table, columns, meta, touch),
    );
  }
  check('writing the summaries and charts');
  runSubdir(dir, 'charts');
  for (const [name, content] of Object.entries(files)) {
    writing(dir, name, again, () => writeRunFile(dir, name, content));
    outputs[name] = digestOf(content);
  }
  // A replaced run's files this one does not write again (never a file a run does not write).
  for (const f of before) if (!(f in outputs) && isRunOutputName(f)) removeRunFile(dir, f);
  const { pending: _, ...rest } = partial;
  check('writing the manifest');
  return writing(dir, 'manifest.json', again, () =>
    writeManifest(dir, {
      ...rest,
      status: 'complete',
      finished: new Date().toISOString(),
      seconds,
      outputs,
    }),
  );
}

/** What finishing a run checks and says: the lock before each commit point, and how to try again. */
export interface FinishGuard {
  /** Before each commit point; throws when the directory is no longer this process's (DirLock.check). */
  readonly check?: (what: string) => void;
  /** Through long synchronous writes (each row group of games.parquet): the lock's heartbeat (DirLock.touch). */
  readonly touch?: () => void;
  /** The command that finishes the run after a failed write (e.g. `sandtable run exp.json --resume dir`). */
  readonly again?: string;
}

/** Errors of a full or failing disk: the file being written is named, with the remedy. */
const DISK_ERRORS: Readonly<Record<string, string>> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EFBIG: 'the file is larger than this filesystem allows',
  EIO: 'an input/output error of the disk',
  EROFS: 'the filesystem is read-only',
};

/**
 * Runs one write of the finish phase; a disk error becomes a UserError naming the file and the
 * remedy (the run stays partial: its chunks are kept, and the temporary file is removed by the
 * next attempt).
 */
export function writing<T>(dir: string, name: string, again: string, write: () => T): T {
  try {
    return write();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === undefined ? undefined : DISK_ERRORS[code];
    if (why === undefined) throw e;
    throw new UserError(
      `${dir}/${name}: could not be written: ${why} (${code}); the run is kept as a partial run: free space (or fix the disk) and finish it with: ${again}`,
    );
  }
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
