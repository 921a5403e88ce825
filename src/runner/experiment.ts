import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { quote, UserError } from '../core/errors.js';
import type { GameDefinition, GameSetup } from '../core/game.js';
import { formatPolicySpec, parsePolicySpec, playerSides } from '../core/policies.js';
import { createRegistry, type GameRegistry } from '../core/registry.js';
import { MAX_SEED } from '../core/rng.js';
import { paramLabel, resolveSetup } from '../core/setup.js';

const idPattern = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

const armSchema = z.strictObject({
  id: z.string().regex(idPattern, 'letters, digits, "_", "." or "-"'),
  description: z.string().optional(),
  scenario: z.string().optional(),
  policies: z.record(z.string(), z.string()).optional(),
  variants: z.record(z.string(), z.boolean()).optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  /** The arm this one is compared with (default: the experiment's baseline). */
  baseline: z.string().optional(),
});

export const experimentSchema = z.strictObject({
  name: z.string().regex(idPattern, 'letters, digits, "_", "." or "-"'),
  description: z.string().optional(),
  game: z.string(),
  scenario: z.string().optional(),
  games: z.number().int().min(1).max(100_000_000),
  seed: z.number().int().min(0).max(MAX_SEED),
  chunkSize: z.number().int().min(1).max(1_000_000).optional(),
  baseline: z.string().optional(),
  /** Plays every arm at each value of one parameter (a sensitivity sweep). */
  sweep: z
    .strictObject({
      parameter: z.string(),
      values: z.array(z.unknown()).min(1).max(1000),
    })
    .optional(),
  arms: z.array(armSchema).min(1),
});

export type ExperimentFile = z.infer<typeof experimentSchema>;

/** One arm after validation: a scenario, variants and parameters, and a policy per side. */
export interface ResolvedArm {
  readonly id: string;
  readonly description: string;
  readonly setup: GameSetup;
  readonly policies: Readonly<Record<string, string>>;
  readonly baseline?: string;
}

export interface Experiment {
  readonly name: string;
  readonly description: string;
  readonly game: GameDefinition;
  readonly games: number;
  readonly seed: number;
  readonly chunkSize: number;
  readonly baseline: string | undefined;
  readonly arms: readonly ResolvedArm[];
  /** The file as given (after overrides), kept in the manifest. */
  readonly source: ExperimentFile;
}

export const DEFAULT_CHUNK = 1000;

function formatZodPath(path: readonly PropertyKey[]): string {
  return path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '');
}

/** Parses and checks an experiment; `where` names its file in every error. */
export function parseExperiment(raw: unknown, where: string, games: GameRegistry): Experiment {
  const parsed = experimentSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = formatZodPath(issue.path) || '(top level)';
    let value: unknown = raw;
    for (const k of issue.path) value = (value as Record<PropertyKey, unknown> | undefined)?.[k as string];
    throw new UserError(
      `${where}: field ${field}: ${issue.message}${value === undefined ? '' : ` (got ${quote(value)})`}`,
    );
  }
  const file = parsed.data;
  const game = games.get(file.game, `${where}: field game`);
  const seen = new Set<string>();
  const armsIn =
    file.sweep === undefined ? file.arms.map((a, i) => ({ a, i })) : sweepArms(file, game, where);
  const arms = armsIn.map(({ a: arm, i }) => {
    const at = `${where}: arms[${i}] (${arm.id})`;
    if (seen.has(arm.id)) throw new UserError(`${at}: arm id ${quote(arm.id)} is used twice`);
    seen.add(arm.id);
    const setup = resolveSetup(
      game,
      { scenario: arm.scenario ?? file.scenario, variants: arm.variants, params: arm.params },
      at,
    );
    const players = playerSides(game, setup.scenario);
    const policies: Record<string, string> = {};
    for (const side of players) policies[side] = game.defaultPolicies[side]!;
    for (const [side, policy] of Object.entries(arm.policies ?? {})) {
      if (!game.sides.some((s) => s.id === side)) {
        throw new UserError(
          `${at}: field policies: unknown side ${quote(side)} (sides: ${game.sides.map((s) => s.id).join(', ')})`,
        );
      }
      if (!players.includes(side)) {
        throw new UserError(
          `${at}: field policies.${side}: side ${quote(side)} is played by the rules in scenario ${setup.scenario}, not by a policy`,
        );
      }
      // id or id:param=value,... (typed policy parameters, e.g. rollout:n=16)
      const spec = parsePolicySpec(game, side, policy, `${at}: field policies.${side}`);
      policies[side] = formatPolicySpec(game, side, spec);
    }
    return {
      id: arm.id,
      description: arm.description ?? '',
      setup,
      policies,
      ...(arm.baseline === undefined ? {} : { baseline: arm.baseline }),
    };
  });
  arms.forEach((a, i) => {
    if (a.baseline !== undefined && (!seen.has(a.baseline) || a.baseline === a.id)) {
      throw new UserError(
        `${where}: arms[${i}] (${a.id}): field baseline: ${quote(a.baseline)} is not another arm's id (arms: ${[...seen].join(', ')})`,
      );
    }
  });
  if (file.baseline !== undefined && !seen.has(file.baseline)) {
    throw new UserError(
      `${where}: field baseline: ${quote(file.baseline)} is not an arm id (arms: ${[...seen].join(', ')})`,
    );
  }
  return {
    name: file.name,
    description: file.description ?? '',
    game,
    games: file.games,
    seed: file.seed,
    chunkSize: file.chunkSize ?? DEFAULT_CHUNK,
    baseline: file.baseline,
    arms,
    source: file,
  };
}

/** A sweep point's label: "0202+0703" for hex lists, the value itself otherwise. */
export { paramLabel as sweepLabel } from '../core/setup.js';

/** Each arm at each value of the swept parameter, as arms named `<arm>@<parameter>=<value>`. */
function sweepArms(
  file: ExperimentFile,
  game: GameDefinition,
  where: string,
): { a: ExperimentFile['arms'][number]; i: number }[] {
  const sweep = file.sweep!;
  if (!game.parameters.some((p) => p.id === sweep.parameter)) {
    throw new UserError(
      `${where}: field sweep.parameter: ${quote(sweep.parameter)} is not a parameter of ${game.id} (known: ${game.parameters.map((p) => p.id).join(', ')})`,
    );
  }
  return file.arms.flatMap((arm, i) =>
    sweep.values.map((v) => ({
      a: {
        ...arm,
        id: `${arm.id}@${sweep.parameter}=${paramLabel(v)}`,
        params: { ...(arm.params ?? {}), [sweep.parameter]: v },
      },
      i,
    })),
  );
}

/** Reads an experiment file; a missing file or bad JSON is a user error naming it. */
export function loadExperiment(path: string, games: GameRegistry): Experiment {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UserError(
      `${path}: cannot read experiment file (${(e as NodeJS.ErrnoException).code ?? String(e)})`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new UserError(`${path}: not valid JSON (${(e as Error).message})`);
  }
  return parseExperiment(raw, path, games);
}

/** The same experiment with command-line overrides applied and re-validated. */
export function withOverrides(
  exp: Experiment,
  o: { games?: number; seed?: number; chunkSize?: number },
  where: string,
): Experiment {
  const source = {
    ...exp.source,
    ...(o.games === undefined ? {} : { games: o.games }),
    ...(o.seed === undefined ? {} : { seed: o.seed }),
    ...(o.chunkSize === undefined ? {} : { chunkSize: o.chunkSize }),
  };
  // the experiment's own game is the only one it can name
  return parseExperiment(source, where, createRegistry([exp.game]));
}
