/**
 * The mcts policy (core/mcts.ts) finds the best move in positions where one move (or a few) is
 * clearly best, one per kind of game: a hex battle (SFO Advanced), a zone assault (Merkur) and a
 * point-to-point advance (Dark Crusade). Each position is a decision of a game played by the
 * default policies (seed and decision fixed below). That the move is clearly best is checked here,
 * independently of the tree: each option is played on several fresh forks for `horizon` decisions
 * by every side's default policy and the position scored by the game's evaluate; the best options
 * beat every other by a margin and are at most a third of the options, so a uniform random choice
 * misses them at least two times in three, and the side's default scripted policy answers otherwise.
 * Several policy streams are tried: each must pick a best option.
 */
import { describe, expect, it } from 'vitest';
import { type GameMatch, searchContext, startMatch } from '../src/core/driver.js';
import { UserError } from '../src/core/errors.js';
import type { Decision, GameDefinition } from '../src/core/game.js';
import { MCTS_DEFAULTS, mctsDefaults } from '../src/core/mcts.js';
import { createPolicies } from '../src/core/policies.js';
import { streamRng } from '../src/core/rng.js';
import { resolveSetup } from '../src/core/setup.js';
import { GAMES } from '../src/games/index.js';

interface Position {
  readonly name: string;
  readonly game: string;
  readonly scenario: string;
  /** Game index (master seed 11) and the decision (from 1) of it. */
  readonly index: number;
  readonly decision: number;
  /** Decisions each option is played on before evaluate scores it (the check and the search alike). */
  readonly horizon: number;
  /** The best options, and the least margin by which each beats every other option. */
  readonly best: readonly number[];
  readonly margin: number;
  /** The search's parameters. */
  readonly search: string;
}

const POSITIONS: readonly Position[] = [
  {
    name: 'hex battle: SFO Advanced, US turn 4, the moves that hold the game',
    game: 'sfo',
    scenario: 'advanced',
    index: 7,
    decision: 49,
    horizon: 12,
    best: [6, 11, 18, 23],
    margin: 0.1,
    search: 'mcts:iterations=200,widen=0,c=0.4,base=0,opponents=0',
  },
  {
    name: 'zone assault: Merkur two-player, a Commonwealth unit order late in the game',
    game: 'merkur',
    scenario: 'two-player',
    index: 1,
    decision: 714,
    horizon: 6,
    best: [6],
    margin: 0.03,
    search: 'mcts:iterations=32,horizon=6,widen=2,opponents=0',
  },
  {
    name: 'point-to-point advance: Dark Crusade, an Axis operational move',
    game: 'dc',
    scenario: 'intro-tournament-campaign',
    index: 0,
    decision: 30,
    horizon: 20,
    best: [2],
    margin: 0.03,
    // from the default script with the generic uniform prior (DC's own defaults start elsewhere)
    search: 'mcts:iterations=16,horizon=20,base=0,prior=0',
  },
];

/** Game `index` (seed 11) of `def` at its decision `decision`, every earlier one answered by the defaults. */
function reach(def: GameDefinition, scenario: string, index: number, decision: number): GameMatch {
  const setup = resolveSetup(def, { scenario }, 'test');
  const m = startMatch(def, setup, { masterSeed: 11, gameIndex: index });
  const pol = createPolicies(def, {}, scenario);
  let j = 0;
  for (let p = m.pending(); p !== null; p = m.pending()) {
    if (p.kind === 'chance') throw new Error('sampled mode never pends chance');
    if (++j === decision) return m;
    const rng = m.workspace.streams.stream(`policy:${p.side}`);
    m.apply(pol[p.side]!.choose(def.view(m.state, p.side), p as Decision, rng, searchContext(m, p.side)));
  }
  throw new Error(`${def.id} game ${index} ends before decision ${decision}`);
}

/** Each option's mean value for `side` over `forks` fresh forks, played `horizon` decisions on by the defaults. */
function optionValues(
  def: GameDefinition,
  m: GameMatch,
  side: string,
  horizon: number,
  forks: number,
): number[] {
  const d = m.pending() as Decision;
  return d.options.map((_, o) => {
    let total = 0;
    for (let k = 0; k < forks; k++) {
      const f = searchContext(m, side).fork(streamRng(5, k, 'check'));
      f.apply(o);
      const pol = createPolicies(def, {}, m.setup.scenario);
      let n = 0;
      for (let p = f.pending(); p !== null && n < horizon; p = f.pending(), n++) {
        const q = p as Decision;
        f.apply(
          pol[q.side]!.choose(def.view(f.state, q.side), q, f.workspace.streams.stream(`policy:${q.side}`)),
        );
      }
      total += def.evaluate(f.state, side);
    }
    return total / forks;
  });
}

describe('mcts finds the clearly best move at a small budget', () => {
  for (const pos of POSITIONS)
    it(pos.name, () => {
      const def = GAMES.find((g) => g.id === pos.game)!;
      const m = reach(def, pos.scenario, pos.index, pos.decision);
      const d = m.pending() as Decision;
      const side = d.side;
      // the position: the best options beat every other by the margin, and are few
      const values = optionValues(def, m, side, pos.horizon, 24);
      const worstBest = Math.min(...pos.best.map((o) => values[o]!));
      const bestOther = Math.max(...values.filter((_, o) => !pos.best.includes(o)));
      expect(
        worstBest - bestOther,
        `values ${values.map((v) => v.toFixed(2)).join(' ')}`,
      ).toBeGreaterThanOrEqual(pos.margin);
      expect(pos.best.length * 3).toBeLessThanOrEqual(d.options.length);
      // the side's scripted default answers otherwise: the search finds what the script misses
      const scripted = createPolicies(def, {}, pos.scenario)[side]!;
      expect(pos.best).not.toContain(
        scripted.choose(
          def.view(m.state, side),
          d,
          streamRng(3, 0, `policy:${side}`),
          searchContext(m, side),
        ),
      );
      // the search picks one of them, whatever its stream
      const [id, params] = pos.search.split(':') as [string, string];
      const pdef = def.policies.find((p) => p.side === side && p.id === id)!;
      const parsed = Object.fromEntries(
        params
          .split(',')
          .map((kv) => kv.split('='))
          .map(([k, v]) => [k!, Number(v)]),
      );
      const picks: number[] = [];
      for (let r = 0; r < 3; r++) {
        const policy = pdef.create({
          ...Object.fromEntries((pdef.params ?? []).map((x) => [x.id, x.default])),
          ...parsed,
        });
        picks.push(
          policy.choose(
            def.view(m.state, side),
            d,
            streamRng(3, r, `policy:${side}`),
            searchContext(m, side),
          ),
        );
      }
      for (const a of picks) expect(pos.best, `picks ${picks.join(' ')}`).toContain(a);
    });
});

describe('mcts parameters', () => {
  it('base names one of the side’s scripted policies; any other number is refused in one line naming it', () => {
    const sfo = GAMES.find((g) => g.id === 'sfo')!;
    const def = sfo.policies.find((p) => p.side === 'soviet' && p.id === 'mcts')!;
    expect(() => def.create({ base: 3 })).not.toThrow();
    expect(() => def.create({ base: 9 })).toThrow(UserError);
    expect(() => def.create({ base: 9 })).toThrow(
      /mcts parameter base 9 names no scripted policy \(1\.\.4: best-odds, town-rush, zoc-pin, vp-hunter/,
    );
  });
});

describe("a game's own search defaults (GameMeta.searchDefaults)", () => {
  it("SFO's mcts starts from each side's strongest script, at its iterations, against every opponent script", () => {
    const sfo = GAMES.find((g) => g.id === 'sfo')!;
    const param = (side: string, id: string) =>
      sfo.policies.find((p) => p.side === side && p.id === 'mcts')!.params!.find((x) => x.id === id)!;
    expect(param('soviet', 'base').default).toBe(3); // zoc-pin
    expect(param('us', 'base').default).toBe(2); // counterattack
    expect(param('us', 'base').description).toContain('(here counterattack)');
    expect(param('soviet', 'iterations').default).toBe(sfo.searchDefaults!.mcts!.iterations);
    expect(param('soviet', 'opponents').default).toBe(1);
    // Merkur: 64 iterations against a drawn script of the other side, from the default script
    const merkur = GAMES.find((g) => g.id === 'merkur')!;
    const m = merkur.policies.find((p) => p.side === 'commonwealth' && p.id === 'mcts')!.params!;
    expect(m.find((x) => x.id === 'iterations')!.default).toBe(64);
    expect(m.find((x) => x.id === 'opponents')!.default).toBe(1);
    expect(m.find((x) => x.id === 'base')!.default).toBe(0);
    // a game without its own keeps the generic defaults
    const crete = GAMES.find((g) => g.id === 'crete')!;
    const c = crete.policies.find((p) => p.side === 'german' && p.id === 'mcts')!.params!;
    expect(c.find((x) => x.id === 'iterations')!.default).toBe(MCTS_DEFAULTS.iterations);
  });

  it("DC's mcts starts from each side's strongest script; the Axis one keeps to it but on evidence (prior 1)", () => {
    const dc = GAMES.find((g) => g.id === 'dc')!;
    const param = (side: string, id: string) =>
      dc.policies.find((p) => p.side === side && p.id === 'mcts')!.params!.find((x) => x.id === id)!;
    expect(param('axis', 'base').default).toBe(3); // moscow-schwerpunkt
    expect(param('axis', 'base').description).toContain('(here moscow-schwerpunkt)');
    expect(param('soviet', 'base').default).toBe(0); // stavka-historical, the default
    expect(param('axis', 'prior').default).toBe(1);
    expect(param('soviet', 'prior').default).toBe(MCTS_DEFAULTS.prior);
    for (const side of ['axis', 'soviet']) {
      expect(param(side, 'iterations').default).toBe(MCTS_DEFAULTS.iterations);
      expect(param(side, 'opponents').default).toBe(MCTS_DEFAULTS.opponents);
    }
  });

  it('a prior outside [0, 1] is refused when the game is declared', () => {
    const sfo = GAMES.find((g) => g.id === 'sfo')!;
    const own = sfo.policies.filter((p) => p.side === 'us');
    expect(() => mctsDefaults({ ...sfo, searchDefaults: { mcts: { prior: { us: 2 } } } }, 'us', own)).toThrow(
      /sfo us: searchDefaults.mcts.prior is 2, not in \[0, 1\]/,
    );
  });

  it('a base that names no scripted policy of the side is refused when the game is declared', () => {
    const sfo = GAMES.find((g) => g.id === 'sfo')!;
    const own = sfo.policies.filter(
      (p) => p.side === 'us' && !['random', 'mcts', 'rollout', 'portfolio'].includes(p.id),
    );
    expect(() =>
      mctsDefaults({ ...sfo, searchDefaults: { mcts: { base: { us: 'zoc-pin' } } } }, 'us', own),
    ).toThrow(/sfo us: searchDefaults.mcts.base names zoc-pin, not a scripted policy of the side/);
  });
});
