import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameDefinition, PolicyDef } from '../src/core/game.js';
import { createRegistry } from '../src/core/registry.js';
import { gameRegistry } from '../src/games/index.js';
import { loadExperiment, parseExperiment } from '../src/runner/experiment.js';
import { zoneGame } from './helpers/board-games.js';
import { cliOk, tempDir, userErrorOf, writeExperiment } from './helpers/cli.js';
import { errorOf } from './helpers/errors.js';

// Experiment files may declare arms as a set (docs/cli.md "Matrices and round robins"): a matrix of
// every policy of one side against every policy of the other, a round robin of entrants each
// playing both sides, ranked by score; and a sweep compares each arm with itself at the default.

const GAMES = gameRegistry();
const dir = tempDir('matrix');
const base = { name: 'matrix', game: 'sfo', scenario: 'advanced', games: 10, seed: 3 };

const parse = (body: object, games = GAMES) => parseExperiment(body, 'm.json', games);

describe('a matrix', () => {
  it('expands row-major in side order, ids <soviet>_vs_<us>, before the explicit arms', () => {
    const exp = parse({
      ...base,
      matrix: {
        // listed us first: the game's side order (soviet, us) decides the nesting, not the file's
        policies: { us: ['hold-towns', 'elastic'], soviet: ['best-odds', 'town-rush', 'rollout:n=16'] },
        variants: { 'elim-one': true },
        params: { 'map-hexes': '72' },
      },
      arms: [{ id: 'extra', policies: { soviet: 'random', us: 'random' } }],
    });
    expect(exp.arms.map((a) => a.id)).toEqual([
      'best-odds_vs_hold-towns',
      'best-odds_vs_elastic',
      'town-rush_vs_hold-towns',
      'town-rush_vs_elastic',
      'rollout.n16_vs_hold-towns',
      'rollout.n16_vs_elastic',
      'extra',
    ]);
    expect(exp.arms[4]!.policies).toEqual({ soviet: 'rollout:n=16', us: 'hold-towns' });
    for (const a of exp.arms.slice(0, 6)) {
      expect(a.setup.variants.has('elim-one')).toBe(true);
      expect(a.setup.params['map-hexes']).toBe('72');
      expect(a.setup.scenario).toBe('advanced');
    }
    expect(exp.arms[6]!.setup.variants.has('elim-one')).toBe(false);
  });

  it('"*" is every policy the game lists for the side but random and the searches (rollout, mcts, portfolio)', () => {
    const sfo = GAMES.get('sfo', 'test');
    const exp = parse({ ...base, matrix: { policies: { soviet: '*', us: ['hold-towns'] } } });
    const soviet = sfo.policies
      .filter(
        (p) => p.side === 'soviet' && p.id !== 'random' && !['rollout', 'mcts', 'portfolio'].includes(p.id),
      )
      .map((p) => p.id);
    expect(soviet).toContain('zoc-pin');
    expect(exp.arms.map((a) => a.policies.soviet)).toEqual(soviet);
    expect(exp.arms.map((a) => a.id)).toEqual(soviet.map((s) => `${s}_vs_hold-towns`));
  });

  it('a side left out plays its default policy; a game with three policy sides crosses all listed', () => {
    const one = parse({ ...base, matrix: { policies: { soviet: ['zoc-pin', 'town-rush'] } } });
    expect(one.arms.map((a) => [a.id, a.policies.us])).toEqual([
      ['zoc-pin', 'hold-towns'],
      ['town-rush', 'hold-towns'],
    ]);
    const policy = (side: string, id: string): PolicyDef => ({
      id,
      side,
      description: id,
      create: () => {
        throw new Error('not played');
      },
    });
    const three: GameDefinition = {
      ...zoneGame,
      id: 'three',
      sides: [
        { id: 'red', name: 'Red' },
        { id: 'green', name: 'Green' },
        { id: 'blue', name: 'Blue' },
      ],
      policies: ['red', 'green', 'blue'].flatMap((s) => [policy(s, 'a'), policy(s, 'b')]),
      defaultPolicies: { red: 'a', green: 'a', blue: 'a' },
    };
    const exp = parse(
      {
        ...base,
        game: 'three',
        scenario: 'only',
        matrix: { policies: { blue: '*', red: ['a', 'b'], green: ['b'] } },
      },
      createRegistry([three]),
    );
    expect(exp.arms.map((a) => a.id)).toEqual(['a_vs_b_vs_a', 'a_vs_b_vs_b', 'b_vs_b_vs_a', 'b_vs_b_vs_b']);
    expect(exp.arms[1]!.policies).toEqual({ red: 'a', green: 'b', blue: 'b' });
  });

  it('refuses unknown sides and policies, rules-played sides and duplicate arm ids, naming file, field and value', () => {
    const msg = errorOf(() =>
      parse({
        ...base,
        matrix: { policies: { soviet: ['best-odds', 'nope'], martians: ['x'], us: ['elastic'] } },
      }),
    );
    expect(msg).toContain('m.json: 2 problems');
    expect(msg).toContain('field matrix.policies.soviet[1]: unknown policy "nope"');
    expect(msg).toContain('field matrix.policies: unknown side "martians"');
    const dup = errorOf(() =>
      parse({
        ...base,
        matrix: { policies: { soviet: ['best-odds'], us: ['elastic', 'elastic'] } },
        arms: [{ id: 'best-odds_vs_elastic' }],
      }),
    );
    expect(dup).toContain(
      'matrix (best-odds_vs_elastic): field id: arm id "best-odds_vs_elastic" is used twice',
    );
    expect(dup).toContain(
      'arms[0] (best-odds_vs_elastic): field id: arm id "best-odds_vs_elastic" is used twice',
    );
    const rules = errorOf(() =>
      parse({
        ...base,
        game: 'scs',
        scenario: 'campaign',
        matrix: { policies: { soviet: ['historical'], german: ['x'] } },
      }),
    );
    expect(rules).toBe(
      'm.json: field matrix.policies.german: side "german" is played by the rules in scenario campaign, not by a policy',
    );
    expect(errorOf(() => parse({ ...base, matrix: { policies: { soviet: [] } } }))).toContain(
      'field matrix.policies.soviet',
    );
    expect(errorOf(() => parse({ ...base }))).toContain(
      'field arms: missing (give arms, a matrix, a roundRobin or a ladder)',
    );
  });

  it('a bad matrix on the command line: exit 2, one line naming the file, nothing written', async () => {
    const f = writeExperiment(
      dir,
      { ...base, matrix: { policies: { soviet: ['bogus'] } } },
      'bad-matrix.json',
    );
    const out = join(dir, 'bad-matrix');
    // in process: the one-line UserError the CLI prints with exit code 2
    const m = await userErrorOf(['run', f, '--out', out, '--quiet']);
    expect(m).not.toContain('\n');
    expect(m).toContain(`${f}: field matrix.policies.soviet[0]: unknown policy "bogus"`);
    expect(existsSync(out)).toBe(false);
  });

  it('experiments/sfo-advanced-policies.json expands to exactly the arms it listed by hand', () => {
    // The file as it was before the matrix (arms, order and baseline must not change).
    const old = [
      { id: 'best-odds_vs_hold-towns', policies: { soviet: 'best-odds', us: 'hold-towns' } },
      { id: 'best-odds_vs_counterattack', policies: { soviet: 'best-odds', us: 'counterattack' } },
      { id: 'best-odds_vs_elastic', policies: { soviet: 'best-odds', us: 'elastic' } },
      { id: 'town-rush_vs_hold-towns', policies: { soviet: 'town-rush', us: 'hold-towns' } },
      { id: 'town-rush_vs_counterattack', policies: { soviet: 'town-rush', us: 'counterattack' } },
      { id: 'town-rush_vs_elastic', policies: { soviet: 'town-rush', us: 'elastic' } },
      { id: 'zoc-pin_vs_hold-towns', policies: { soviet: 'zoc-pin', us: 'hold-towns' } },
      { id: 'zoc-pin_vs_counterattack', policies: { soviet: 'zoc-pin', us: 'counterattack' } },
      { id: 'zoc-pin_vs_elastic', policies: { soviet: 'zoc-pin', us: 'elastic' } },
      { id: 'random_vs_random', policies: { soviet: 'random', us: 'random' } },
    ];
    const now = loadExperiment('experiments/sfo-advanced-policies.json', GAMES);
    const file = JSON.parse(readFileSync('experiments/sfo-advanced-policies.json', 'utf8'));
    const before = parse({ ...file, matrix: undefined, arms: old });
    expect(now.arms.map((a) => ({ id: a.id, policies: a.policies }))).toEqual(old);
    expect(now.arms).toEqual(before.arms);
    expect(now.baseline).toBe('best-odds_vs_hold-towns');
    expect(now.games).toBe(10000);
  });
});

describe('a round robin', () => {
  const entrants = [
    { id: 'A', policies: { soviet: 'best-odds', us: 'hold-towns' } },
    { id: 'B', policies: { soviet: 'town-rush', us: 'counterattack' } },
    { id: 'C', policies: { soviet: 'zoc-pin', us: 'elastic' } },
  ];

  it('plays every ordered pair of entrants, A_vs_B with A as the first side', () => {
    const exp = parse({ ...base, roundRobin: { entrants } });
    expect(exp.arms.map((a) => a.id)).toEqual(['A_vs_B', 'A_vs_C', 'B_vs_A', 'B_vs_C', 'C_vs_A', 'C_vs_B']);
    expect(exp.arms[2]!.policies).toEqual({ soviet: 'town-rush', us: 'hold-towns' });
    expect(exp.arms[2]!.entrants).toEqual({ soviet: 'B', us: 'A' });
    const self = parse({ ...base, roundRobin: { entrants: entrants.slice(0, 2), self: true } });
    expect(self.arms.map((a) => a.id)).toEqual(['A_vs_A', 'A_vs_B', 'B_vs_A', 'B_vs_B']);
  });

  it('refuses an entrant without a policy for every side, twice the same id, an unknown policy', () => {
    const msg = errorOf(() =>
      parse({
        ...base,
        roundRobin: {
          entrants: [
            { id: 'A', policies: { soviet: 'best-odds' } },
            { id: 'A', policies: { soviet: 'best-odds', us: 'nope' } },
          ],
        },
      }),
    );
    expect(msg).toContain('field roundRobin.entrants[0].policies: no policy for side "us"');
    expect(msg).toContain('field roundRobin.entrants[1].id: entrant id "A" is used twice');
    expect(msg).toContain('field roundRobin.entrants[1].policies.us: unknown policy "nope"');
    expect(
      errorOf(() =>
        parse({ ...base, game: 'scs', scenario: 'campaign', roundRobin: { entrants: entrants.slice(0, 2) } }),
      ),
    ).toContain(
      'field roundRobin: a round robin needs two sides played by policies; scenario campaign has 1',
    );
  });

  it('ranks entrants by mean score over both sides in ranking.csv and summary.md', async () => {
    const f = writeExperiment(dir, { ...base, name: 'rr', games: 40, roundRobin: { entrants } }, 'rr.json');
    const out = join(dir, 'rr');
    await cliOk(['run', f, '--out', out, '--quiet', '--workers', '1']);
    // Expected scores from summary.csv: an entrant's side wins in the arms it plays that side.
    const wins = new Map<string, number>();
    for (const l of readFileSync(join(out, 'summary.csv'), 'utf8').trim().split('\n').slice(1)) {
      const [arm, kind, outcome, count] = l.split(',');
      if (kind !== 'winner' || outcome === 'none') continue;
      const [a, b] = arm!.split('_vs_') as [string, string];
      const who = outcome === 'soviet' ? a : b;
      wins.set(who, (wins.get(who) ?? 0) + Number(count));
    }
    const lines = readFileSync(join(out, 'ranking.csv'), 'utf8').trim().split('\n');
    expect(lines[0]).toBe('rank,entrant,games,wins,draws,losses,score,lo95,hi95');
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(rows.map((x) => x[0])).toEqual(['1', '2', '3']);
    for (const [, entrant, games, w, draws, losses, score, lo, hi] of rows) {
      expect(games).toBe('160'); // 4 arms (2 per side) of 40 games
      expect(Number(w)).toBe(wins.get(entrant!));
      expect(Number(w) + Number(draws) + Number(losses)).toBe(160);
      expect(Number(score)).toBeCloseTo((Number(w) + Number(draws) / 2) / 160, 6);
      expect(Number(lo)).toBeLessThanOrEqual(Number(score));
      expect(Number(hi)).toBeGreaterThanOrEqual(Number(score));
    }
    const scores = rows.map((x) => Number(x[6]));
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
    const md = readFileSync(join(out, 'summary.md'), 'utf8');
    expect(md).toContain('### Round-robin ranking'); // in the headline
    expect(md).toContain('| rank | entrant | games | wins | draws | losses | score [95% CI] |');
    expect(md).toContain('a win 1, a game without a winner 1/2, a loss 0');
  });
});

describe('a sweep compares each arm with itself at the default', () => {
  it('plays the default first when it is not among the values, and names it as each point baseline', () => {
    const exp = parse({
      ...base,
      game: 'scs',
      scenario: 'campaign',
      baseline: 'historical@poolSecurity=5',
      sweep: { parameter: 'poolSecurity', values: [4, 6] },
      arms: [
        { id: 'historical', policies: { soviet: 'historical' } },
        { id: 'spearhead', policies: { soviet: 'shock-spearhead' } },
        { id: 'pocket', policies: { soviet: 'pocket-hunter' }, baseline: 'historical' },
      ],
    });
    expect(exp.arms.map((a) => [a.id, a.baseline])).toEqual([
      ['historical@poolSecurity=5', undefined],
      ['historical@poolSecurity=4', 'historical@poolSecurity=5'],
      ['historical@poolSecurity=6', 'historical@poolSecurity=5'],
      ['spearhead@poolSecurity=5', undefined],
      ['spearhead@poolSecurity=4', 'spearhead@poolSecurity=5'],
      ['spearhead@poolSecurity=6', 'spearhead@poolSecurity=5'],
      // an explicit baseline is honoured: the named arm at the same point
      ['pocket@poolSecurity=5', 'historical@poolSecurity=5'],
      ['pocket@poolSecurity=4', 'historical@poolSecurity=4'],
      ['pocket@poolSecurity=6', 'historical@poolSecurity=6'],
    ]);
    expect(exp.arms[1]!.setup.params.poolSecurity).toBe(4);
    expect(exp.arms[0]!.setup.params.poolSecurity).toBe(5);
  });

  it('comparisons.csv pairs each point with its own arm at the default', async () => {
    const f = writeExperiment(
      dir,
      {
        name: 'sweep',
        game: 'scs',
        games: 20,
        seed: 4,
        baseline: 'historical@hitOn_combined=5',
        sweep: { parameter: 'hitOn_combined', values: [4, 6] },
        arms: [
          { id: 'historical', params: { crtSet: 'custom' } },
          { id: 'spearhead', policies: { soviet: 'shock-spearhead' }, params: { crtSet: 'custom' } },
        ],
      },
      'sweep.json',
    );
    const out = join(dir, 'sweep');
    await cliOk(['run', f, '--out', out, '--quiet', '--workers', '1']);
    const pairs = readFileSync(join(out, 'comparisons.csv'), 'utf8')
      .trim()
      .split('\n')
      .filter((l) => l.includes('win:soviet'))
      .map((l) => l.split(',').slice(0, 2).join(' > '));
    expect(pairs).toEqual([
      'historical@hitOn_combined=4 > historical@hitOn_combined=5',
      'historical@hitOn_combined=6 > historical@hitOn_combined=5',
      'spearhead@hitOn_combined=5 > historical@hitOn_combined=5',
      'spearhead@hitOn_combined=4 > spearhead@hitOn_combined=5',
      'spearhead@hitOn_combined=6 > spearhead@hitOn_combined=5',
    ]);
  });
});
