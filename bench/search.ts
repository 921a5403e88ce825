/**
 * The bench's search section (bench/run.ts): per game and side of the game's first scenario, the
 * search policies the build lists (`rollout`, `portfolio`, and `mcts` once a build has it) at
 * their default budgets against the other sides' defaults: games per second on one core, the
 * ratio to a scripted game of the same pairing (the side's default policy in its place), and the
 * share of the search's time spent outside the rules and the playout policies (cloning, keys,
 * tree bookkeeping, the search's own loop).
 *
 * How the share is measured (here only: the bench may read the clock, players may not): the game
 * is played through a copy of its definition whose `advance`, `apply`, `evaluate` and `record`
 * are timed while a search policy is choosing (the rules), and whose `view` starts a policy's
 * window that the next `apply` closes (the playout policies: the driver and a playout loop ask a
 * policy between the two). A fork of a search context is a copy of that definition's match, so
 * every playout's rules and policies fall in these clocks, whichever search plays them; the rest
 * of the search's time is outside. `fork` is timed apart (the state copied, reseeded, resampled).
 * The outside share also holds what a search asks of scripted policies at the real decision
 * itself, which no `view` opens (rollout's ranking of the options; portfolio showing the decision
 * to the side's scripts that keep a plan, and clonePolicy copies of them).
 *
 * A cell plays up to BENCH_SEARCH_GAMES games (default 10) and stops within BENCH_SEARCH_SECONDS
 * (default 10) of wall time: a game still under way then is stopped at the search's next decision
 * and counted by the share of the scripted game's decisions of that side it had made (the rate is
 * marked as estimated). The first game, when it ends in time, warms the search up and is left out
 * (its one-off compiling costs would weigh on a handful of games).
 */
import { GameSeries } from '../src/core/driver.js';
import type {
  GameDefinition,
  GameRecord,
  GameSetup,
  GameStateBase,
  Pending,
  Policy,
  SearchContext,
  Workspace,
} from '../src/core/game.js';
import { createPolicies, playerSides } from '../src/core/policies.js';
import { resolveSetup } from '../src/core/setup.js';

/** The search policies the section plays, each when the build lists it for the side. */
export const SEARCH_POLICIES: readonly string[] = ['rollout', 'portfolio', 'mcts'];

const GAMES_PER_CELL = Number(process.env.BENCH_SEARCH_GAMES ?? 10);
const CELL_SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 10);

export interface SearchRate {
  game: string;
  scenario: string;
  side: string;
  policy: string;
  /** Games finished (a stopped game is counted by its share of decisions). */
  games: number;
  estimated: boolean;
  gamesPerSecond: number;
  scriptedGamesPerSecond: number;
  /** A search game's cost in scripted games of the same pairing. */
  ratio: number;
  /** Share of the search's time outside the rules and the playout policies. */
  outsideShare: number;
  /** Share of the search's time in search-context forks (part of the outside share). */
  forkShare: number;
}

/** Thrown by the timed search policy when a cell's time is up (caught by the cell). */
class CellTimeUp extends Error {}

/** The clocks of one cell. */
interface Clocks {
  /** Inside a search policy's choose. */
  inSearch: boolean;
  searchMs: number;
  rulesMs: number;
  policyMs: number;
  forkMs: number;
  /** When the last `view` inside the search was asked (a policy's window opens), else -1. */
  viewAt: number;
}

/** `def` with its rules and views timed into `c` while a search is choosing. */
function timedGame(def: GameDefinition, c: Clocks): GameDefinition {
  const rules =
    <A extends unknown[], R>(f: (...a: A) => R) =>
    (...a: A): R => {
      if (!c.inSearch) return f(...a);
      const t = performance.now();
      const r = f(...a);
      c.rulesMs += performance.now() - t;
      return r;
    };
  return {
    ...def,
    advance: rules((s: GameStateBase, ws: Workspace) => def.advance(s, ws)),
    evaluate: rules((s: GameStateBase, side: string) => def.evaluate(s, side)),
    record: rules((s: GameStateBase): GameRecord => def.record(s)),
    apply(s: GameStateBase, ws: Workspace, p: Pending, choice: number) {
      if (!c.inSearch) return def.apply(s, ws, p, choice);
      const t = performance.now();
      if (c.viewAt >= 0) c.policyMs += t - c.viewAt;
      c.viewAt = -1;
      def.apply(s, ws, p, choice);
      c.rulesMs += performance.now() - t;
    },
    view(s: GameStateBase, side: string) {
      if (c.inSearch) c.viewAt = performance.now();
      return def.view(s, side);
    },
  };
}

/** A search context whose forks are timed into `c`. */
function timedContext(search: SearchContext, c: Clocks): SearchContext {
  return {
    game: search.game,
    setup: search.setup,
    searchPoint: () => search.searchPoint?.(),
    fork(rng) {
      const t = performance.now();
      const m = search.fork(rng);
      c.forkMs += performance.now() - t;
      return m;
    },
  };
}

/** `inner` answering through `choose`, reset when it can be (so a series reuses it as it would `inner`). */
function wrapped(inner: Policy, choose: Policy['choose']): Policy {
  const p: Policy = { id: inner.id, choose };
  if (inner.reset !== undefined) {
    const reset = inner.reset.bind(inner);
    return { ...p, reset };
  }
  return p;
}

/** Games per second of the default pairing, and the mean decisions each side makes in one. */
function scriptedRate(
  def: GameDefinition,
  setup: GameSetup,
): { rate: number; decisions: Map<string, number> } {
  const decisions = new Map<string, number>();
  // as a worker plays them: one series, workspaces and resettable policies reused
  const series = new GameSeries(def, setup, () => {
    const ps = createPolicies(def, def.defaultPolicies, setup.scenario);
    for (const [side, inner] of Object.entries(ps))
      ps[side] = wrapped(inner, (view, d, rng, search) => {
        decisions.set(side, (decisions.get(side) ?? 0) + 1);
        return inner.choose(view, d, rng, search);
      });
    return ps;
  });
  // untimed first games (one-off costs: compiling the rules and scripts), at least two seconds of them
  const w0 = performance.now();
  for (let g = 0; g < 5 || performance.now() - w0 < 2000; g++) series.play({ masterSeed: 7, gameIndex: g });
  decisions.clear();
  let games = 0;
  const t0 = performance.now();
  while (games < 20 || performance.now() - t0 < 2000) {
    series.play({ masterSeed: 7, gameIndex: 1000 + games });
    games++;
  }
  const rate = games / ((performance.now() - t0) / 1000);
  for (const [side, k] of decisions) decisions.set(side, k / games);
  return { rate, decisions };
}

/** One cell: `policy` plays `side` of `def` against the other sides' defaults. */
function searchCell(
  def: GameDefinition,
  setup: GameSetup,
  side: string,
  policy: string,
  scripted: { rate: number; decisions: number },
): SearchRate {
  const c: Clocks = { inSearch: false, searchMs: 0, rulesMs: 0, policyMs: 0, forkMs: 0, viewAt: -1 };
  const game = timedGame(def, c);
  let games = 0;
  let partial = 0;
  const start = performance.now();
  let t0 = start;
  let decisions = 0;
  const series = new GameSeries(game, setup, () => {
    const ps: Record<string, Policy> = createPolicies(game, { [side]: policy }, setup.scenario);
    const inner = ps[side]!;
    ps[side] = wrapped(inner, (view, d, rng, search) => {
      c.inSearch = true;
      c.viewAt = -1;
      const t = performance.now();
      const choice = inner.choose(view, d, rng, timedContext(search!, c));
      const now = performance.now();
      c.searchMs += now - t;
      c.inSearch = false;
      decisions++;
      if (now - start > CELL_SECONDS * 1000) {
        partial = decisions;
        throw new CellTimeUp();
      }
      return choice;
    });
    return ps;
  });
  for (let g = 0; g < GAMES_PER_CELL; g++) {
    decisions = 0;
    try {
      series.play({ masterSeed: 7, gameIndex: 100 + g });
      games++;
    } catch (e) {
      if (!(e instanceof CellTimeUp)) throw e;
      break;
    }
    const now = performance.now();
    if (now - start > CELL_SECONDS * 1000) break;
    if (g === 0) {
      // the warm-up game ended in time: the clocks start again
      Object.assign(c, { searchMs: 0, rulesMs: 0, policyMs: 0, forkMs: 0 });
      games = 0;
      t0 = now;
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  const counted = games + (partial > 0 ? Math.min(1, partial / Math.max(1, scripted.decisions)) : 0);
  const rate = counted / seconds;
  const outside = c.searchMs - c.rulesMs - c.policyMs;
  return {
    game: def.id,
    scenario: setup.scenario,
    side,
    policy,
    games: Math.round(counted * 100) / 100,
    estimated: partial > 0,
    gamesPerSecond: rate,
    scriptedGamesPerSecond: scripted.rate,
    ratio: scripted.rate / rate,
    outsideShare: c.searchMs > 0 ? outside / c.searchMs : 0,
    forkShare: c.searchMs > 0 ? c.forkMs / c.searchMs : 0,
  };
}

/** Every search policy of every side of `def`'s first scenario; `stage` reports progress. */
export function searchRates(def: GameDefinition, stage: (what: string) => void): SearchRate[] {
  const scenario = def.scenarios[0]!.id;
  const setup = resolveSetup(def, { scenario }, 'bench');
  const out: SearchRate[] = [];
  stage(`${def.id}: the default pairing, for the search section`);
  const scripted = scriptedRate(def, setup);
  for (const side of playerSides(def, scenario)) {
    const here = SEARCH_POLICIES.filter((id) => def.policies.some((p) => p.side === side && p.id === id));
    const decisions = scripted.decisions.get(side) ?? 0;
    for (const id of here) {
      stage(`${def.id} ${side}: ${id} at its default budget`);
      out.push(searchCell(def, setup, side, id, { rate: scripted.rate, decisions }));
    }
  }
  return out;
}

/** The section's lines for the bench's table. */
export function searchLines(rates: readonly SearchRate[]): string[] {
  const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 1 ? x.toFixed(1) : x.toPrecision(2));
  return [
    `search policies at their default budgets against the other sides' defaults (first scenario; up to ${GAMES_PER_CELL} games or ${CELL_SECONDS} s a cell; ~ = estimated from a stopped game)`,
    'game    side          policy      games  games/s/core  scripted games/s  x scripted  outside rules+policies  of which fork',
    ...rates.map(
      (r) =>
        `${r.game.padEnd(7)} ${r.side.padEnd(13)} ${r.policy.padEnd(10)} ${String(r.games).padStart(6)}  ${`${r.estimated ? '~' : ''}${fmt(r.gamesPerSecond)}`.padStart(12)}  ${fmt(r.scriptedGamesPerSecond).padStart(16)}  ${`${fmt(r.ratio)}x`.padStart(10)}  ${`${(100 * r.outsideShare).toFixed(0)}%`.padStart(22)}  ${`${(100 * r.forkShare).toFixed(0)}%`.padStart(13)}`,
    ),
  ];
}
