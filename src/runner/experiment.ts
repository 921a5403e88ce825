import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { quote, UserError } from '../core/errors.js';
import type { GameDefinition, GameSetup, ParamValue } from '../core/game.js';
import { formatPolicySpec, parsePolicySpec, playerSides } from '../core/policies.js';
import { createRegistry, type GameModuleRef, type GameRegistry } from '../core/registry.js';
import { MAX_SEED } from '../core/rng.js';
import { checkSetup, paramLabel, sweepPoints } from '../core/setup.js';
import {
  type ArmEntry,
  type MatrixInput,
  matrixArms,
  type RoundRobinInput,
  readingArms,
  roundRobinArms,
} from './arm-sets.js';
import { MAX_JSON_DEPTH, parseJsonText } from './json-text.js';
import { type LadderInput, ladderArms, ladderSchema } from './ladder-arms.js';
import { MAX_GAMES } from './limits.js';
import { readTunedPolicies, type TunedFile, tunedRefSchema } from './tuned.js';

/** Ids that name files and directories (an experiment's name) or appear in reports (arm ids). */
export const idPattern = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const ID_CHARS = 'letters, digits, "_", "." or "-"';

export { MAX_GAMES } from './limits.js';

/**
 * Size limits on an experiment file and its values, so a hostile file is one clear error, never a
 * stack overflow, an out-of-memory or a file name the system refuses.
 */
export const EXPERIMENT_LIMITS = {
  /** Bytes of the file. */
  fileBytes: 1_000_000,
  /** Characters of the name (it becomes the default directory reports/<name>). */
  name: 64,
  /** Characters of an arm id, or of any other id (game, scenario, policy, variant, parameter). */
  id: 128,
  /** Characters of any string value (descriptions). */
  string: 10_000,
  /** Elements of any array. */
  array: 10_000,
  /** Arms after a matrix, a round robin and a sweep are expanded. */
  arms: 10_000,
} as const;

const idText = z.string().max(EXPERIMENT_LIMITS.id);
const armId = idText.regex(idPattern, ID_CHARS);
const descriptionText = z.string().max(EXPERIMENT_LIMITS.string);
const variantsSchema = z.record(idText, z.boolean());
const paramsSchema = z.record(idText, z.unknown());

const armSchema = z.strictObject({
  id: armId,
  description: descriptionText.optional(),
  scenario: idText.optional(),
  policies: z.record(idText, idText).optional(),
  variants: variantsSchema.optional(),
  params: paramsSchema.optional(),
  /** The arm this one is compared with (default: the experiment's baseline). */
  baseline: idText.optional(),
  // What a manifest records besides (an arm copied from manifest.json stays valid): the
  // reconstructed parameters and a round robin's entrants follow from the rest, so they are not read.
  reconstructed: z.array(idText).max(1000).optional(),
  entrants: z.record(idText, idText).optional(),
});

/** Every listed policy of each side against every listed policy of the others (src/runner/arm-sets.ts). */
const matrixSchema = z.strictObject({
  description: descriptionText.optional(),
  scenario: idText.optional(),
  policies: z.record(idText, z.union([z.literal('*'), z.array(idText).min(1).max(100)])),
  variants: variantsSchema.optional(),
  params: paramsSchema.optional(),
  baseline: idText.optional(),
  /** The same matrix under the game's verdict readings (src/runner/arm-sets.ts readingArms). */
  readings: z.union([z.literal('declared'), z.array(armId).min(1).max(100)]).optional(),
});

/** Every entrant against every other, as each side (src/runner/arm-sets.ts). */
const roundRobinSchema = z.strictObject({
  entrants: z
    .array(
      z.strictObject({
        id: armId,
        description: descriptionText.optional(),
        policies: z.record(idText, idText),
      }),
    )
    .min(2)
    .max(100),
  self: z.boolean().optional(),
  scenario: idText.optional(),
  variants: variantsSchema.optional(),
  params: paramsSchema.optional(),
});

/** The file's top level; `games` and `seed` may come from flags instead. Arms are checked one by one. */
const topSchema = z.strictObject({
  name: z.string().max(EXPERIMENT_LIMITS.name).regex(idPattern, ID_CHARS),
  description: z.string().max(EXPERIMENT_LIMITS.string).optional(),
  /** The game's id; may be left out when `gameModule` names the game. */
  game: z.string().max(EXPERIMENT_LIMITS.id).optional(),
  /**
   * A game from outside the package: the path of its module, relative to the experiment file
   * (src/runner/game-module.ts). Loaded before the file is checked (the caller's registry holds it).
   */
  gameModule: z.string().min(1).max(4096).optional(),
  scenario: z.string().max(EXPERIMENT_LIMITS.id).optional(),
  games: z.number().int().min(1).max(MAX_GAMES).optional(),
  seed: z.number().int().min(0).max(MAX_SEED).optional(),
  chunkSize: z.number().int().min(1).max(1_000_000).optional(),
  baseline: z.string().max(EXPERIMENT_LIMITS.id).optional(),
  /** Plays every arm at each value of one parameter (a sensitivity sweep). */
  sweep: z
    .strictObject({
      parameter: z.string().max(EXPERIMENT_LIMITS.id),
      values: z.array(z.unknown()).min(1).max(1000),
    })
    .optional(),
  /** Arms of a policy matrix, before the explicit arms (checked on its own: matrixSchema). */
  matrix: z.unknown().optional(),
  /** Arms of a round robin, after the matrix (checked on its own: roundRobinSchema). */
  roundRobin: z.unknown().optional(),
  /** Arms of a skill ladder, one policy matrix (checked on its own: src/runner/ladder-arms.ts). */
  ladder: z.unknown().optional(),
  arms: z.array(z.unknown()).min(1).max(1000).optional(),
  /** Tuned-policies files (relative to the experiment file) whose names `policy@name` specs use. */
  tuned: z.array(tunedRefSchema).min(1).max(20).optional(),
});

/**
 * An experiment as a value, as an experiment file holds it (see docs/cli.md "Experiment files"): `games`
 * and `seed` may be left out when they are given as overrides.
 */
export type ExperimentSpec = Omit<z.input<typeof topSchema>, 'arms'> & {
  readonly arms: readonly z.input<typeof armSchema>[];
};

/** An experiment file as written (after command-line overrides). */
export type ExperimentFile = Omit<
  z.infer<typeof topSchema>,
  'arms' | 'games' | 'seed' | 'matrix' | 'roundRobin' | 'ladder'
> & {
  readonly games: number;
  readonly seed: number;
  readonly matrix?: MatrixInput;
  readonly roundRobin?: RoundRobinInput;
  readonly ladder?: LadderInput;
  readonly arms?: z.infer<typeof armSchema>[];
};

/** One arm after validation: a scenario, variants and parameters, and a policy per side. */
export interface ResolvedArm {
  readonly id: string;
  readonly description: string;
  readonly setup: GameSetup;
  readonly policies: Readonly<Record<string, string>>;
  readonly baseline?: string;
  /** In a round robin: the entrant playing each side. */
  readonly entrants?: Readonly<Record<string, string>>;
}

export interface Experiment {
  readonly name: string;
  readonly description: string;
  readonly game: GameDefinition;
  /** The module the game was loaded from, for a game from outside the package. */
  readonly gameModule?: GameModuleRef;
  readonly games: number;
  readonly seed: number;
  readonly chunkSize: number;
  readonly baseline: string | undefined;
  readonly arms: readonly ResolvedArm[];
  /** The file as given (after overrides), kept in the manifest. */
  readonly source: ExperimentFile;
}

/** Values given on the command line in place of the file's (`--games`, `--seed`, `--chunk-size`). */
export interface ExperimentOverrides {
  readonly games?: number | undefined;
  readonly seed?: number | undefined;
  readonly chunkSize?: number | undefined;
}

export const DEFAULT_CHUNK = 1000;

function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '');
}

/** Keys that would reach an object's prototype if a parser or a spread assigned them. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Problems of a parsed JSON value that no schema should ever see: prototype keys, nesting beyond
 * MAX_JSON_DEPTH, over-long strings, keys and arrays (each named by its path).
 */
function valueProblems(raw: unknown): string[] {
  const problems: string[] = [];
  const walk = (v: unknown, path: PropertyKey[]): void => {
    if (problems.length >= 20) return;
    if (path.length > MAX_JSON_DEPTH) {
      problems.push(`field ${formatPath(path)}: nested more than ${MAX_JSON_DEPTH} levels deep`);
      return;
    }
    if (typeof v === 'string') {
      if (v.length > EXPERIMENT_LIMITS.string)
        problems.push(
          `field ${formatPath(path) || '(top level)'}: a string of ${v.length} characters (at most ${EXPERIMENT_LIMITS.string})`,
        );
      return;
    }
    if (Array.isArray(v)) {
      if (v.length > EXPERIMENT_LIMITS.array) {
        problems.push(`field ${formatPath(path)}: ${v.length} elements (at most ${EXPERIMENT_LIMITS.array})`);
        return;
      }
      for (let i = 0; i < v.length; i++) walk(v[i], [...path, i]);
      return;
    }
    if (v !== null && typeof v === 'object') {
      for (const k of Object.keys(v)) {
        if (FORBIDDEN_KEYS.has(k)) {
          problems.push(`field ${formatPath([...path, k])}: the key ${quote(k)} is not allowed`);
          continue;
        }
        if (k.length > EXPERIMENT_LIMITS.id) {
          problems.push(
            `field ${formatPath(path) || '(top level)'}: a key of ${k.length} characters (at most ${EXPERIMENT_LIMITS.id})`,
          );
          continue;
        }
        walk((v as Record<string, unknown>)[k], [...path, k]);
      }
    }
  };
  walk(raw, []);
  return problems;
}

/** Flags that can stand in for a field the file leaves out. */
const FIELD_FLAGS: Readonly<Record<string, string>> = { games: '--games', seed: '--seed' };

/** One zod issue as a problem naming the field and the value found there. */
function issueProblem(issue: z.core.$ZodIssue, root: unknown, prefix: readonly PropertyKey[] = []): string {
  const path = [...prefix, ...issue.path];
  const field = formatPath(path) || '(top level)';
  let value: unknown = root;
  for (const k of issue.path) value = (value as Record<PropertyKey, unknown> | undefined)?.[k as string];
  if (issue.code === 'unrecognized_keys')
    return `${field === '(top level)' ? '' : `field ${field}: `}unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((k) => quote(k)).join(', ')}`;
  if (value === undefined && issue.code === 'invalid_type') {
    const flag =
      prefix.length === 0 && issue.path.length === 1 ? FIELD_FLAGS[String(issue.path[0])] : undefined;
    return `field ${field}: missing${flag === undefined ? '' : ` (give it in the file or with ${flag})`}`;
  }
  return `field ${field}: ${issue.message}${value === undefined ? '' : ` (got ${quote(value)})`}`;
}

/** A user error listing every problem of one file: one problem per line would hide none of them. */
export function problemsError(where: string, problems: readonly string[]): UserError {
  if (problems.length === 1) return new UserError(`${where}: ${problems[0]}`);
  return new UserError(
    `${where}: ${problems.length} problems: ${problems.map((p, i) => `(${i + 1}) ${p}`).join('; ')}`,
  );
}

/**
 * Parses and checks an experiment, listing every problem at once; `where` names its file in the
 * error. Besides the schema it checks what only the game can: scenarios, policies, variants,
 * parameters, and that the game starts with each arm's setup (a game's own late checks, such as
 * an off-map hex, run here, before anything is written).
 */
export function parseExperiment(raw: unknown, where: string, games: GameRegistry, baseDir = '.'): Experiment {
  const early = valueProblems(raw);
  if (early.length > 0) throw problemsError(where, early);
  // a calibrate or tune file (docs/calibrate.md) or a balance file (docs/cli.md) given to run: say which command reads it
  const fields = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  if (fields.games === undefined && fields.targets !== undefined && fields.space !== undefined)
    throw new UserError(
      `${where}: a calibrate file (space, targets), not an experiment: sandtable calibrate ${where}`,
    );
  if (fields.games === undefined && fields.opponents !== undefined && fields.policy !== undefined)
    throw new UserError(
      `${where}: a tune file (policy, opponents), not an experiment: sandtable tune ${where}`,
    );
  if (fields.start !== undefined && fields.candidates !== undefined)
    throw new UserError(
      `${where}: a balance file (start, candidates), not an experiment: sandtable balance ${where}`,
    );
  const problems: string[] = [];
  const parsed = topSchema.safeParse(raw);
  if (!parsed.success) for (const issue of parsed.error.issues) problems.push(issueProblem(issue, raw));
  const top = parsed.success ? parsed.data : undefined;
  const rawTop = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  for (const field of ['games', 'seed'] as const) {
    if (rawTop[field] === undefined)
      problems.push(`field ${field}: missing (give it in the file or with ${FIELD_FLAGS[field]})`);
  }
  let game: GameDefinition | undefined;
  let gameModule: GameModuleRef | undefined;
  if (typeof rawTop.gameModule === 'string') {
    // the caller loaded the module (its registry knows it by path): find its game
    const path = resolve(baseDir, rawTop.gameModule);
    const found = games.list().find((g) => games.moduleOf?.(g.id)?.path === path);
    if (found === undefined) {
      problems.push(`field gameModule: ${quote(rawTop.gameModule)} was not loaded (${path})`);
    } else if (typeof rawTop.game === 'string' && rawTop.game !== found.id) {
      problems.push(
        `field game: ${quote(rawTop.game)}, but the module of field gameModule ${quote(rawTop.gameModule)} defines game ${quote(found.id)}`,
      );
    } else {
      game = found;
      gameModule = games.moduleOf!(found.id);
    }
  } else if (rawTop.game === undefined) {
    problems.push('field game: missing (name a game, or a gameModule)');
  } else if (typeof rawTop.game === 'string') {
    try {
      game = games.get(rawTop.game, 'field game');
    } catch (e) {
      if (!(e instanceof UserError)) throw e;
      problems.push(e.message);
    }
  }
  const fileScenario = top?.scenario ?? (typeof rawTop.scenario === 'string' ? rawTop.scenario : undefined);
  // Each part on its own, so one bad arm, matrix or round robin does not hide the others' problems.
  const matrix = partOf(matrixSchema, rawTop, 'matrix', problems);
  const roundRobin = partOf(roundRobinSchema, rawTop, 'roundRobin', problems);
  const ladder = partOf(ladderSchema, rawTop, 'ladder', problems);
  // a ladder is read as one matrix of its own (src/analysis/ladder.ts): nothing may join or split it
  for (const other of ['matrix', 'roundRobin', 'sweep'] as const)
    if (rawTop.ladder !== undefined && rawTop[other] !== undefined)
      problems.push(`field ${other}: not allowed with a ladder (run it as an experiment of its own)`);
  const rawArms = Array.isArray(rawTop.arms) ? (rawTop.arms as unknown[]) : [];
  const fileArms: ArmEntry[] = [];
  rawArms.slice(0, 1000).forEach((a, i) => {
    const r = armSchema.safeParse(a);
    if (r.success) fileArms.push({ a: r.data, where: `arms[${i}]` });
    else for (const issue of r.error.issues) problems.push(issueProblem(issue, a, ['arms', i]));
  });
  if (
    rawTop.arms === undefined &&
    rawTop.matrix === undefined &&
    rawTop.roundRobin === undefined &&
    rawTop.ladder === undefined
  )
    problems.push('field arms: missing (give arms, a matrix, a roundRobin or a ladder)');
  const declared: ArmEntry[] = [];
  const tunedFiles: TunedFile[] = [];
  const tuned =
    game !== undefined && top?.tuned !== undefined
      ? readTunedPolicies(game, top.tuned, baseDir, problems, tunedFiles)
      : undefined;
  if (game !== undefined) {
    const ctx = {
      game,
      fileScenario,
      limit: EXPERIMENT_LIMITS.arms,
      problems,
      ...(tuned === undefined ? {} : { tuned }),
    };
    if (matrix !== undefined) {
      const own = matrixArms(ctx, matrix);
      declared.push(...own, ...readingArms(ctx, matrix, own));
    }
    if (roundRobin !== undefined) declared.push(...roundRobinArms(ctx, roundRobin));
    if (ladder !== undefined) declared.push(...ladderArms(ctx, ladder));
  }
  declared.push(...fileArms);
  const sweep = top?.sweep;
  if (sweep !== undefined && matrix?.readings !== undefined)
    problems.push(
      'field matrix.readings: a matrix under readings cannot be swept as well (field sweep): give one of them',
    );
  let armsIn = declared;
  if (sweep !== undefined && game !== undefined) {
    const param = game.parameters.find((p) => p.id === sweep.parameter);
    const points = param === undefined ? [] : sweepPoints(sweep.values, param.default);
    if (param === undefined) {
      problems.push(
        `field sweep.parameter: ${quote(sweep.parameter)} is not a parameter of ${game.id} (known: ${game.parameters.map((p) => p.id).join(', ')})`,
      );
      armsIn = [];
    } else if (declared.length * points.length > EXPERIMENT_LIMITS.arms) {
      problems.push(
        `field sweep.values: ${declared.length} arms at ${points.length} values make ${declared.length * points.length} arms (at most ${EXPERIMENT_LIMITS.arms})`,
      );
      armsIn = [];
    } else {
      armsIn = sweepArms(declared, sweep.parameter, points, param.default);
    }
  } else if (declared.length > EXPERIMENT_LIMITS.arms) {
    problems.push(`${declared.length} arms (at most ${EXPERIMENT_LIMITS.arms})`);
    armsIn = [];
  }
  const seen = new Set<string>();
  const arms: ResolvedArm[] = [];
  const ats: string[] = [];
  if (game !== undefined) {
    const g = game;
    for (const { a: arm, where, entrants } of armsIn) {
      const at = `${where} (${arm.id})`;
      ats.push(at);
      const before = problems.length;
      if (seen.has(arm.id)) problems.push(`${at}: field id: arm id ${quote(arm.id)} is used twice`);
      seen.add(arm.id);
      const { setup, problems: setupProblems } = checkSetup(g, {
        scenario: arm.scenario ?? fileScenario,
        variants: arm.variants,
        params: arm.params,
      });
      for (const p of setupProblems) problems.push(`${at}: ${p}`);
      const players = playerSides(g, setup.scenario);
      const policies: Record<string, string> = {};
      for (const side of players) policies[side] = g.defaultPolicies[side]!;
      for (const [side, policy] of Object.entries(arm.policies ?? {})) {
        if (!g.sides.some((s) => s.id === side)) {
          problems.push(
            `${at}: field policies: unknown side ${quote(side)} (sides: ${g.sides.map((s) => s.id).join(', ')})`,
          );
        } else if (!players.includes(side)) {
          problems.push(
            `${at}: field policies.${side}: side ${quote(side)} is played by the rules in scenario ${setup.scenario}, not by a policy`,
          );
        } else {
          // id or id:param=value,... (typed policy parameters, e.g. rollout:n=16)
          try {
            const spec = parsePolicySpec(g, side, policy, `${at}: field policies.${side}`, tuned);
            policies[side] = formatPolicySpec(g, side, spec);
          } catch (e) {
            if (!(e instanceof UserError)) throw e;
            problems.push(e.message);
          }
        }
      }
      if (problems.length === before) {
        // The game's own checks of a setup (hexes on the map, tables that add up) run when it
        // starts: start it once here so they are refused now, naming the file and the arm.
        try {
          g.start(setup, { masterSeed: top?.seed ?? 0, gameIndex: 0 });
        } catch (e) {
          problems.push(`${at}: the game refuses this setup: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
      arms.push({
        id: arm.id,
        description: arm.description ?? '',
        setup,
        policies,
        ...(arm.baseline === undefined ? {} : { baseline: arm.baseline }),
        ...(entrants === undefined ? {} : { entrants }),
      });
    }
    arms.forEach((a, i) => {
      if (a.baseline !== undefined && (!seen.has(a.baseline) || a.baseline === a.id)) {
        problems.push(
          `${ats[i]}: field baseline: ${quote(a.baseline)} is not another arm's id (arms: ${[...seen].join(', ')})`,
        );
      }
    });
    if (top?.baseline !== undefined && !seen.has(top.baseline)) {
      problems.push(
        `field baseline: ${quote(top.baseline)} is not an arm id (arms: ${[...seen].join(', ')})`,
      );
    }
  }
  if (problems.length > 0) throw problemsError(where, problems);
  // No problems: the schema passed, the game is known and games and seed are present.
  const file = top!;
  const { matrix: _m, roundRobin: _r, ladder: _l, arms: _a, ...rest } = file;
  const source: ExperimentFile = {
    ...rest,
    // the module by its absolute path and the game by its id, so the manifest's copy replays anywhere
    ...(gameModule === undefined ? {} : { game: game!.id, gameModule: gameModule.path }),
    games: file.games!,
    seed: file.seed!,
    ...(matrix === undefined ? {} : { matrix }),
    ...(roundRobin === undefined ? {} : { roundRobin }),
    ...(ladder === undefined ? {} : { ladder }),
    ...(file.arms === undefined ? {} : { arms: fileArms.map((x) => x.a) }),
    // inline, so the manifest replays without the files
    ...(file.tuned === undefined ? {} : { tuned: tunedFiles }),
  };
  return {
    name: file.name,
    description: file.description ?? '',
    game: game!,
    ...(gameModule === undefined ? {} : { gameModule }),
    games: source.games,
    seed: source.seed,
    chunkSize: file.chunkSize ?? DEFAULT_CHUNK,
    baseline: file.baseline,
    arms,
    source,
  };
}

/** A sweep point's label: "0202+0703" for lists, the value itself otherwise. */
export { paramLabel as sweepLabel } from '../core/setup.js';

/** Labels of a swept parameter's values; the arm id of `id` at `value` is `<id>@<parameter>=<label>`. */
const sweptId = (id: string, parameter: string, value: unknown) => `${id}@${parameter}=${paramLabel(value)}`;

/**
 * Each arm at each point, as arms named `<arm>@<parameter>=<value>`. A point's baseline is the
 * same arm at the parameter's default; an arm that names its own baseline B is compared with B at
 * the same point instead; the default points of arms without one fall to the experiment's baseline.
 */
function sweepArms(
  arms: readonly ArmEntry[],
  parameter: string,
  points: readonly unknown[],
  defaultValue: ParamValue,
): ArmEntry[] {
  const d = paramLabel(defaultValue);
  return arms.flatMap((e) =>
    points.map((v) => {
      const { baseline: own, ...arm } = e.a;
      const isDefault = paramLabel(v) === d;
      const baseline =
        own !== undefined
          ? sweptId(own, parameter, v)
          : isDefault
            ? undefined
            : sweptId(arm.id, parameter, defaultValue);
      return {
        ...e,
        a: {
          ...arm,
          id: sweptId(arm.id, parameter, v),
          params: { ...(arm.params ?? {}), [parameter]: v },
          ...(baseline === undefined ? {} : { baseline }),
        },
      };
    }),
  );
}

/** A matrix, round robin or ladder checked by `schema`, or undefined with its problems added (absent: undefined). */
function partOf<T>(
  schema: z.ZodType<T>,
  rawTop: Record<string, unknown>,
  field: 'matrix' | 'roundRobin' | 'ladder',
  problems: string[],
): T | undefined {
  const raw = rawTop[field];
  if (raw === undefined) return undefined;
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  for (const issue of r.error.issues) problems.push(issueProblem(issue, raw, [field]));
  return undefined;
}

/**
 * Reads an experiment file, applies command-line overrides and checks it all. A missing, huge or
 * malformed file is one user error naming it (malformed JSON with its line and column).
 */
export function loadExperiment(
  path: string,
  games: GameRegistry,
  overrides: ExperimentOverrides = {},
): Experiment {
  let text: string;
  try {
    const st = statSync(path);
    if (st.isDirectory()) throw new UserError(`${path}: is a directory, not an experiment file`);
    if (st.size > EXPERIMENT_LIMITS.fileBytes)
      throw new UserError(
        `${path}: ${st.size} bytes; an experiment file is at most ${EXPERIMENT_LIMITS.fileBytes} bytes`,
      );
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(
      `${path}: cannot read experiment file (${(e as NodeJS.ErrnoException).code ?? String(e)})`,
    );
  }
  return experimentFromValue(
    parseJsonText(text, path, 'experiment file'),
    path,
    games,
    overrides,
    dirname(path),
  );
}

/**
 * An experiment given as a parsed value (what an experiment file holds) rather than a file: the
 * overrides applied, then every check loadExperiment makes; `where` names it in the error.
 */
export function experimentFromValue(
  raw: unknown,
  where: string,
  games: GameRegistry,
  overrides: ExperimentOverrides = {},
  baseDir = '.',
): Experiment {
  return parseExperiment(applyOverrides(raw, overrides), where, games, baseDir);
}

function applyOverrides(raw: unknown, o: ExperimentOverrides): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  return {
    ...raw,
    ...(o.games === undefined ? {} : { games: o.games }),
    ...(o.seed === undefined ? {} : { seed: o.seed }),
    ...(o.chunkSize === undefined ? {} : { chunkSize: o.chunkSize }),
  };
}

/** The same experiment with command-line overrides applied and re-validated. */
export function withOverrides(exp: Experiment, o: ExperimentOverrides, where: string): Experiment {
  // the experiment's own game is the only one it can name (its module, when it has one, by absolute path)
  const modules = new Map(exp.gameModule === undefined ? [] : [[exp.game.id, exp.gameModule] as const]);
  return parseExperiment(
    applyOverrides(exp.source, o),
    where,
    createRegistry([exp.game], undefined, modules),
  );
}
