/**
 * `sandtable check`: the shared conformance checks (docs/architecture.md "Conformance") run on any
 * game, a designer's own above all (docs/adding-a-game.md). Each check plays a few games through
 * the core driver's conformance mode (src/core/driver.ts playChecked) and reports the first
 * failure in the game's own terms: the scenario, setup, policies and seed, the decision number and
 * the decision's kind, rule and side, and a `play` command line that replays the game.
 *
 * The checks: the game's declarations (sides played, default and random policies, results,
 * parameters, variants, the board, the verdict readings: src/core/readings.ts); random playouts
 * and default playouts of every scenario (at every decision: declared kinds, no forced move
 * pending, invariants after each answer, a clone equal to the state and independent of it, the
 * policy leaving the state alone, the value of the position in [0, 1]; each game continued from
 * a JSON copy of its state reaching the same record);
 * every scripted policy of each side; every variant switched from its default; and explicit chance
 * (every chance point's outcomes with probabilities in [0, 1] summing to 1).
 */
import { checkBoard } from '../core/board.js';
import { randomPolicy } from '../core/decide.js';
import { ConformanceError, GameMatch, playMatch, startMatch } from '../core/driver.js';
import type {
  ChanceNode,
  Decision,
  GameDefinition,
  GameRecord,
  GameSetup,
  GameStateBase,
  Pending,
  Policy,
} from '../core/game.js';
import { createPolicies, playerSides } from '../core/policies.js';
import { verdictReadingProblems } from '../core/readings.js';
import { isSearchPolicy } from '../core/search-policies.js';
import { resolveSetup } from '../core/setup.js';
import { returns } from '../core/values.js';

/** How much `checkGame` plays; every field may be left out. */
export interface CheckOptions {
  /** Random-policy games per scenario (default 20). */
  readonly randomGames?: number;
  /** Games per scripted policy, per variant and in explicit-chance mode (default 4). */
  readonly games?: number;
  /** Master seed of the checks (default 11). */
  readonly seed?: number;
}

/** One check and what came of it. */
export interface CheckResult {
  readonly name: string;
  /** Games the check played. */
  readonly games: number;
  /** The first failure, one line in the game's own terms; absent when the check passed. */
  readonly failure?: string;
  /** A `sandtable play` command line (without the game's module option) replaying the failing game. */
  readonly replay?: string;
}

/** Every check of a game, in order; the game passes when no check has a failure. */
export interface CheckReport {
  readonly game: string;
  readonly checks: readonly CheckResult[];
  readonly passed: boolean;
}

/** One game to play in a check: its setup, policies (ids, or the random policy) and seed. */
interface Trial {
  readonly setup: GameSetup;
  readonly policies: Readonly<Record<string, string>> | 'random';
  readonly seed: number;
  readonly game: number;
  readonly explicitChance?: boolean;
}

/** The decisions of a game played so far: number -> kind, rule and side (for naming a failure). */
type Seen = Map<number, { kind: string; rule: string; side: string }>;

const describeDecision = (seen: Seen, n: number): string => {
  const d = seen.get(n);
  return d === undefined ? `decision ${n}` : `decision ${n}, ${d.kind} (rule ${d.rule}, side ${d.side})`;
};

function policiesOf(def: GameDefinition, t: Trial): Record<string, Policy> {
  if (t.policies !== 'random') return createPolicies(def, { ...t.policies }, t.setup.scenario);
  return Object.fromEntries(playerSides(def, t.setup.scenario).map((s) => [s, randomPolicy()]));
}

/** What is wrong with a finished game's record, or undefined. */
function recordProblem(def: GameDefinition, rec: GameRecord): string | undefined {
  if (!def.results.some((r) => r.id === rec.result)) return `record: result ${rec.result} is not declared`;
  if (!def.endReasons.includes(rec.endReason)) return `record: end reason ${rec.endReason} is not declared`;
  if (!def.victoryLevels.includes(rec.victoryLevel))
    return `record: victory level ${rec.victoryLevel} is not declared`;
  for (const s of def.stats)
    if (!Number.isFinite(rec.stats[s.id])) return `record: statistic ${s.id} is ${rec.stats[s.id]}`;
  const extra = Object.keys(rec.stats).filter((k) => !def.stats.some((s) => s.id === k));
  if (extra.length > 0) return `record: statistics ${extra.join(', ')} are not declared`;
  return undefined;
}

/**
 * Plays one trial in conformance mode (every decision checked in full), with the value of the
 * position checked at each decision and at the end; keeps a JSON copy of the state at one
 * decision and continues it to the end, which must reach the same record. Returns the failure.
 */
function playTrial(def: GameDefinition, t: Trial): string | undefined {
  const seen: Seen = new Map();
  const at = 1 + (t.game % 7);
  let snapshot: string | undefined;
  let last = 0;
  const sides = def.sides.map((s) => s.id);
  const valueProblem = (s: GameStateBase) => {
    for (const side of sides) {
      const v = def.evaluate(s, side);
      if (!(v >= 0 && v <= 1)) return `evaluate(state, ${side}) is ${v}, not in [0, 1]`;
    }
    return undefined;
  };
  const match = startMatch(
    def,
    t.setup,
    { masterSeed: t.seed, gameIndex: t.game },
    {
      explicitChance: t.explicitChance === true,
    },
  );
  let rec: GameRecord;
  try {
    rec = playMatch(match, policiesOf(def, t), {
      conformance: {
        sample: 'every',
        atDecision: (m, p: Pending, n) => {
          last = n;
          seen.set(n, {
            kind: p.kind,
            rule: p.rule,
            side: p.kind === 'chance' ? 'chance' : (p as Decision).side,
          });
          if (p.kind === 'chance') {
            const outs = (p as ChanceNode).outcomes;
            const bad = outs.find((o) => !(o.p >= 0 && o.p <= 1));
            if (outs.length === 0 || bad !== undefined)
              throw new ConformanceError(
                m,
                n,
                outs.length === 0
                  ? 'a chance point with no outcomes'
                  : `outcome ${bad!.label} has p ${bad!.p}`,
              );
          }
          const v = valueProblem(m.state);
          if (v !== undefined) throw new ConformanceError(m, n, v);
          if (n === at) snapshot = JSON.stringify(m.state);
        },
      },
    });
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    if (e instanceof ConformanceError) {
      const m = /decision (\d+): (.*)$/s.exec(msg);
      if (m !== null) return `${describeDecision(seen, Number(m[1]))}: ${m[2]}`;
    }
    return last === 0
      ? `before the first decision: ${msg}`
      : `at or after ${describeDecision(seen, last)}: ${msg}`;
  }
  const bad = recordProblem(def, rec);
  if (bad !== undefined) return `at the end (after ${last} decisions): ${bad}`;
  const value = returns(def, rec);
  for (const side of sides) {
    const v = def.evaluate(match.state, side);
    if (Math.abs(v - (value[side] ?? 0)) > 1e-9)
      return `at the end: evaluate(state, ${side}) is ${v}, but the result ${rec.result} gives it ${value[side]}`;
  }
  if (snapshot !== undefined && t.explicitChance !== true) {
    // fresh policies play the decisions before the copy (a policy may remember the game so far),
    // then continue from the JSON copy
    const policies = policiesOf(def, t);
    const lead = startMatch(def, t.setup, { masterSeed: t.seed, gameIndex: t.game });
    for (let k = 1; k < at; k++) {
      const p = lead.pending();
      if (p === null || p.kind === 'chance') break;
      const d = p as Decision;
      lead.apply(
        policies[d.side]!.choose(
          def.view(lead.state, d.side),
          d,
          lead.workspace.streams.stream(`policy:${d.side}`),
        ),
      );
    }
    let again: GameRecord;
    try {
      const copy = JSON.parse(snapshot) as GameMatch['state'];
      again = playMatch(new GameMatch(def, t.setup, copy, def.workspace(copy)), policies);
    } catch (e) {
      return `continued from a JSON copy of the state at ${describeDecision(seen, at)}: ${e instanceof Error ? e.message : String(e)}`;
    }
    if (JSON.stringify(again) !== JSON.stringify(rec))
      return `continued from a JSON copy of the state at ${describeDecision(seen, at)}, the game ends otherwise (${again.result} on turn ${again.endTurn}, not ${rec.result} on turn ${rec.endTurn}): the state holds something JSON does not keep, or the game reads something outside its state`;
  }
  return undefined;
}

/** The `sandtable play` options that replay a trial. */
function replayOf(def: GameDefinition, t: Trial): string {
  const parts = [
    'sandtable play',
    def.id,
    `--seed ${t.seed}`,
    `--game ${t.game}`,
    `--scenario ${t.setup.scenario}`,
  ];
  const defaults = new Set(def.variants.filter((v) => v.default).map((v) => v.id));
  for (const v of def.variants)
    if (t.setup.variants.has(v.id) !== defaults.has(v.id))
      parts.push(`--variant ${v.id}${t.setup.variants.has(v.id) ? '' : '=off'}`);
  if (t.policies === 'random')
    for (const side of playerSides(def, t.setup.scenario)) parts.push(`--policy ${side}=random`);
  else for (const [side, id] of Object.entries(t.policies)) parts.push(`--policy ${side}=${id}`);
  return `${parts.join(' ')} --trace`;
}

/** Plays trials until one fails; the check's result. */
function runTrials(def: GameDefinition, name: string, trials: readonly Trial[]): CheckResult {
  let played = 0;
  for (const t of trials) {
    played++;
    const failure = playTrial(def, t);
    if (failure !== undefined) {
      const explicit = t.explicitChance === true ? ', explicit chance' : '';
      return {
        name,
        games: played,
        failure: `game ${t.game} (seed ${t.seed}${explicit}): ${failure}`,
        replay: replayOf(def, t),
      };
    }
  }
  return { name, games: played };
}

/** The game's declarations checked without playing; the problems found. */
function declarationProblems(def: GameDefinition): string[] {
  const problems: string[] = [];
  const sideIds = def.sides.map((s) => s.id);
  const scenarioIds = def.scenarios.map((s) => s.id);
  if (def.scenarios.length === 0) problems.push('no scenarios');
  for (const sc of def.scenarios) {
    const sides = playerSides(def, sc.id);
    if (sides.length === 0) problems.push(`scenario ${sc.id}: no side is played by a policy`);
    for (const side of sides) {
      const d = def.defaultPolicies[side];
      if (d === undefined || !def.policies.some((p) => p.side === side && p.id === d))
        problems.push(`scenario ${sc.id}: side ${side} has no default policy among its policies`);
      if (!def.policies.some((p) => p.side === side && p.id === 'random'))
        problems.push(`side ${side}: no policy "random" (the baseline every game offers)`);
    }
    try {
      const setup = resolveSetup(def, { scenario: sc.id }, `scenario ${sc.id}`);
      if (def.board !== undefined) checkBoard(def.board(setup), `board of scenario ${sc.id}`);
    } catch (e) {
      problems.push(e instanceof Error ? e.message : String(e));
    }
  }
  for (const r of def.results)
    if (r.winner !== null && !sideIds.includes(r.winner))
      problems.push(`result ${r.id}: winner ${r.winner} is not a side`);
  for (const p of def.parameters) {
    if (!['rules', 'source', 'reconstructed'].includes(p.provenance))
      problems.push(`parameter ${p.id}: provenance ${p.provenance}`);
    for (const sc of p.scenarios ?? [])
      if (!scenarioIds.includes(sc)) problems.push(`parameter ${p.id}: unknown scenario ${sc}`);
  }
  for (const v of def.variants)
    for (const sc of v.scenarios ?? [])
      if (!scenarioIds.includes(sc)) problems.push(`variant ${v.id}: unknown scenario ${sc}`);
  problems.push(...verdictReadingProblems(def));
  if (def.policies.some((p) => p.id !== 'random' && !isSearchPolicy(p.id)) && def.decisionKinds.length === 0)
    problems.push('decisionKinds is empty, but the game has policies');
  try {
    JSON.stringify(def.data);
  } catch (e) {
    problems.push(`data is not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  return problems;
}

/**
 * Runs every check on `def` (a game as the registry holds it, its search policies added) and
 * reports each; stops a check at its first failure, never the others.
 */
export function checkGame(def: GameDefinition, options: CheckOptions = {}): CheckReport {
  const random = options.randomGames ?? 20;
  const few = options.games ?? 4;
  const seed = options.seed ?? 11;
  const checks: CheckResult[] = [];
  const declared = declarationProblems(def);
  checks.push({
    name: 'declarations (sides, policies, results, parameters, variants, board, verdict readings)',
    games: 0,
    ...(declared.length === 0 ? {} : { failure: declared.join('; ') }),
  });
  if (declared.length > 0) return { game: def.id, checks, passed: false };
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  for (const sc of def.scenarios) {
    const setupOf = (variants: Record<string, boolean> = {}) =>
      resolveSetup(def, { scenario: sc.id, variants }, `scenario ${sc.id}`);
    const setup = setupOf();
    const defaults = Object.fromEntries(playerSides(def, sc.id).map((s) => [s, def.defaultPolicies[s]!]));
    checks.push(
      runTrials(
        def,
        `${sc.id}: ${random} random playouts (clone, JSON round trip, invariants, forced moves, values)`,
        range(random).map((g) => ({ setup, policies: 'random', seed, game: g })),
      ),
    );
    checks.push(
      runTrials(
        def,
        `${sc.id}: ${few} default playouts (${Object.entries(defaults)
          .map(([s, p]) => `${s} ${p}`)
          .join(', ')})`,
        range(few).map((g) => ({ setup, policies: defaults, seed: seed + 1, game: g })),
      ),
    );
    for (const side of playerSides(def, sc.id))
      for (const p of def.policies)
        if (p.side === side && p.id !== 'random' && !isSearchPolicy(p.id) && p.id !== defaults[side])
          checks.push(
            runTrials(
              def,
              `${sc.id}: policy ${side} ${p.id} against the defaults`,
              range(few).map((g) => ({
                setup,
                policies: { ...defaults, [side]: p.id },
                seed: seed + 2,
                game: g,
              })),
            ),
          );
    for (const v of def.variants) {
      if (v.default && v.group !== undefined) continue; // a group's default is replaced by its siblings
      if (v.scenarios !== undefined && !v.scenarios.includes(sc.id)) continue;
      const switched = setupOf({ [v.id]: !v.default });
      checks.push(
        runTrials(
          def,
          `${sc.id}: variant ${v.id} switched ${v.default ? 'off' : 'on'}`,
          range(few).flatMap((g) => [
            { setup: switched, policies: 'random' as const, seed: seed + 3, game: g },
            { setup: switched, policies: defaults, seed: seed + 4, game: g },
          ]),
        ),
      );
    }
    checks.push(
      runTrials(
        def,
        `${sc.id}: explicit chance (every chance point's outcomes in [0, 1], summing to 1)`,
        range(few).map((g) => ({ setup, policies: defaults, seed: seed + 5, game: g, explicitChance: true })),
      ),
    );
  }
  return { game: def.id, checks, passed: checks.every((c) => c.failure === undefined) };
}
