import { readFileSync } from 'node:fs';
import { UserError } from '../core/errors.js';
import type { GameDefinition } from '../core/game.js';
import type { Experiment } from './experiment.js';
import { sha256 } from './outputs.js';
import { codeVersion } from './version.js';

export interface ArmManifest {
  readonly id: string;
  readonly description: string;
  readonly scenario: string;
  readonly variants: readonly string[];
  readonly params: Readonly<Record<string, unknown>>;
  /** Parameters whose value is a reconstruction (not printed in the rules), as used in this arm. */
  readonly reconstructed: readonly string[];
  readonly policies: Readonly<Record<string, string>>;
  /** The arm this one is compared with, when it names one (else the experiment's baseline). */
  readonly baseline?: string;
}

/** One checked file of a shard: a chunk of one arm's games [start, end). */
export interface ShardFile {
  readonly file: string;
  readonly arm: number;
  readonly start: number;
  readonly end: number;
  readonly bytes: number;
  readonly sha256: string;
}

/**
 * What part of an experiment a shard run plays: games [start, end) of every arm, shard `index` of
 * `count` (counted from 0). A complete shard lists every file it holds with its checksum.
 */
export interface ShardInfo {
  readonly index: number;
  readonly count: number;
  readonly start: number;
  readonly end: number;
  /** Rows the shard holds: (end - start) games times the arms. */
  readonly rows: number;
  readonly files?: readonly ShardFile[];
}

/** A shard a merged run was made from, as its manifest said. */
export interface MergedShard {
  readonly dir: string;
  readonly index: number;
  readonly count: number;
  readonly start: number;
  readonly end: number;
  readonly commit: string;
  readonly node: string;
  readonly created: string;
  readonly finished: string | null;
  readonly seconds: number | null;
}

export interface Manifest {
  readonly tool: 'sandtable';
  readonly version: string;
  readonly commit: string;
  readonly node: string;
  readonly status: 'partial' | 'complete';
  readonly created: string;
  readonly finished?: string;
  readonly name: string;
  readonly description: string;
  readonly game: { readonly id: string; readonly title: string };
  readonly dataHash: string;
  readonly experimentHash: string;
  readonly seed: number;
  readonly games: number;
  readonly chunkSize: number;
  readonly workers: number;
  readonly baseline: string | null;
  readonly arms: readonly ArmManifest[];
  readonly experiment: unknown;
  readonly outputs?: Readonly<Record<string, string>>;
  readonly seconds?: number;
  /** Present in a shard directory: which games it plays, and once complete its files' checksums. */
  readonly shard?: ShardInfo;
  /** Present in a merged run: the shards it was made from. */
  readonly merged?: readonly MergedShard[];
}

/** Canonical JSON: object keys sorted, so equal content hashes equally. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

export function dataHash(def: GameDefinition): string {
  return sha256(canonicalJson(def.data));
}

export function armManifests(exp: Experiment): ArmManifest[] {
  return exp.arms.map((a) => ({
    id: a.id,
    description: a.description,
    scenario: a.setup.scenario,
    variants: [...a.setup.variants].sort(),
    params: a.setup.params,
    reconstructed: exp.game.parameters.filter((p) => p.provenance === 'reconstructed').map((p) => p.id),
    policies: a.policies,
    ...(a.baseline === undefined ? {} : { baseline: a.baseline }),
  }));
}

/** What fixes every game's record: game, data, seed, game count and the arms (not chunking or workers). */
export function experimentHash(exp: Experiment): string {
  return sha256(
    canonicalJson({
      game: exp.game.id,
      data: dataHash(exp.game),
      seed: exp.seed,
      games: exp.games,
      arms: armManifests(exp),
    }),
  );
}

export function newManifest(exp: Experiment, workers: number, chunkSize: number): Manifest {
  const v = codeVersion();
  return {
    tool: 'sandtable',
    version: v.version,
    commit: v.commit,
    node: process.version,
    status: 'partial',
    created: new Date().toISOString(),
    name: exp.name,
    description: exp.description,
    game: { id: exp.game.id, title: exp.game.title },
    dataHash: dataHash(exp.game),
    experimentHash: experimentHash(exp),
    seed: exp.seed,
    games: exp.games,
    chunkSize,
    workers,
    baseline: exp.baseline ?? null,
    arms: armManifests(exp),
    experiment: exp.source,
  };
}

export function readManifest(dir: string): Manifest {
  const path = `${dir}/manifest.json`;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new UserError(`${path}: no run manifest here (is ${dir} a run directory?)`);
  }
  try {
    const m = JSON.parse(text) as Manifest;
    if (m.tool !== 'sandtable') throw new Error('not a sandtable manifest');
    return m;
  } catch (e) {
    throw new UserError(`${path}: unreadable manifest (${(e as Error).message})`);
  }
}
