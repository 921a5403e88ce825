import { readFileSync } from 'node:fs';
import { quote, UserError } from '../core/errors.js';
import { type ChunkKey, type ChunkLayout, chunkFileName, decodeChunk } from './chunk-file.js';
import { chunkBinding, type Manifest, type ShardFile, type ShardInfo, writeManifest } from './manifest.js';
import { sha256 } from './outputs.js';
import { isRunOutputName, removeRunFile } from './run-paths.js';

/** Shard `index` of `count`, counted from 0 (as Kubernetes' JOB_COMPLETION_INDEX is). */
export interface ShardSpec {
  readonly index: number;
  readonly count: number;
}

/** Most shards one experiment may be split into (the Kubernetes limit on an Indexed Job's completions). */
export const MAX_SHARDS = 100_000;

/** Parses `--shard k/n`: 0 <= k < n. */
export function parseShardSpec(value: string, flag = '--shard'): ShardSpec {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  const index = m === null ? Number.NaN : Number(m[1]);
  const count = m === null ? Number.NaN : Number(m[2]);
  if (
    !Number.isSafeInteger(index) ||
    !Number.isSafeInteger(count) ||
    count < 1 ||
    count > MAX_SHARDS ||
    index >= count
  ) {
    throw new UserError(
      `option ${flag}: expected k/n with 1 <= n <= ${MAX_SHARDS} and 0 <= k < n (shards count from 0), got ${quote(value)}`,
    );
  }
  return { index, count };
}

/** The environment variables a cluster sets to a task's index, in the order they are read. */
export const SHARD_INDEX_VARIABLES = ['JOB_COMPLETION_INDEX', 'SLURM_ARRAY_TASK_ID'] as const;

/**
 * `--shard-from-env n`: the shard count is given, the index comes from the cluster, from
 * JOB_COMPLETION_INDEX (Kubernetes Indexed Job) or else SLURM_ARRAY_TASK_ID (Slurm array, which
 * must then be submitted as --array=0-(n-1)).
 */
export function shardFromEnv(countText: string, env: NodeJS.ProcessEnv = process.env): ShardSpec {
  const count = /^\s*\d+\s*$/.test(countText) ? Number(countText) : Number.NaN;
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_SHARDS) {
    throw new UserError(
      `option --shard-from-env: expected the shard count, a whole number in 1..${MAX_SHARDS}, got ${quote(countText)}`,
    );
  }
  const name = SHARD_INDEX_VARIABLES.find((v) => env[v] !== undefined && env[v] !== '');
  if (name === undefined) {
    throw new UserError(
      `option --shard-from-env ${count}: neither JOB_COMPLETION_INDEX (Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (Slurm job array) is set; outside a cluster use --shard k/${count}`,
    );
  }
  const raw = env[name]!;
  const index = /^\s*\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(index) || index >= count) {
    const hint =
      name === 'SLURM_ARRAY_TASK_ID'
        ? ` (submit the array as --array=0-${count - 1})`
        : ` (the Job's completions must be ${count})`;
    throw new UserError(
      `option --shard-from-env ${count}: ${name}=${quote(raw)} is not a shard index in 0..${count - 1}${hint}`,
    );
  }
  return { index, count };
}

/** The game indices [start, end) shard k of n plays in every arm: contiguous, balanced to one game. */
export function shardRange(games: number, s: ShardSpec): { start: number; end: number } {
  return {
    start: Math.floor((s.index * games) / s.count),
    end: Math.floor(((s.index + 1) * games) / s.count),
  };
}

/** A shard's manifest entry before it has run. */
export function shardInfo(games: number, arms: number, s: ShardSpec): ShardInfo {
  const r = shardRange(games, s);
  return { index: s.index, count: s.count, start: r.start, end: r.end, rows: (r.end - r.start) * arms };
}

export const shardLabel = (s: ShardSpec): string => `${s.index}/${s.count}`;

/** Where a shard's directory goes when --out is not given. */
export const defaultShardDir = (name: string, s: ShardSpec): string =>
  `reports/${name}-shards/shard-${s.index}-of-${s.count}`;

/**
 * Completes a shard directory: its chunk files stay (they are the shard's data) and the manifest,
 * written last and atomically, is marked complete with the size and sha256 of every file.
 */
export function finishShard(
  dir: string,
  manifest: Manifest,
  chunks: readonly ChunkKey[],
  layout: ChunkLayout,
  seconds: number,
  check: (what: string) => void = () => {},
): Manifest {
  const files: ShardFile[] = chunks.map((k) => {
    const file = `chunks/${chunkFileName(k)}`;
    const bytes = readFileSync(`${dir}/${file}`);
    // Checked before it is vouched for: a manifest never certifies a damaged file.
    const check = decodeChunk(bytes, k, layout, chunkBinding(manifest));
    if (!check.ok) {
      throw new Error(
        `${dir}/${file}: ${check.reason} (did another process write this shard directory?); resume the shard to play it again`,
      );
    }
    return { file, arm: k.arm, start: k.start, end: k.end, bytes: bytes.byteLength, sha256: sha256(bytes) };
  });
  // Files of a run this shard replaced were removed when it started; any left are removed now.
  check('writing the shard manifest');
  for (const f of manifest.pending ?? []) if (isRunOutputName(f)) removeRunFile(dir, f);
  const { pending: _, ...rest } = manifest;
  return writeManifest(dir, {
    ...rest,
    status: 'complete',
    finished: new Date().toISOString(),
    seconds,
    shard: { ...rest.shard!, files },
  });
}
