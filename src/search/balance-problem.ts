/**
 * Balance files (docs/cli.md "balance"): the best-response loop's problem. Two sides' starting
 * policy sets, each side's candidate policies (specs, or a grid over a policy's parameters), the
 * games per pairing, the round limit and the significance level, checked into one problem whose
 * hash binds a run directory (src/search/balance-run.ts).
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { quote, UserError } from '../core/errors.js';
import type { GameDefinition, GameSetup } from '../core/game.js';
import { formatPolicySpec, parsePolicySpec, playerSides, type TunedPolicies } from '../core/policies.js';
import type { GameModuleRef, GameRegistry } from '../core/registry.js';
import { checkSetup } from '../core/setup.js';
import { problemsError } from '../runner/experiment.js';
import { parseJsonText } from '../runner/json-text.js';
import { canonicalJson } from '../runner/manifest.js';
import { sha256 } from '../runner/outputs.js';
import { readTunedPolicies, type TunedFile } from '../runner/tuned.js';
import { fileGame, issueLine, problemHeader } from './problem.js';

const id = z.string().max(128);
const spec = z.string().min(1).max(512);

/** Most policies a grid entry expands to. */
export const MAX_GRID = 64;

const gridEntry = z.strictObject({
  /** The policy whose parameters the grid sets. */
  policy: id,
  /** Values per parameter: one candidate per point of the product. */
  grid: z.record(id, z.array(z.number()).min(1).max(MAX_GRID)),
});

const balanceSchema = z.strictObject({
  ...problemHeader,
  /** Games per pairing of policies, on game indices 0..games-1 for every pairing (common seeds). */
  games: z.number().int().min(1).max(1_000_000),
  /** Games per task sent to a worker (default 50). */
  chunkSize: z.number().int().min(1).max(1_000_000).optional(),
  /** Each side's starting policies (both sides a policy plays). */
  start: z.record(id, z.array(spec).min(1).max(32)),
  /** Each side's candidate best responses: policy specs, or a grid over one policy's parameters. */
  candidates: z.record(id, z.array(z.union([spec, gridEntry])).max(64)),
  /** Most rounds of the loop (default 4; `--rounds` overrides it). */
  rounds: z.number().int().min(1).max(100).optional(),
  /** One-sided significance of a best response's gain (default 0.05), Bonferroni over a side's candidates. */
  alpha: z.number().gt(0).lt(0.5).optional(),
  /** Bootstrap resamples of the game indices (default 1000). */
  resamples: z.number().int().min(100).max(100_000).optional(),
  /** The band of the row side's score read as balanced (default 0.45..0.55). */
  band: z.strictObject({ lo: z.number().min(0).max(1), hi: z.number().min(0).max(1) }).optional(),
});

export type BalanceFile = z.infer<typeof balanceSchema>;

/** One side of the loop: its id and name, its starting policies and its candidates (canonical specs). */
export interface BalanceSide {
  readonly id: string;
  readonly name: string;
  readonly start: readonly string[];
  readonly candidates: readonly string[];
}

export interface BalanceProblem {
  readonly name: string;
  readonly description: string;
  readonly game: GameDefinition;
  readonly gameModule?: GameModuleRef;
  readonly setup: {
    readonly scenario: string;
    readonly variants: readonly string[];
    readonly params: GameSetup['params'];
  };
  readonly seed: number;
  readonly games: number;
  readonly chunk: number;
  /** The row side (the game's first side a policy plays) and the column side. */
  readonly row: BalanceSide;
  readonly col: BalanceSide;
  readonly rounds: number;
  readonly alpha: number;
  readonly resamples: number;
  readonly band: { readonly lo: number; readonly hi: number };
  /** The file as checked (tuned files inline, games as played), kept in the run directory. */
  readonly source: unknown;
  /** sha256 of everything that fixes the games and the loop's decisions (not the round limit). */
  readonly hash: string;
}

/** Overrides from the command line. */
export interface BalanceOverrides {
  readonly games?: number;
  readonly rounds?: number;
}

/** Reads a balance file: one user error naming the file for anything wrong with it. */
export function loadBalanceFile(
  path: string,
  games: GameRegistry,
  overrides: BalanceOverrides = {},
): BalanceProblem {
  let text: string;
  try {
    const st = statSync(path);
    if (st.isDirectory()) throw new UserError(`${path}: is a directory, not a balance file`);
    if (st.size > 1_000_000)
      throw new UserError(`${path}: ${st.size} bytes; a balance file is at most 1000000 bytes`);
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(
      `${path}: cannot read balance file (${(e as NodeJS.ErrnoException).code ?? String(e)})`,
    );
  }
  return balanceProblem(parseJsonText(text, path, 'balance file'), path, games, dirname(path), overrides);
}

/** The points of a grid over a policy's parameters, as `policy:k=v,...` specs in grid order. */
function gridSpecs(policy: string, grid: Readonly<Record<string, readonly number[]>>): string[] {
  let out: string[][] = [[]];
  for (const [k, values] of Object.entries(grid))
    out = out.flatMap((prefix) => values.map((v) => [...prefix, `${k}=${v}`]));
  return out.map((kv) => (kv.length === 0 ? policy : `${policy}:${kv.join(',')}`));
}

/** Checks a parsed balance file into a problem (every problem at once). */
export function balanceProblem(
  raw: unknown,
  where: string,
  games: GameRegistry,
  baseDir = '.',
  overrides: BalanceOverrides = {},
): BalanceProblem {
  const parsed = balanceSchema.safeParse(raw);
  if (!parsed.success)
    throw problemsError(
      where,
      parsed.error.issues.slice(0, 20).map((i) => issueLine(i, raw)),
    );
  const f = parsed.data;
  const problems: string[] = [];
  const { game, gameModule } = fileGame(f, where, games, baseDir);
  const tunedFiles: TunedFile[] = [];
  const tuned: TunedPolicies | undefined =
    f.tuned === undefined ? undefined : readTunedPolicies(game, f.tuned, baseDir, problems, tunedFiles);
  const fixed = checkSetup(game, { scenario: f.scenario, variants: f.variants, params: f.params });
  for (const p of fixed.problems) problems.push(p);
  const scenario = fixed.setup.scenario;
  const sides = playerSides(game, scenario);
  if (fixed.problems.length === 0 && sides.length !== 2)
    problems.push(
      `field scenario: ${quote(scenario)}: policies play ${sides.length === 1 ? 'one side' : `${sides.length} sides`} (${sides.join(', ')}); balance needs a scenario where policies play two`,
    );
  if (f.band !== undefined && !(f.band.lo < f.band.hi))
    problems.push(`field band: lo must be below hi (got lo ${f.band.lo}, hi ${f.band.hi})`);
  for (const field of ['start', 'candidates'] as const)
    for (const side of Object.keys(f[field]))
      if (!sides.includes(side))
        problems.push(
          `field ${field}.${side}: ${quote(side)} is not a side a policy plays in ${scenario} (sides: ${sides.join(', ')})`,
        );
  const check = (side: string, text: string, at: string): string | undefined => {
    try {
      return formatPolicySpec(game, side, parsePolicySpec(game, side, text, at, tuned));
    } catch (e) {
      if (!(e instanceof UserError)) throw e;
      problems.push(e.message);
      return undefined;
    }
  };
  const sideOf = (sideId: string): BalanceSide => {
    const startRaw = f.start[sideId];
    if (startRaw === undefined)
      problems.push(`field start.${sideId}: missing (the starting policies of ${sideId})`);
    const start: string[] = [];
    (startRaw ?? []).forEach((s, i) => {
      const c = check(sideId, s, `field start.${sideId}[${i}]`);
      if (c === undefined) return;
      if (start.includes(c)) problems.push(`field start.${sideId}[${i}]: ${quote(s)} is ${c}, named twice`);
      else start.push(c);
    });
    const candidates: string[] = [];
    (f.candidates[sideId] ?? []).forEach((entry, i) => {
      const at = `field candidates.${sideId}[${i}]`;
      const texts =
        typeof entry === 'string'
          ? [entry]
          : (() => {
              const size = Object.values(entry.grid).reduce((n, v) => n * v.length, 1);
              if (size > MAX_GRID) {
                problems.push(`${at}.grid: ${size} points; a grid gives at most ${MAX_GRID} candidates`);
                return [];
              }
              return gridSpecs(entry.policy, entry.grid);
            })();
      for (const t of texts) {
        const c = check(sideId, t, at);
        // a candidate already in the set, or named twice, is tested once
        if (c !== undefined && !start.includes(c) && !candidates.includes(c)) candidates.push(c);
      }
    });
    return {
      id: sideId,
      name: game.sides.find((s) => s.id === sideId)?.name ?? sideId,
      start,
      candidates,
    };
  };
  const row = sides.length === 2 ? sideOf(sides[0]!) : undefined;
  const col = sides.length === 2 ? sideOf(sides[1]!) : undefined;
  if (
    problems.length === 0 &&
    row !== undefined &&
    col !== undefined &&
    row.candidates.length + col.candidates.length === 0
  )
    problems.push('field candidates: no candidate outside the starting sets: the loop has nothing to try');
  if (problems.length > 0 || row === undefined || col === undefined) throw problemsError(where, problems);
  try {
    game.start(fixed.setup, { masterSeed: f.seed, gameIndex: 0 });
  } catch (e) {
    throw new UserError(
      `${where}: the game refuses this setup: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  const gamesPerPairing = overrides.games ?? f.games;
  const chunk = Math.min(f.chunkSize ?? 50, gamesPerPairing);
  const alpha = f.alpha ?? 0.05;
  const resamples = f.resamples ?? 1000;
  const band = f.band ?? { lo: 0.45, hi: 0.55 };
  const setup = {
    scenario,
    variants: [...fixed.setup.variants].sort(),
    params: fixed.setup.params,
  };
  const source = {
    ...(raw as Record<string, unknown>),
    games: gamesPerPairing,
    ...(tunedFiles.length === 0 ? {} : { tuned: tunedFiles }),
    ...(gameModule === undefined ? {} : { game: game.id, gameModule: gameModule.path }),
  };
  const hash = sha256(
    canonicalJson({
      ...(gameModule === undefined ? {} : { module: gameModule.sha256 }),
      kind: 'balance',
      game: game.id,
      data: sha256(canonicalJson(game.data)),
      seed: f.seed,
      setup,
      games: gamesPerPairing,
      chunk,
      row,
      col,
      alpha,
      resamples,
      band,
    }),
  );
  return {
    name: f.name,
    description: f.description ?? '',
    game,
    ...(gameModule === undefined ? {} : { gameModule }),
    setup,
    seed: f.seed,
    games: gamesPerPairing,
    chunk,
    row,
    col,
    rounds: overrides.rounds ?? f.rounds ?? 4,
    alpha,
    resamples,
    band,
    source,
    hash,
  };
}
