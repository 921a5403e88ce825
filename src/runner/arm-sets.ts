/**
 * Arms an experiment file declares as a set rather than one by one (docs/cli.md "Matrices and round
 * robins"): a `matrix` (every listed policy of each side against every listed policy of the
 * others) and a `roundRobin` (every entrant against every other entrant, as each side). Expansion
 * only: the arms it makes are checked like hand-written ones by parseExperiment.
 */
import { quote, UserError } from '../core/errors.js';
import type { GameDefinition } from '../core/game.js';
import { formatPolicySpec, parsePolicySpec, playerSides, type TunedPolicies } from '../core/policies.js';
import { readingScenarios, sameSetup, withReading } from '../core/readings.js';
import { isSearchPolicy } from '../core/search-policies.js';
import { checkSetup } from '../core/setup.js';

/** An arm as a file writes it (the shape of an entry of `arms`). */
export interface ArmInput {
  readonly id: string;
  readonly description?: string | undefined;
  readonly scenario?: string | undefined;
  readonly policies?: Readonly<Record<string, string>> | undefined;
  readonly variants?: Readonly<Record<string, boolean>> | undefined;
  readonly params?: Readonly<Record<string, unknown>> | undefined;
  readonly baseline?: string | undefined;
}

/**
 * One arm to check, with where the file declares it (`arms[2]`, `matrix`, `roundRobin`) and, for a
 * round-robin arm, the entrant playing each side.
 */
export interface ArmEntry {
  readonly a: ArmInput;
  readonly where: string;
  readonly entrants?: Readonly<Record<string, string>>;
}

/** What every arm of a set shares: a scenario, variants and parameters. */
interface SetCommon {
  readonly scenario?: string | undefined;
  readonly variants?: Readonly<Record<string, boolean>> | undefined;
  readonly params?: Readonly<Record<string, unknown>> | undefined;
}

export interface MatrixInput extends SetCommon {
  readonly description?: string | undefined;
  /** Policy specs per side, or "*": every policy of the side but `random` and `rollout`. */
  readonly policies: Readonly<Record<string, '*' | readonly string[]>>;
  readonly baseline?: string | undefined;
  /**
   * Play the matrix again under each of the game's verdict readings ("declared": those that apply
   * in its scenario) or under the listed ones, on the same seeds (readingArms).
   */
  readonly readings?: 'declared' | readonly string[] | undefined;
}

export interface RoundRobinInput extends SetCommon {
  readonly entrants: readonly {
    readonly id: string;
    readonly description?: string | undefined;
    readonly policies: Readonly<Record<string, string>>;
  }[];
  /** Also play each entrant against itself (A_vs_A). */
  readonly self?: boolean | undefined;
}

/**
 * What expanding a set needs: the game, the file's scenario, the most arms it may make, and the
 * list its problems are added to (a set with problems makes no arm).
 */
export interface SetContext {
  readonly game: GameDefinition;
  readonly fileScenario: string | undefined;
  readonly limit: number;
  readonly problems: string[];
  /** Tuned policies `policy@name` specs may name (the experiment's `tuned` files). */
  readonly tuned?: TunedPolicies;
}

/** Policies "*" leaves out: uniform random and the generic searches, played only when named. */
const notInStar = (id: string): boolean => id === 'random' || isSearchPolicy(id);

/** Separates the policy labels (or entrant ids) of a set's arm id: `best-odds_vs_hold-towns`. */
const VS = '_vs_';

/** A policy spec as part of an arm id: `rollout:n=16,k=4` -> `rollout.n16.k4` (ids allow no ":", "=" or ","). */
export function specLabel(spec: string): string {
  return spec.replace(/[:,]/g, '.').replace(/=/g, '');
}

/** The shared fields of a set, as an arm's (absent ones left out). */
function common(s: SetCommon): Omit<ArmInput, 'id'> {
  return {
    ...(s.scenario === undefined ? {} : { scenario: s.scenario }),
    ...(s.variants === undefined ? {} : { variants: s.variants }),
    ...(s.params === undefined ? {} : { params: s.params }),
  };
}

/** Why `side` cannot be given a policy at `field` (unknown, or played by the rules in `scenario`), if it cannot. */
function sideProblem(
  game: GameDefinition,
  players: readonly string[],
  scenario: string,
  side: string,
  field: string,
): string | undefined {
  if (!game.sides.some((s) => s.id === side))
    return `field ${field}: unknown side ${quote(side)} (sides: ${game.sides.map((s) => s.id).join(', ')})`;
  if (!players.includes(side))
    return `field ${field}.${side}: side ${quote(side)} is played by the rules in scenario ${scenario}, not by a policy`;
  return undefined;
}

/** The canonical text of policy `spec` of `side` (see formatPolicySpec), or undefined with the problem added. */
function canonicalSpec(
  game: GameDefinition,
  side: string,
  spec: string,
  field: string,
  problems: string[],
  tuned?: TunedPolicies,
): string | undefined {
  try {
    return formatPolicySpec(game, side, parsePolicySpec(game, side, spec, `field ${field}`, tuned));
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    problems.push(e.message);
    return undefined;
  }
}

/** The scenario a set is played in (its own, else the file's, else the game's first) and the sides policies play there. */
function playedIn(
  game: GameDefinition,
  s: SetCommon,
  fileScenario: string | undefined,
): { scenario: string; players: string[] } {
  const scenario = s.scenario ?? fileScenario ?? game.scenarios[0]?.id ?? '';
  return { scenario, players: playerSides(game, scenario) };
}

/**
 * The arms of a matrix, row-major in the game's side order (the first side's policies outermost),
 * named `<label>_vs_<label>` by specLabel; sides left out of the matrix play their default policy.
 * More than `ctx.limit` arms is a problem.
 */
export function matrixArms(ctx: SetContext, m: MatrixInput): ArmEntry[] {
  const { game, fileScenario, limit, problems } = ctx;
  const before = problems.length;
  const { scenario, players } = playedIn(game, m, fileScenario);
  const lists: { side: string; specs: string[] }[] = [];
  for (const [side, list] of Object.entries(m.policies)) {
    const bad = sideProblem(game, players, scenario, side, 'matrix.policies');
    if (bad !== undefined) {
      problems.push(bad);
      continue;
    }
    const ids =
      list === '*' ? game.policies.filter((p) => p.side === side && !notInStar(p.id)).map((p) => p.id) : list;
    if (ids.length === 0)
      problems.push(
        `field matrix.policies.${side}: "*" finds no policy for side ${quote(side)} but random and rollout`,
      );
    const specs = ids.flatMap((spec, j) => {
      const s = canonicalSpec(game, side, spec, `matrix.policies.${side}[${j}]`, problems, ctx.tuned);
      return s === undefined ? [] : [s];
    });
    lists.push({ side, specs });
  }
  if (lists.length === 0 && problems.length === before)
    problems.push('field matrix.policies: names no side (give each side a list of policies, or "*")');
  const size = lists.reduce((n, l) => n * l.specs.length, 1);
  if (problems.length === before && size > limit)
    problems.push(`field matrix.policies: ${size} arms (at most ${limit})`);
  if (problems.length > before) return [];
  const order = game.sides.map((s) => s.id);
  lists.sort((x, y) => order.indexOf(x.side) - order.indexOf(y.side));
  let rows: { labels: string[]; policies: Record<string, string> }[] = [{ labels: [], policies: {} }];
  for (const { side, specs } of lists)
    rows = rows.flatMap((r) =>
      specs.map((s) => ({ labels: [...r.labels, specLabel(s)], policies: { ...r.policies, [side]: s } })),
    );
  return rows.map((r) => ({
    a: {
      id: r.labels.join(VS),
      ...(m.description === undefined ? {} : { description: m.description }),
      ...common(m),
      policies: r.policies,
      ...(m.baseline === undefined ? {} : { baseline: m.baseline }),
    },
    where: 'matrix',
  }));
}

/**
 * The arms of a round robin of a two-sided game: for each ordered pair of entrants (A, B), A != B
 * unless `self`, the arm `A_vs_B` where A plays the first side and B the second, in entrant order
 * (A outermost). Each arm records which entrant plays each side, for the ranking.
 */
export function roundRobinArms(ctx: SetContext, r: RoundRobinInput): ArmEntry[] {
  const { game, fileScenario, limit, problems } = ctx;
  const before = problems.length;
  const { scenario, players } = playedIn(game, r, fileScenario);
  if (players.length !== 2) {
    problems.push(
      `field roundRobin: a round robin needs two sides played by policies; scenario ${scenario} has ${players.length} (${players.join(', ') || 'none'})`,
    );
    return [];
  }
  const seen = new Set<string>();
  const specs = r.entrants.map((e, i) => {
    const field = `roundRobin.entrants[${i}]`;
    if (seen.has(e.id)) problems.push(`field ${field}.id: entrant id ${quote(e.id)} is used twice`);
    seen.add(e.id);
    const out: Record<string, string> = {};
    for (const [side, spec] of Object.entries(e.policies)) {
      const bad = sideProblem(game, players, scenario, side, `${field}.policies`);
      const s =
        bad === undefined
          ? canonicalSpec(game, side, spec, `${field}.policies.${side}`, problems, ctx.tuned)
          : undefined;
      if (bad !== undefined) problems.push(bad);
      if (s !== undefined) out[side] = s;
    }
    for (const side of players)
      if (e.policies[side] === undefined)
        problems.push(
          `field ${field}.policies: no policy for side ${quote(side)} (an entrant plays every side)`,
        );
    return out;
  });
  const n = r.entrants.length;
  const size = r.self === true ? n * n : n * (n - 1);
  if (problems.length === before && size > limit)
    problems.push(`field roundRobin.entrants: ${n} entrants make ${size} arms (at most ${limit})`);
  if (problems.length > before) return [];
  const [first, second] = players as [string, string];
  return r.entrants.flatMap((a, i) =>
    r.entrants.flatMap((b, j) =>
      i === j && r.self !== true
        ? []
        : [
            {
              a: {
                id: `${a.id}${VS}${b.id}`,
                description: `${a.id} (${first}) against ${b.id} (${second})`,
                ...common(r),
                policies: { [first]: specs[i]![first]!, [second]: specs[j]![second]! },
              },
              where: 'roundRobin',
              entrants: { [first]: a.id, [second]: b.id },
            },
          ],
    ),
  );
}

/**
 * The arms of a matrix under its readings (`m.readings`): each arm of `arms` (the matrix's own,
 * matrixArms) again under each reading, named `<arm>@<reading>`, with the reading's variants and
 * parameters over the matrix's (src/core/readings.ts withReading) and the arm it repeats as its
 * baseline, so every cell is compared with the rules as written on the same seeds. Refused: a game
 * declaring no reading, an unknown reading, a listed reading that does not apply in the matrix's
 * scenario or leaves the matrix's setting unchanged, "declared" finding no reading that applies,
 * and more than `ctx.limit` arms in all.
 */
export function readingArms(ctx: SetContext, m: MatrixInput, arms: readonly ArmEntry[]): ArmEntry[] {
  const { game, fileScenario, limit, problems } = ctx;
  if (m.readings === undefined || arms.length === 0) return [];
  const declared = game.verdictReadings ?? [];
  if (declared.length === 0) {
    problems.push(`field matrix.readings: game ${game.id} declares no verdict readings`);
    return [];
  }
  const before = problems.length;
  const { scenario } = playedIn(game, m, fileScenario);
  const own = checkSetup(game, { scenario, variants: m.variants, params: m.params });
  const chosen =
    m.readings === 'declared'
      ? declared.filter((r) => readingScenarios(game, r).includes(scenario))
      : m.readings.flatMap((id, j) => {
          const r = declared.find((x) => x.id === id);
          if (r === undefined) {
            problems.push(
              `field matrix.readings[${j}]: ${quote(id)} is not a verdict reading of ${game.id} (declared: ${declared.map((x) => x.id).join(', ')})`,
            );
            return [];
          }
          if (m.readings!.indexOf(id) !== j) {
            problems.push(`field matrix.readings[${j}]: reading ${quote(id)} is listed twice`);
            return [];
          }
          if (!readingScenarios(game, r).includes(scenario)) {
            problems.push(
              `field matrix.readings[${j}]: reading ${id} applies only to scenario${r.scenarios!.length === 1 ? '' : 's'} ${r.scenarios!.join(', ')}, not to ${scenario}`,
            );
            return [];
          }
          return [r];
        });
  if (m.readings === 'declared' && chosen.length === 0)
    problems.push(
      `field matrix.readings: no verdict reading of ${game.id} applies in scenario ${scenario} (declared: ${declared.map((x) => x.id).join(', ')})`,
    );
  if (own.problems.length === 0)
    for (const r of chosen) {
      const setting = withReading(game, m, r);
      const { setup, problems: bad } = checkSetup(game, { scenario, ...setting });
      if (bad.length === 0 && sameSetup(setup, own.setup))
        problems.push(
          `field matrix.readings: reading ${r.id} changes nothing from the matrix's own variants and params`,
        );
    }
  const size = arms.length * (chosen.length + 1);
  if (problems.length === before && size > limit)
    problems.push(
      `field matrix.readings: ${arms.length} arms under ${chosen.length} readings make ${size} arms (at most ${limit})`,
    );
  if (problems.length > before) return [];
  return chosen.flatMap((r) =>
    arms.map((e) => {
      const { baseline: _b, ...arm } = e.a;
      const setting = withReading(game, arm, r);
      return {
        ...e,
        a: {
          ...arm,
          id: `${arm.id}@${r.id}`,
          description: `${arm.description === undefined ? '' : `${arm.description} `}(reading ${r.id}: ${r.label})`,
          variants: setting.variants,
          params: setting.params,
          baseline: arm.id,
        },
      };
    }),
  );
}
