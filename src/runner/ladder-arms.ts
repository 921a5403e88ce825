/**
 * A skill ladder (docs/cli.md "Skill ladders"): both sides' scripted policies, then, rung by rung,
 * each side's search player at a growing budget. It expands into one policy matrix (the matrix
 * form's arms and ids, src/runner/arm-sets.ts): rows are the first side's scripts and its search
 * player at every rung's budget, columns the same for the second side, so search meets search
 * across budgets too. The analysis (src/analysis/ladder.ts) reads the value of the game on the
 * nested sub-matrices: rung 0 the scripts alone, rung r everything up to the r-th budget.
 */
import { z } from 'zod';
import type { LadderDesign } from '../analysis/ladder.js';
import { quote, UserError } from '../core/errors.js';
import type { GameDefinition, PolicyParamDef } from '../core/game.js';
import { formatPolicySpec, parsePolicySpec, playerSides } from '../core/policies.js';
import { isSearchPolicy } from '../core/search-policies.js';
import { type ArmEntry, matrixArms, type SetContext, specLabel } from './arm-sets.js';

/** Most rungs a ladder climbs (each adds a row and a column to the matrix). */
export const MAX_RUNGS = 10;

/** The margin within which the two strongest rungs' values count as agreeing, when a file gives none. */
export const DEFAULT_LADDER_MARGIN = 0.03;

const idText = z.string().max(128);

/** A ladder as an experiment file writes it (field `ladder`). */
export const ladderSchema = z.strictObject({
  description: z.string().max(10_000).optional(),
  scenario: idText.optional(),
  variants: z.record(idText, z.boolean()).optional(),
  params: z.record(idText, z.unknown()).optional(),
  /** Rung 0: each side's scripted policies (specs), or "*": every policy of the side but random and the searches. */
  scripts: z.record(idText, z.union([z.literal('*'), z.array(idText).min(1).max(100)])),
  /** Each side's search player (a spec without the budget parameter). */
  search: z.record(idText, idText),
  /** The search players' parameter the rungs set (e.g. mcts `iterations`). */
  budget: idText,
  /** The budget at rungs 1, 2, ...: strictly increasing. */
  rungs: z.array(z.number().finite()).min(1).max(MAX_RUNGS),
  /** Half-width, as a share of the score, of the band the two strongest rungs must agree within (default 0.03). */
  margin: z.number().gt(0).max(0.5).optional(),
});

export type LadderInput = z.infer<typeof ladderSchema>;

/** One side's ladder: its policy specs (canonical) in matrix order and the rung each enters at. */
interface SideLadder {
  readonly side: string;
  readonly specs: readonly string[];
  readonly rungOf: readonly number[];
}

/** The parameter `budget` of the search player `spec` of `side`, or undefined with the problem added. */
function budgetParam(
  game: GameDefinition,
  side: string,
  id: string,
  budget: string,
  problems: string[],
): PolicyParamDef | undefined {
  const decl = game.policies.find((p) => p.side === side && p.id === id)?.params ?? [];
  const p = decl.find((d) => d.id === budget);
  if (p === undefined)
    problems.push(
      `field ladder.budget: ${quote(budget)} is not a parameter of ${side}'s search player ${quote(id)} (its parameters: ${decl.map((d) => d.id).join(', ') || 'none'})`,
    );
  return p;
}

/**
 * Each side's policies in a ladder, in the game's side order, or undefined with the problems
 * added (naming the ladder's fields): unknown sides, sides a scenario's rules play, a search
 * player without the budget parameter or one that sets it, rungs not strictly increasing or outside
 * the parameter's range.
 */
export function ladderSides(
  game: GameDefinition,
  l: LadderInput,
  fileScenario: string | undefined,
  problems: string[],
): readonly [SideLadder, SideLadder] | undefined {
  const before = problems.length;
  const scenario = l.scenario ?? fileScenario ?? game.scenarios[0]?.id ?? '';
  const players = playerSides(game, scenario);
  if (players.length !== 2) {
    problems.push(
      `field ladder: a ladder needs two sides played by policies; scenario ${scenario} has ${players.length} (${players.join(', ') || 'none'})`,
    );
    return undefined;
  }
  for (const field of ['scripts', 'search'] as const) {
    for (const side of Object.keys(l[field])) {
      if (!game.sides.some((s) => s.id === side))
        problems.push(
          `field ladder.${field}: unknown side ${quote(side)} (sides: ${game.sides.map((s) => s.id).join(', ')})`,
        );
      else if (!players.includes(side))
        problems.push(
          `field ladder.${field}.${side}: side ${quote(side)} is played by the rules in scenario ${scenario}, not by a policy`,
        );
    }
    for (const side of players)
      if (l[field][side] === undefined)
        problems.push(`field ladder.${field}: no entry for side ${quote(side)} (a ladder names both sides)`);
  }
  l.rungs.forEach((b, i) => {
    if (i > 0 && b <= l.rungs[i - 1]!)
      problems.push(
        `field ladder.rungs[${i}]: ${b} after ${l.rungs[i - 1]!}; the rungs' budgets must strictly increase`,
      );
  });
  if (problems.length > before) return undefined;
  const spec = (side: string, text: string, field: string): string | undefined => {
    try {
      return formatPolicySpec(game, side, parsePolicySpec(game, side, text, `field ${field}`));
    } catch (e) {
      if (!(e instanceof UserError)) throw e;
      problems.push(e.message);
      return undefined;
    }
  };
  const out = players.map((side): SideLadder => {
    const list = l.scripts[side]!;
    const ids =
      list === '*'
        ? game.policies
            .filter((p) => p.side === side && p.id !== 'random' && !isSearchPolicy(p.id))
            .map((p) => p.id)
        : list;
    if (ids.length === 0)
      problems.push(`field ladder.scripts.${side}: "*" finds no scripted policy for side ${quote(side)}`);
    const scripts = ids.flatMap((s, j) => {
      const c = spec(side, s, `ladder.scripts.${side}[${j}]`);
      return c === undefined ? [] : [c];
    });
    const searchText = l.search[side]!;
    const field = `ladder.search.${side}`;
    const parsed = spec(side, searchText, field);
    if (parsed === undefined) return { side, specs: scripts, rungOf: scripts.map(() => 0) };
    const id = parsed.split(':')[0]!;
    const param = budgetParam(game, side, id, l.budget, problems);
    if (param === undefined) return { side, specs: scripts, rungOf: scripts.map(() => 0) };
    const given = (searchText.split(':')[1] ?? '').split(',').map((kv) => kv.split('=')[0]!.trim());
    if (given.includes(l.budget))
      problems.push(
        `field ${field}: ${quote(searchText)} sets ${l.budget}, which the rungs give (leave it out)`,
      );
    l.rungs.forEach((b, i) => {
      if (b < param.min || b > param.max || (param.kind === 'integer' && !Number.isInteger(b)))
        problems.push(
          `field ladder.rungs[${i}]: ${b} is outside ${side}'s ${id} ${l.budget} (${param.kind === 'integer' ? 'an integer ' : ''}from ${param.min} to ${param.max})`,
        );
    });
    const withBudget = (b: number): string => {
      const s = parsePolicySpec(game, side, searchText, `field ${field}`);
      return formatPolicySpec(game, side, { id: s.id, params: { ...s.params, [l.budget]: b } });
    };
    const budgets = problems.length > before ? [] : l.rungs.map(withBudget);
    return {
      side,
      specs: [...scripts, ...budgets],
      rungOf: [...scripts.map(() => 0), ...budgets.map((_, i) => i + 1)],
    };
  });
  for (const s of out) {
    const seen = new Set<string>();
    s.specs.forEach((p) => {
      if (seen.has(p))
        problems.push(
          `field ladder: side ${quote(s.side)} plays ${quote(p)} twice (a script equal to a rung's search player)`,
        );
      seen.add(p);
    });
  }
  if (problems.length > before) return undefined;
  return [out[0]!, out[1]!];
}

/** The arms of a ladder: its one matrix (src/runner/arm-sets.ts matrixArms), or none with its problems added. */
export function ladderArms(ctx: SetContext, l: LadderInput): ArmEntry[] {
  const sides = ladderSides(ctx.game, l, ctx.fileScenario, ctx.problems);
  if (sides === undefined) return [];
  const size = sides[0].specs.length * sides[1].specs.length;
  if (size > ctx.limit) {
    ctx.problems.push(`field ladder: ${size} arms (at most ${ctx.limit})`);
    return [];
  }
  const arms = matrixArms(ctx, {
    ...(l.description === undefined ? {} : { description: l.description }),
    ...(l.scenario === undefined ? {} : { scenario: l.scenario }),
    ...(l.variants === undefined ? {} : { variants: l.variants }),
    ...(l.params === undefined ? {} : { params: l.params }),
    policies: { [sides[0].side]: sides[0].specs, [sides[1].side]: sides[1].specs },
  });
  return arms.map((a) => ({ ...a, where: 'ladder' }));
}

/**
 * The ladder of a run, from its manifest's copy of the experiment (`experiment.ladder`), for the
 * analysis: the matrix (arm ids as ladderArms names them), the rung of each row and column, the
 * budgets and the margin. Undefined when the run has no ladder.
 */
export function ladderDesign(game: GameDefinition, experiment: unknown): LadderDesign | undefined {
  const raw = (experiment as { ladder?: unknown; scenario?: unknown } | null)?.ladder;
  if (raw === undefined) return undefined;
  const parsed = ladderSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const l = parsed.data;
  const fileScenario = (experiment as { scenario?: unknown }).scenario;
  const problems: string[] = [];
  const sides = ladderSides(game, l, typeof fileScenario === 'string' ? fileScenario : undefined, problems);
  if (sides === undefined) return undefined;
  const [row, col] = sides;
  return {
    rowSide: row.side,
    colSide: col.side,
    rows: row.specs,
    cols: col.specs,
    arms: row.specs.map((r) => col.specs.map((c) => `${specLabel(r)}_vs_${specLabel(c)}`)),
    rowRung: row.rungOf,
    colRung: col.rungOf,
    budget: l.budget,
    rungs: l.rungs,
    margin: l.margin ?? DEFAULT_LADDER_MARGIN,
  };
}
