/**
 * Calibration and tuning files (docs/calibrate.md), checked into one search problem:
 * candidates (settings of the searched values), the arms every candidate plays, the targets, and
 * the successive-halving plan. `calibrate` searches game parameters and variants; `tune` searches
 * a policy's own typed parameters (PolicyParamDef) for the highest win rate of its side.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { quote, UserError } from '../core/errors.js';
import type { GameDefinition, ParamValue, PolicyParamDef } from '../core/game.js';
import { formatPolicySpec, parsePolicySpec, playerSides, type TunedPolicies } from '../core/policies.js';
import type { GameModuleRef, GameRegistry } from '../core/registry.js';
import { MAX_SEED, randInt, streamRng } from '../core/rng.js';
import { checkParam, checkSetup, paramLabel } from '../core/setup.js';
import { idPattern, problemsError } from '../runner/experiment.js';
import { parseJsonText } from '../runner/json-text.js';
import { canonicalJson } from '../runner/manifest.js';
import { sha256 } from '../runner/outputs.js';
import { readTunedPolicies, type TunedFile, tunedRefSchema } from '../runner/tuned.js';
import type { HalvingPlan } from './halving.js';
import { checkTargets, type Target } from './targets.js';

const id = z.string().max(128);
const armId = id.regex(idPattern, 'letters, digits, "_", "." or "-"');

const spaceEntry = z.strictObject({
  /** A game parameter (calibrate) or a policy parameter (tune). */
  param: id.optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  /** Integer ranges: the spacing of the values (default 1). */
  step: z.number().positive().optional(),
  /** Number ranges: how many evenly spaced values, ends included (default 5). */
  steps: z.number().int().min(2).max(1000).optional(),
  /** The values to try (any value the parameter accepts: numbers, choices, location lists). */
  values: z.array(z.unknown()).min(1).max(1000).optional(),
  /** Calibrate: alternative sets of variants to switch on (each one candidate value; [] is the defaults). */
  variants: z.array(z.array(id).max(50)).min(1).max(100).optional(),
  /**
   * Calibrate: a parameter the rules fix (provenance rules) is searched only as a diagnostic, said
   * here (what would changing the printed rule do?); such a search never writes defaults.
   */
  diagnostic: z.boolean().optional(),
});

const searchSchema = z.strictObject({
  /** Most candidates: a larger grid is sampled (seeded) down to this many. */
  candidates: z.number().int().min(1).max(4096).optional(),
  /** Games per candidate in the first round of successive halving. */
  firstGames: z.number().int().min(1).max(1_000_000).optional(),
  /** Games per candidate at most (the last round). */
  maxGames: z.number().int().min(1).max(10_000_000).optional(),
  /** Games on fresh indices (after the search's) for the reported values and intervals. */
  finalGames: z.number().int().min(1).max(10_000_000).optional(),
  /** Kept fraction per round is 1/eta. */
  eta: z.number().int().min(2).max(8).optional(),
  /** Most finalists (the last round's survivors) re-played on the fresh games, where the choice is made. */
  finalists: z.number().int().min(2).max(64).optional(),
});

const targetSchema = z.strictObject({
  id: armId.optional(),
  arm: id.optional(),
  rate: id.optional(),
  mean: id.optional(),
  median: id.optional(),
  equals: z.number().optional(),
  tolerance: z.number().positive().optional(),
  atMost: z.number().optional(),
  atLeast: z.number().optional(),
  modal: z.literal(true).optional(),
  /** Result ids whose summed rate this rate must stay under. */
  below: z.array(id).min(1).max(20).optional(),
  maximize: z.literal(true).optional(),
  minimize: z.literal(true).optional(),
  weight: z.number().positive().max(1000).optional(),
});

/** The fields every search file starts with (calibrate, tune and balance): what it is, which game and rules. */
export const problemHeader = {
  name: z.string().max(64).regex(idPattern, 'letters, digits, "_", "." or "-"'),
  description: z.string().max(10_000).optional(),
  /** The game's id; may be left out when `gameModule` names the game. */
  game: id.optional(),
  /** A game from outside the package: its module's path, relative to the file (docs/adding-a-game.md). */
  gameModule: z.string().min(1).max(4096).optional(),
  scenario: id.optional(),
  seed: z.number().int().min(0).max(MAX_SEED),
  variants: z.record(id, z.boolean()).optional(),
  params: z.record(id, z.unknown()).optional(),
  tuned: z.array(tunedRefSchema).min(1).max(20).optional(),
};

const common = { ...problemHeader, search: searchSchema.optional() };

const armSchema = z.strictObject({
  id: armId,
  description: z.string().max(10_000).optional(),
  /** The arm's scenario (default: the file's), e.g. a solitaire arm beside a two-player one. */
  scenario: id.optional(),
  policies: z.record(id, id).optional(),
});

const calibrateSchema = z.strictObject({
  ...common,
  arms: z.array(armSchema).min(1).max(100),
  space: z.array(spaceEntry).min(1).max(20),
  targets: z.array(targetSchema).min(1).max(50),
});

const tuneSchema = z.strictObject({
  ...common,
  /** The side whose policy is tuned. */
  side: id,
  /** The policy tuned (its declared parameters are the search space). */
  policy: id,
  /** The fixed opponents, one arm each: policies of the other sides. */
  opponents: z.array(armSchema).min(1).max(100),
  space: z.array(spaceEntry).min(1).max(100).optional(),
  /** Name the tuned weights are saved under (default: the file's name). */
  save: armId.optional(),
  /** Further targets the tuned play must keep (e.g. a result at most 25% of games), added to the win rate. */
  constraints: z.array(targetSchema).max(50).optional(),
});

export type CalibrateFile = z.infer<typeof calibrateSchema>;
export type TuneFile = z.infer<typeof tuneSchema>;

/** What one candidate plays in one arm (a chunk task without its game range). */
export interface ArmPlay {
  readonly scenario: string;
  readonly variants: readonly string[];
  readonly params: Readonly<Record<string, ParamValue>>;
  readonly policies: Readonly<Record<string, string>>;
}

/** One setting of the searched values. */
export interface Candidate {
  /** Canonical text of the setting: what its evaluation files are bound to. */
  readonly key: string;
  readonly label: string;
  /** The searched values by dimension id (variants: the set's label). */
  readonly values: Readonly<Record<string, ParamValue>>;
  /** Per arm; undefined when the game refuses the setting (`refused` says why). */
  readonly arms?: readonly ArmPlay[];
  readonly refused?: string;
  /** Tune: the policy spec of the tuned side. */
  readonly spec?: string;
}

/** A searched dimension, for the charts: numeric (a line) or categorical. */
export interface Dimension {
  readonly id: string;
  readonly numeric: boolean;
}

export interface SearchProblem {
  readonly mode: 'calibrate' | 'tune';
  /** Parameters fixed by the rules that the file searches as a diagnostic (space[].diagnostic). */
  readonly rulesSearched: readonly string[];
  readonly name: string;
  readonly description: string;
  readonly game: GameDefinition;
  /** The module the game was loaded from, for a game from outside the package. */
  readonly gameModule?: GameModuleRef;
  readonly scenario: string;
  readonly seed: number;
  readonly armIds: readonly string[];
  readonly candidates: readonly Candidate[];
  readonly dims: readonly Dimension[];
  readonly targets: readonly Target[];
  readonly plan: Required<HalvingPlan>;
  /** How the candidates were drawn from the grid, refused ones and their replacements counted. */
  readonly sampling: Sampling;
  readonly finalGames: number;
  /** Games per evaluation file (the first round's games). */
  readonly chunk: number;
  /** Tune: what is tuned, and candidate 0 is the untuned policy. */
  readonly tune?: { readonly side: string; readonly policy: string; readonly save: string };
  /** The file as checked (tuned files inline), kept in the run directory. */
  readonly source: unknown;
  /** sha256 of everything that fixes the games played: a run directory is bound to it. */
  readonly hash: string;
}

const DEFAULTS = { candidates: 64, firstGames: 100, maxGames: 3200, finalGames: 4000, eta: 2, finalists: 3 };

/** One line for a zod issue: the field's path, what is wrong and the value given. */
export function issueLine(issue: z.core.$ZodIssue, raw: unknown): string {
  const path = issue.path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '');
  let value: unknown = raw;
  for (const k of issue.path) value = (value as Record<PropertyKey, unknown> | undefined)?.[k as string];
  if (issue.code === 'unrecognized_keys')
    return `${path === '' ? '' : `field ${path}: `}unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((k) => quote(k)).join(', ')}`;
  if (value === undefined && issue.code === 'invalid_type') return `field ${path}: missing`;
  return `field ${path || '(top level)'}: ${issue.message}${value === undefined ? '' : ` (got ${quote(value)})`}`;
}

/** Reads a calibrate or tune file: one user error naming the file for anything wrong with it. */
export function loadSearchFile(path: string, mode: 'calibrate' | 'tune', games: GameRegistry): SearchProblem {
  let text: string;
  try {
    const st = statSync(path);
    if (st.isDirectory()) throw new UserError(`${path}: is a directory, not a ${mode} file`);
    if (st.size > 1_000_000)
      throw new UserError(`${path}: ${st.size} bytes; a ${mode} file is at most 1000000 bytes`);
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(
      `${path}: cannot read ${mode} file (${(e as NodeJS.ErrnoException).code ?? String(e)})`,
    );
  }
  return searchProblem(parseJsonText(text, path, `${mode} file`), mode, path, games, dirname(path));
}

/** Every value of one space entry, checked; problems name `space[i]`. */
function entryValues(
  e: z.infer<typeof spaceEntry>,
  at: string,
  declared:
    | {
        kind: string;
        min?: number | undefined;
        max?: number | undefined;
        choices?: readonly string[] | undefined;
      }
    | undefined,
  problems: string[],
): unknown[] {
  if (e.values !== undefined) return e.values;
  const min = e.min ?? declared?.min;
  const max = e.max ?? declared?.max;
  if (declared?.kind === 'choice' && e.min === undefined && e.max === undefined)
    return [...(declared.choices ?? [])];
  if (min === undefined || max === undefined || min > max) {
    problems.push(`${at}: give values, or min and max with min <= max (got min ${min}, max ${max})`);
    return [];
  }
  if (declared?.kind === 'integer') {
    const step = e.step ?? 1;
    const out: number[] = [];
    for (let x = min; x <= max + 1e-9; x += step) out.push(Math.round(x));
    return out;
  }
  const steps = e.steps ?? 5;
  // rounded for readable specs, never past the ends
  return Array.from({ length: steps }, (_, k) =>
    Math.min(max, Math.max(min, Number((min + ((max - min) * k) / (steps - 1)).toPrecision(6)))),
  );
}

/** Most grid points a sampled search draws, per candidate asked for (refused ones are replaced up to it). */
export const DRAWS_PER_CANDIDATE = 10;

/** How the candidates were drawn from the grid (result.json's `sampling`). */
export interface Sampling {
  /** Points of the full grid. */
  readonly grid: number;
  /** Distinct points drawn (the whole grid when it has at most `requested` points). */
  readonly drawn: number;
  /** Drawn points the game refuses. */
  readonly refused: number;
  readonly feasible: number;
  /** Feasible candidates asked for (search.candidates). */
  readonly requested: number;
  /** Most distinct points a sampled search draws: DRAWS_PER_CANDIDATE per candidate asked for. */
  readonly maxDraws: number;
}

/**
 * The candidates of a grid: the full product when it has at most `limit` points, else distinct
 * points drawn uniformly (seeded by `seed`) until `limit` of them are `feasible` or
 * DRAWS_PER_CANDIDATE * limit points are drawn (a refused point is replaced by the next draw), in
 * grid order. `first` (a point) is always kept, drawn first.
 */
function gridPoints(
  sizes: readonly number[],
  limit: number,
  seed: number,
  feasible: (point: readonly number[]) => boolean,
  first?: readonly number[],
): { points: number[][]; sampling: Sampling } {
  const total = sizes.reduce((a, b) => a * b, 1);
  const at = (n: number): number[] => {
    const out: number[] = [];
    for (let d = sizes.length - 1; d >= 0; d--) {
      out.unshift(n % sizes[d]!);
      n = Math.floor(n / sizes[d]!);
    }
    return out;
  };
  const indexOf = (p: readonly number[]) => p.reduce((n, x, d) => n * sizes[d]! + x, 0);
  if (total <= limit) {
    const points = Array.from({ length: total }, (_, n) => at(n));
    const ok = points.filter(feasible).length;
    return {
      points,
      sampling: {
        grid: total,
        drawn: total,
        refused: total - ok,
        feasible: ok,
        requested: limit,
        maxDraws: total,
      },
    };
  }
  const maxDraws = Math.min(total, DRAWS_PER_CANDIDATE * limit);
  const rng = streamRng(seed, 0, 'search:candidates');
  const chosen = new Set<number>();
  let ok = 0;
  const add = (n: number) => {
    if (chosen.has(n)) return;
    chosen.add(n);
    if (feasible(at(n))) ok++;
  };
  if (first !== undefined) add(indexOf(first));
  while (ok < limit && chosen.size < maxDraws) {
    // a uniform point of the grid, one coordinate at a time (the grid may exceed 2^53 points)
    add(indexOf(sizes.map((s) => randInt(rng, 0, s - 1))));
  }
  return {
    points: [...chosen].sort((a, b) => a - b).map(at),
    sampling: {
      grid: total,
      drawn: chosen.size,
      refused: chosen.size - ok,
      feasible: ok,
      requested: limit,
      maxDraws,
    },
  };
}

/**
 * The game a search or balance file plays: its `gameModule` (which the caller loaded: the registry
 * knows it by path) or its `game` id; a user error naming the file and field otherwise.
 */
export function fileGame(
  f: { readonly game?: string | undefined; readonly gameModule?: string | undefined },
  where: string,
  games: GameRegistry,
  baseDir: string,
): { game: GameDefinition; gameModule: GameModuleRef | undefined } {
  let game: GameDefinition;
  let gameModule: GameModuleRef | undefined;
  if (f.gameModule !== undefined) {
    // the caller loaded the module (its registry knows it by path): find its game
    const path = resolve(baseDir, f.gameModule);
    const found = games.list().find((g) => games.moduleOf?.(g.id)?.path === path);
    if (found === undefined)
      throw new UserError(
        `${where}: field gameModule: ${JSON.stringify(f.gameModule)} was not loaded (${path})`,
      );
    if (f.game !== undefined && f.game !== found.id)
      throw new UserError(
        `${where}: field game: ${JSON.stringify(f.game)}, but the module of field gameModule defines game ${JSON.stringify(found.id)}`,
      );
    game = found;
    gameModule = games.moduleOf!(found.id);
  } else {
    if (f.game === undefined)
      throw new UserError(`${where}: field game: missing (name a game, or a gameModule)`);
    try {
      game = games.get(f.game, 'field game');
    } catch (e) {
      if (e instanceof UserError) throw new UserError(`${where}: ${e.message}`);
      throw e;
    }
  }
  return { game, gameModule };
}

/** Checks a parsed calibrate or tune file into a search problem (every problem at once). */
export function searchProblem(
  raw: unknown,
  mode: 'calibrate' | 'tune',
  where: string,
  games: GameRegistry,
  baseDir = '.',
): SearchProblem {
  const parsed = (mode === 'calibrate' ? calibrateSchema : tuneSchema).safeParse(raw);
  if (!parsed.success)
    throw problemsError(
      where,
      parsed.error.issues.slice(0, 20).map((i) => issueLine(i, raw)),
    );
  const f = parsed.data as CalibrateFile & TuneFile;
  const problems: string[] = [];
  const { game, gameModule } = fileGame(f, where, games, baseDir);
  const tunedFiles: TunedFile[] = [];
  const tuned: TunedPolicies | undefined =
    f.tuned === undefined ? undefined : readTunedPolicies(game, f.tuned, baseDir, problems, tunedFiles);
  const given = f.search ?? {};
  const search = {
    candidates: given.candidates ?? DEFAULTS.candidates,
    firstGames: given.firstGames ?? DEFAULTS.firstGames,
    maxGames: given.maxGames ?? DEFAULTS.maxGames,
    finalGames: given.finalGames ?? DEFAULTS.finalGames,
    eta: given.eta ?? DEFAULTS.eta,
    finalists: given.finalists ?? DEFAULTS.finalists,
  };
  if (search.maxGames < search.firstGames)
    problems.push(
      `field search.maxGames: ${search.maxGames} is fewer than search.firstGames ${search.firstGames}`,
    );
  const fixed = checkSetup(game, { scenario: f.scenario, variants: f.variants, params: f.params });
  for (const p of fixed.problems) problems.push(p);
  const scenario = fixed.setup.scenario;
  const players = playerSides(game, scenario);
  const rawArms = mode === 'calibrate' ? f.arms : f.opponents;
  const armField = mode === 'calibrate' ? 'arms' : 'opponents';
  const armIds = rawArms.map((a) => a.id);
  const armScenarios = rawArms.map((a, i) => {
    if (a.scenario === undefined || a.scenario === scenario) return scenario;
    const r = checkSetup(game, { scenario: a.scenario, variants: f.variants, params: f.params });
    for (const p of r.problems) problems.push(`field ${armField}[${i}].scenario: ${p}`);
    return r.problems.length === 0 ? a.scenario : scenario;
  });
  const armPolicies: Record<string, string>[] = rawArms.map((a, i) => {
    const out: Record<string, string> = {};
    const players = playerSides(game, armScenarios[i]!);
    for (const side of players) out[side] = game.defaultPolicies[side]!;
    for (const [side, spec] of Object.entries(a.policies ?? {})) {
      const at = `field ${armField}[${i}].policies.${side}`;
      if (!players.includes(side)) {
        problems.push(
          `${at}: no policy plays side ${quote(side)} in scenario ${armScenarios[i]} (sides: ${players.join(', ')})`,
        );
        continue;
      }
      try {
        out[side] = formatPolicySpec(game, side, parsePolicySpec(game, side, spec, at, tuned));
      } catch (e) {
        if (!(e instanceof UserError)) throw e;
        problems.push(e.message);
      }
    }
    return out;
  });
  if (new Set(armIds).size !== armIds.length)
    problems.push(`field ${armField}: arm ids must differ (${armIds.join(', ')})`);

  // the searched dimensions and their values
  const dims: Dimension[] = [];
  const valueLists: unknown[][] = [];
  let policyDecl: readonly PolicyParamDef[] = [];
  if (mode === 'tune') {
    if (!players.includes(f.side))
      problems.push(
        `field side: ${quote(f.side)} is not a side a policy plays in ${scenario} (sides: ${players.join(', ')})`,
      );
    const pd = game.policies.find((p) => p.side === f.side && p.id === f.policy);
    if (pd === undefined)
      problems.push(
        `field policy: ${quote(f.policy)} is not a policy of side ${f.side} (known: ${game.policies
          .filter((p) => p.side === f.side)
          .map((p) => p.id)
          .join(', ')})`,
      );
    else if ((pd.params ?? []).length === 0)
      problems.push(`field policy: ${f.policy} declares no tunable parameters`);
    policyDecl = pd?.params ?? [];
    rawArms.forEach((a, i) => {
      if (a.policies?.[f.side] !== undefined)
        problems.push(
          `field opponents[${i}].policies.${f.side}: the tuned side's policy is the candidate, not the opponent's`,
        );
    });
  }
  const rulesSearched: string[] = [];
  const space = f.space ?? (mode === 'tune' ? policyDecl.map((d) => ({ param: d.id })) : []);
  space.forEach((e, i) => {
    const at = `field space[${i}]`;
    if ((e.param === undefined) === (e.variants === undefined)) {
      problems.push(`${at}: give exactly one of param or variants`);
      return;
    }
    if (e.variants !== undefined) {
      if (mode === 'tune') {
        problems.push(`${at}: tune searches policy parameters, not variants`);
        return;
      }
      e.variants.forEach((set, j) => {
        const vs = Object.fromEntries(set.map((v) => [v, true]));
        const r = checkSetup(game, {
          scenario,
          variants: { ...(f.variants ?? {}), ...vs },
          params: f.params,
        });
        for (const p of r.problems) problems.push(`${at}.variants[${j}]: ${p}`);
      });
      dims.push({ id: 'variants', numeric: false });
      valueLists.push(e.variants.map((set) => (set.length === 0 ? [] : [...set])));
      return;
    }
    const param = e.param!;
    if (dims.some((d) => d.id === param)) problems.push(`${at}: parameter ${quote(param)} is searched twice`);
    if (mode === 'tune') {
      const d = policyDecl.find((x) => x.id === param);
      if (d === undefined) {
        problems.push(
          `${at}: field param: policy ${f.policy} has no parameter ${quote(param)} (known: ${policyDecl.map((x) => x.id).join(', ')})`,
        );
        return;
      }
      const values = entryValues(e, at, d, problems);
      values.forEach((v, j) => {
        if (typeof v !== 'number' || v < d.min || v > d.max || (d.kind === 'integer' && !Number.isInteger(v)))
          problems.push(
            `${at}: value ${j} must be ${d.kind === 'integer' ? 'an integer' : 'a number'} in ${d.min}..${d.max}, got ${quote(v)}`,
          );
      });
      dims.push({ id: param, numeric: true });
      valueLists.push(values);
      return;
    }
    const p = game.parameters.find((x) => x.id === param);
    if (p === undefined) {
      problems.push(
        `${at}: field param: ${quote(param)} is not a parameter of ${game.id} (known: ${game.parameters.map((x) => x.id).join(', ')})`,
      );
      return;
    }
    if (p.provenance === 'rules') {
      if (e.diagnostic !== true) {
        problems.push(
          `${at}: field param: ${quote(param)} is fixed by the rules (provenance rules, ${p.source}); calibrate searches what the rules leave open (say "diagnostic": true to search it anyway, never to write defaults)`,
        );
        return;
      }
      rulesSearched.push(param);
    }
    if (f.params?.[param] !== undefined)
      problems.push(`${at}: parameter ${quote(param)} is both fixed (params) and searched`);
    const values = entryValues(e, at, p, problems).map((v, j) => {
      try {
        return checkParam(p, v, `${at}: value ${j}`, game.locationIds?.());
      } catch (err) {
        if (!(err instanceof UserError)) throw err;
        problems.push(err.message);
        return v;
      }
    });
    dims.push({ id: param, numeric: p.kind === 'integer' || p.kind === 'number' });
    valueLists.push(values);
  });
  const targets =
    mode === 'tune'
      ? [
          ...checkTargets(game, armIds, [{ rate: f.side, maximize: true, id: 'win' }], problems),
          ...checkTargets(game, armIds, f.constraints ?? [], problems, 'constraints'),
        ]
      : checkTargets(game, armIds, f.targets, problems);
  if (problems.length > 0) throw problemsError(where, problems);

  // candidates: grid points (tune: the untuned policy first)
  const sizes = valueLists.map((v) => v.length);
  let defaultPoint: number[] | undefined;
  if (mode === 'tune') {
    const withDefaults = valueLists.map((vs, d) => {
      const decl = policyDecl.find((x) => x.id === dims[d]!.id)!;
      const k = vs.indexOf(decl.default);
      return k;
    });
    defaultPoint = withDefaults.every((k) => k >= 0) ? withDefaults : undefined;
  }
  const candidates: Candidate[] = [];
  const makeCandidate = (
    valuesByDim: Record<string, ParamValue>,
    params: Record<string, number> | undefined,
    point?: number[],
  ): Candidate => {
    const label = Object.entries(valuesByDim)
      .map(([k, v]) => `${k}=${Array.isArray(v) ? (v.length === 0 ? 'default' : paramLabel(v)) : String(v)}`)
      .join(' ');
    if (mode === 'tune') {
      const spec = formatPolicySpec(game, f.side, { id: f.policy, params: params! });
      const arms = armPolicies.map((pol, a) => ({
        scenario: armScenarios[a]!,
        variants: [...fixed.setup.variants].sort(),
        params: fixed.setup.params,
        policies: { ...pol, [f.side]: spec },
      }));
      return { key: spec, label: point === undefined ? 'untuned' : label, values: valuesByDim, arms, spec };
    }
    const gp: Record<string, ParamValue> = { ...(f.params as Record<string, ParamValue> | undefined) };
    let vs: Record<string, boolean> = { ...(f.variants ?? {}) };
    for (const [k, v] of Object.entries(valuesByDim)) {
      if (k === 'variants') vs = { ...vs, ...Object.fromEntries((v as string[]).map((x) => [x, true])) };
      else gp[k] = v;
    }
    const r = checkSetup(game, { scenario, variants: vs, params: gp });
    const key = canonicalJson({ variants: [...r.setup.variants].sort(), params: r.setup.params });
    if (r.problems.length > 0) return { key, label, values: valuesByDim, refused: r.problems.join('; ') };
    // each scenario the arms play must accept the setting and start a game
    const setups = new Map<string, typeof r.setup>();
    for (const sc of new Set(armScenarios)) {
      const rs = sc === scenario ? r : checkSetup(game, { scenario: sc, variants: vs, params: gp });
      if (rs.problems.length > 0)
        return { key, label, values: valuesByDim, refused: `scenario ${sc}: ${rs.problems.join('; ')}` };
      try {
        game.start(rs.setup, { masterSeed: f.seed, gameIndex: 0 });
      } catch (err) {
        return { key, label, values: valuesByDim, refused: err instanceof Error ? err.message : String(err) };
      }
      setups.set(sc, rs.setup);
    }
    const arms = armPolicies.map((pol, a) => {
      const su = setups.get(armScenarios[a]!)!;
      return { scenario: su.scenario, variants: [...su.variants].sort(), params: su.params, policies: pol };
    });
    return { key, label, values: valuesByDim, arms };
  };
  // one candidate per grid point, made once (sampling asks whether the game accepts it)
  const made = new Map<string, Candidate>();
  const pointCandidate = (p: readonly number[]): Candidate => {
    const key = p.join(',');
    const known = made.get(key);
    if (known !== undefined) return known;
    const values: Record<string, ParamValue> = {};
    p.forEach((k, d) => {
      values[dims[d]!.id] = valueLists[d]![k] as ParamValue;
    });
    let c: Candidate;
    if (mode === 'tune') {
      const params: Record<string, number> = {};
      for (const d of policyDecl) params[d.id] = d.default;
      for (const [k, v] of Object.entries(values)) params[k] = v as number;
      const isDefault = defaultPoint !== undefined && p.every((k, d) => k === defaultPoint![d]);
      c = makeCandidate(values, params, isDefault ? undefined : [...p]);
    } else c = makeCandidate(values, undefined, [...p]);
    made.set(key, c);
    return c;
  };
  const { points, sampling } = gridPoints(
    sizes,
    search.candidates,
    f.seed,
    (p) => pointCandidate(p).arms !== undefined,
    defaultPoint,
  );
  if (mode === 'tune' && defaultPoint === undefined) {
    // the untuned policy is candidate 0 even when its defaults are not grid values
    const params: Record<string, number> = {};
    for (const d of policyDecl) params[d.id] = d.default;
    const values: Record<string, ParamValue> = {};
    for (const d of dims) values[d.id] = params[d.id]!;
    candidates.push(makeCandidate(values, params));
  }
  for (const p of points) {
    const c = pointCandidate(p);
    if (mode === 'tune' && defaultPoint !== undefined && p.every((k, d) => k === defaultPoint![d]))
      candidates.unshift(c);
    else candidates.push(c);
  }
  if (!candidates.some((c) => c.arms !== undefined))
    throw new UserError(
      `${where}: the game refuses every candidate (first: ${candidates[0]?.refused ?? 'none'})`,
    );
  const eta = search.eta;
  // rounds double from firstGames; maxGames is rounded up to the last round's games
  let maxGames = search.firstGames;
  while (maxGames < search.maxGames) maxGames *= eta;
  const plan = { firstGames: search.firstGames, maxGames, eta, finalists: search.finalists };
  const source = {
    ...(raw as Record<string, unknown>),
    ...(tunedFiles.length === 0 ? {} : { tuned: tunedFiles }),
    // the module by its absolute path, so the run directory's copy resumes anywhere
    ...(gameModule === undefined ? {} : { game: game.id, gameModule: gameModule.path }),
  };
  const hash = sha256(
    canonicalJson({
      ...(gameModule === undefined ? {} : { module: gameModule.sha256 }),
      mode,
      game: game.id,
      data: sha256(canonicalJson(game.data)),
      seed: f.seed,
      candidates: candidates.map((c) => ({ key: c.key, arms: c.arms ?? null })),
      targets,
      plan,
      finalGames: search.finalGames,
    }),
  );
  return {
    mode,
    rulesSearched,
    name: f.name,
    description: f.description ?? '',
    game,
    ...(gameModule === undefined ? {} : { gameModule }),
    scenario,
    seed: f.seed,
    armIds,
    candidates,
    dims,
    targets,
    plan,
    sampling,
    finalGames: search.finalGames,
    chunk: search.firstGames,
    ...(mode === 'tune' ? { tune: { side: f.side, policy: f.policy, save: f.save ?? f.name } } : {}),
    source,
    hash,
  };
}
