import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { GamesTableBuilder } from '../analysis/games-table.js';
import { UserError } from '../core/errors.js';
import type { GameRegistry } from '../core/registry.js';
import { type ChunkLayout, decodeChunk } from './chunk-file.js';
import { parseExperiment } from './experiment.js';
import { finishRun } from './finish.js';
import { HeatCounts } from './heat.js';
import { cliCommand } from './hint.js';
import { chunkLayout } from './layout.js';
import { acquireLock } from './lock.js';
import {
  assertExperimentMatches,
  chunkBinding,
  experimentHash,
  type Manifest,
  type MergedShard,
  newManifest,
  readManifest,
  type ShardInfo,
  writeManifest,
} from './manifest.js';
import { checkTableMemory } from './memory.js';
import { inspectOutDir, notARunError, type OutDirState, removeRunFiles } from './out-dir.js';
import { sha256 } from './outputs.js';
import { assertNoLinks, assertNoneOverwritten, keptMessage, planRemoval } from './run-paths.js';
import { shardLabel } from './shard.js';
import { codeLabel, codeVersion } from './version.js';

/** A shard directory found for a merge, with its manifest. */
export interface FoundShard {
  readonly dir: string;
  readonly manifest: Manifest & { readonly shard: ShardInfo };
}

const isDir = (p: string) => existsSync(p) && statSync(p).isDirectory();

/**
 * The shard directories named by `paths`: each is a shard directory, or a folder searched (three
 * levels down, skipping chunk folders) for shard directories.
 */
export function findShards(paths: readonly string[]): FoundShard[] {
  const found: FoundShard[] = [];
  const seen = new Set<string>();
  const add = (dir: string, m: Manifest) => {
    const key = resolve(dir);
    if (seen.has(key)) return;
    seen.add(key);
    found.push({ dir, manifest: m as FoundShard['manifest'] });
  };
  const walk = (dir: string, depth: number): void => {
    if (existsSync(`${dir}/manifest.json`)) {
      const m = readManifest(dir);
      if (m.shard !== undefined) add(dir, m);
      return;
    }
    if (depth === 0) return;
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.isDirectory() && e.name !== 'chunks') walk(`${dir}/${e.name}`, depth - 1);
    }
  };
  for (const p of paths) {
    if (!isDir(p)) throw new UserError(`merge: ${p}: no such directory`);
    if (existsSync(`${p}/manifest.json`)) {
      const m = readManifest(p);
      if (m.shard === undefined)
        throw new UserError(
          `merge: ${p} is a run directory, not a shard (shards are made by sandtable run --shard k/n)`,
        );
      add(p, m);
      continue;
    }
    const before = found.length;
    walk(p, 3);
    if (found.length === before)
      throw new UserError(
        `merge: ${p}: no shard directories in it (a shard directory holds a manifest.json with a "shard" entry)`,
      );
  }
  return found;
}

const range = (a: number, b: number) => (b - a === 1 ? `game ${a}` : `games ${a}..${b - 1}`);
const label = (s: FoundShard) =>
  `${s.dir} (shard ${shardLabel(s.manifest.shard)}, ${range(s.manifest.shard.start, s.manifest.shard.end)})`;

/**
 * Why these shards cannot be merged, or nothing: all must be complete and of the same experiment,
 * game data and code, cover every game index exactly once, and hold every file unchanged.
 */
export function checkShards(shards: readonly FoundShard[]): string[] {
  const problems: string[] = [];
  if (shards.length === 0) return ['no shards given'];
  const partial = shards.filter((s) => s.manifest.status !== 'complete');
  for (const s of partial)
    problems.push(`${label(s)} is partial: finish it with sandtable run <experiment> --resume ${s.dir}`);

  const groups = (key: (m: Manifest) => string, what: string) => {
    const by = new Map<string, FoundShard[]>();
    for (const s of shards) by.set(key(s.manifest), [...(by.get(key(s.manifest)) ?? []), s]);
    if (by.size > 1) {
      const parts = [...by.entries()].map(([k, ss]) => `${k}: ${ss.map((s) => s.dir).join(', ')}`);
      problems.push(`shards of different ${what}: ${parts.join(' | ')}`);
    }
    return by.size === 1;
  };
  const sameExperiment = groups(
    (m) =>
      `${m.name} seed ${m.seed} games ${m.games} arms ${m.arms.map((a) => a.id).join('+')} hash ${m.experimentHash.slice(0, 12)}`,
    'experiments',
  );
  groups((m) => `data ${m.dataHash.slice(0, 12)}`, 'game data');
  groups((m) => `sandtable ${m.version} code ${m.code.slice(0, 12)} commit ${m.commit}`, 'code versions');
  if (!sameExperiment) return problems;

  // Coverage: every game index of [0, games) in exactly one shard (each shard covers every arm).
  const games = shards[0]!.manifest.games;
  const sorted = [...shards].sort(
    (a, b) => a.manifest.shard.start - b.manifest.shard.start || a.manifest.shard.end - b.manifest.shard.end,
  );
  const counts = new Set(shards.map((s) => s.manifest.shard.count));
  const missingHint = (a: number, b: number) => {
    if (counts.size !== 1) return '';
    const n = [...counts][0]!;
    const ks: string[] = [];
    for (let k = 0; k < n; k++) {
      const s = Math.floor((k * games) / n);
      const e = Math.floor(((k + 1) * games) / n);
      if (s < b && e > a && s < e) ks.push(`${k}/${n}`);
    }
    return ks.length === 0 ? '' : ` (shard ${ks.join(', ')}: run it with --shard)`;
  };
  let pos = 0;
  let last: FoundShard | undefined;
  for (const s of sorted) {
    const { start, end } = s.manifest.shard;
    if (start > pos)
      problems.push(
        `missing ${range(pos, start)} of every arm: no shard covers them${missingHint(pos, start)}`,
      );
    if (start < pos && last !== undefined)
      problems.push(
        `overlap on ${range(start, Math.min(pos, end))}: ${label(last)} and ${label(s)} both play them`,
      );
    if (end > pos) {
      pos = end;
      last = s;
    }
  }
  if (pos < games)
    problems.push(
      `missing ${range(pos, games)} of every arm: no shard covers them${missingHint(pos, games)}`,
    );
  return problems;
}

/**
 * Reads a complete shard's blocks one file at a time, handing each to `onBlock` (which may drop it
 * at once), checking every file against the manifest's size and sha256 and its own header; a
 * missing, truncated or edited file is a problem naming it, and so is a shard whose files do not
 * tile its range.
 */
export function readShardBlocks(
  s: FoundShard,
  layout: ChunkLayout,
  problems: string[],
  onBlock: (arm: number, start: number, end: number, data: Float64Array) => void,
): void {
  const { shard } = s.manifest;
  for (const f of shard.files ?? []) {
    const path = `${s.dir}/${f.file}`;
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(path);
    } catch {
      problems.push(`${path}: missing (listed in ${s.dir}/manifest.json)`);
      continue;
    }
    if (bytes.byteLength !== f.bytes || sha256(bytes) !== f.sha256) {
      problems.push(
        `${path}: ${bytes.byteLength !== f.bytes ? `truncated or padded (${bytes.byteLength} bytes, manifest says ${f.bytes})` : 'edited: its sha256 differs from the shard manifest'}; run shard ${shardLabel(shard)} again`,
      );
      continue;
    }
    const chunk = decodeChunk(bytes, f, layout, chunkBinding(s.manifest));
    if (!chunk.ok) {
      problems.push(`${path}: ${chunk.reason}`);
      continue;
    }
    onBlock(f.arm, f.start, f.end, chunk.data);
  }
  // Within the shard, every arm's files must tile its range exactly.
  s.manifest.arms.forEach((arm, a) => {
    const listed = (shard.files ?? []).filter((f) => f.arm === a).sort((x, y) => x.start - y.start);
    let pos = shard.start;
    for (const f of listed) {
      if (f.start !== pos) break;
      pos = f.end;
    }
    if (pos !== shard.end)
      problems.push(
        `${s.dir}/manifest.json: the files of arm ${arm.id} do not tile ${range(shard.start, shard.end)} (first gap or overlap at game ${pos})`,
      );
  });
}

export interface MergeOptions {
  /** The games the experiment may name. */
  readonly games: GameRegistry;
  readonly out: string;
  readonly csv: boolean;
  readonly force: boolean;
  /** Told about what does not stop a merge but should be known (another commit merging). */
  readonly warn?: (message: string) => void;
}

export interface MergeOutcome {
  readonly out: string;
  readonly shards: readonly FoundShard[];
  readonly manifest: Manifest;
}

/**
 * Merges shard directories into one run directory, through the same finishRun as a one-machine
 * run, so games.parquet and summary.csv are byte-identical to it. Refuses (a UserError listing
 * every problem) unless the shards are complete, of one experiment, data and code, cover every
 * game index exactly once and every file matches its checksum and belongs to its shard; all of
 * that is checked, and every block read, before the output directory is touched. The output
 * directory is locked while it is written; replacing a run there (`--force`, a sandtable run
 * only) first switches its manifest to the new, partial run, so an interrupted merge never leaves
 * the old manifest over new files.
 */
export async function mergeShards(paths: readonly string[], opts: MergeOptions): Promise<MergeOutcome> {
  const t0 = Date.now();
  const shards = findShards(paths);
  const refuse = (problems: string[]) => {
    throw new UserError(
      `merge refused (${shards.length} shard${shards.length === 1 ? '' : 's'} from ${paths.join(', ')}):\n  - ${problems.join('\n  - ')}`,
    );
  };
  const problems = checkShards(shards);
  if (problems.length > 0) refuse(problems);
  const first = shards[0]!.manifest;

  // The merged run is reported by this sandtable: it must be the release that played the shards
  // (and give the same experiment hash, so the same game data); other code only gets a warning,
  // as it only reads the shards' blocks (the manifest lists each shard's code).
  const exp = parseExperiment(first.experiment, `${shards[0]!.dir}/manifest.json`, opts.games);
  assertExperimentMatches(first, exp, `${shards[0]!.dir}/manifest.json`);
  const here = codeVersion();
  if (here.version !== first.version) {
    refuse([
      `the shards were played by sandtable ${first.version} but this is ${here.version}; merge with the same build`,
    ]);
  }
  if (here.code !== first.code) {
    opts.warn?.(
      `the shards were played by ${codeLabel(first)} (commit ${first.commit}), this merge runs ${codeLabel(here)} (commit ${here.commit}); the manifest lists both`,
    );
  }
  if (experimentHash(exp) !== first.experimentHash) {
    refuse([
      `this sandtable's game data or rules give experiment hash ${experimentHash(exp).slice(0, 12)}, the shards say ${first.experimentHash.slice(0, 12)}; merge with the build that played them`,
    ]);
  }

  const outAbs = resolve(opts.out);
  for (const s of shards) {
    const rel = relative(resolve(s.dir), outAbs);
    if (rel === '' || !rel.startsWith('..'))
      refuse([`--out ${opts.out} is inside shard ${s.dir}; write the merged run elsewhere`]);
  }
  const planOut = (state: OutDirState): Manifest | undefined => {
    if (state.kind === 'absent' || state.kind === 'free') return undefined;
    if (state.kind !== 'run') throw notARunError(opts.out, state, '--force');
    if (state.manifest.shard !== undefined) refuse([`--out ${opts.out} is a shard directory`]);
    if (!opts.force)
      throw new UserError(
        `${opts.out}: already holds a run; use --force to replace it, or --out for another directory`,
      );
    return state.manifest;
  };
  const before = planOut(inspectOutDir(opts.out));
  // Nothing is written or removed through a link: refused before anything is made (run-paths.ts).
  if (existsSync(opts.out)) assertNoLinks(opts.out, before);
  checkTableMemory(exp.game, exp.games, exp.arms.length, `merge: ${exp.name}`);

  // Each block goes into the games table and the hex counts as it is read, and is dropped.
  const layout = chunkLayout(exp);
  const builder = new GamesTableBuilder(
    exp.game,
    exp.arms.map((arm) => ({ arm: arm.id, scenario: arm.setup.scenario, from: 0, to: exp.games })),
  );
  const heat = new HeatCounts(exp);
  const fileProblems: string[] = [];
  for (const s of shards) {
    readShardBlocks(s, layout, fileProblems, (arm, start, end, data) => {
      // A file outside the experiment is refused below (its shard does not tile); never placed.
      if (arm >= exp.arms.length || start < 0 || end > exp.games || start >= end) return;
      builder.add(arm, start, end, data);
      heat.add(arm, start, end, data);
    });
  }
  if (fileProblems.length > 0) refuse(fileProblems);

  const merged: MergedShard[] = [...shards]
    .sort((a, b) => a.manifest.shard.start - b.manifest.shard.start)
    .map((s) => ({
      dir: s.dir,
      index: s.manifest.shard.index,
      count: s.manifest.shard.count,
      start: s.manifest.shard.start,
      end: s.manifest.shard.end,
      commit: s.manifest.commit,
      code: s.manifest.code,
      node: s.manifest.node,
      created: s.manifest.created,
      finished: s.manifest.finished ?? null,
      seconds: s.manifest.seconds ?? null,
    }));
  const workers = shards.reduce((n, s) => n + s.manifest.workers, 0);
  const created = shards.map((s) => s.manifest.created).sort()[0]!;
  mkdirSync(opts.out, { recursive: true });
  const lock = await acquireLock(opts.out, { ...(opts.warn === undefined ? {} : { warn: opts.warn }) });
  try {
    const old = planOut(inspectOutDir(opts.out));
    assertNoLinks(opts.out, old);
    let manifest: Manifest = { ...newManifest(exp, workers, exp.chunkSize), created, merged };
    if (old !== undefined) {
      // The switch: from here the directory holds the new, partial run (see finishRun). Only
      // files still as the old run wrote them are its to remove; the rest stay, named.
      const { remove, kept } = planRemoval(opts.out, old);
      assertNoneOverwritten(kept);
      lock.check('replacing the run in the directory');
      manifest = writeManifest(opts.out, { ...manifest, pending: remove });
      removeRunFiles(opts.out, old, remove);
      const note = keptMessage(opts.out, kept);
      if (note !== undefined) opts.warn?.(note);
    }
    // seconds: the game-playing time of all shards together, plus this merge.
    const seconds = shards.reduce((n, s) => n + (s.manifest.seconds ?? 0), 0) + (Date.now() - t0) / 1000;
    const done = await finishRun(
      opts.out,
      exp.game,
      manifest,
      builder.table(),
      opts.csv,
      seconds,
      heat.rows(),
      {
        check: lock.check,
        touch: lock.touch,
        again: cliCommand('merge', ...paths, '--out', opts.out, '--force'),
      },
    );
    return { out: opts.out, shards, manifest: done };
  } finally {
    lock.release();
  }
}
