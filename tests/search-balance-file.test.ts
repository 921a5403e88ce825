/**
 * Balance files (src/search/balance-problem.ts): a bad file is refused in one user error naming
 * the file, the field and the value; a good one is checked into canonical policy specs (grids
 * expanded, policies already in the starting set dropped from the candidates), and its hash moves
 * with what fixes the games but not with the round limit, so `--resume --rounds N` continues a run.
 */
import { describe, expect, it } from 'vitest';
import { UserError } from '../src/core/errors.js';
import { gameRegistry } from '../src/games/index.js';
import { parseExperiment } from '../src/runner/experiment.js';
import { balanceProblem } from '../src/search/balance-problem.js';

const games = gameRegistry();

const good = (over: Record<string, unknown> = {}) => ({
  name: 'b',
  game: 'sfo',
  scenario: 'advanced',
  seed: 5,
  games: 20,
  start: { soviet: ['best-odds'], us: ['hold-towns'] },
  candidates: {
    soviet: ['zoc-pin', 'best-odds', { policy: 'zoc-pin', grid: { attackThreshold: [0, 0.4] } }],
    us: ['rollout:n=4'],
  },
  ...over,
});

const refusal = (raw: unknown): string => {
  try {
    balanceProblem(raw, 'bal.json', games);
  } catch (e) {
    if (e instanceof UserError) return e.message;
    throw e;
  }
  throw new Error('accepted, expected a refusal');
};

describe('balance files', () => {
  it('a good file: the row side is the game first side, grids expand, candidates in the set are dropped', () => {
    const p = balanceProblem(good(), 'bal.json', games);
    expect(p.row.id).toBe('soviet');
    expect(p.col.id).toBe('us');
    // zoc-pin:attackThreshold=0.4 is zoc-pin's default: the same policy as "zoc-pin", tested once
    expect(p.row.candidates).toEqual(['zoc-pin', 'zoc-pin:attackThreshold=0']);
    expect(p.col.candidates).toEqual(['rollout:n=4']);
    expect(p.rounds).toBe(4);
    expect(p.alpha).toBe(0.05);
  });

  it('the hash moves with the games and the candidates, not with the round limit', () => {
    const base = balanceProblem(good(), 'bal.json', games);
    expect(balanceProblem(good({ rounds: 9 }), 'bal.json', games).hash).toBe(base.hash);
    expect(balanceProblem(good(), 'bal.json', games, '.', { rounds: 2 }).hash).toBe(base.hash);
    expect(balanceProblem(good(), 'bal.json', games, '.', { games: 21 }).hash).not.toBe(base.hash);
    expect(balanceProblem(good({ candidates: { soviet: ['town-rush'] } }), 'bal.json', games).hash).not.toBe(
      base.hash,
    );
  });

  it.each([
    [{ games: 0 }, 'bal.json: field games: Too small: expected number to be >=1 (got 0)'],
    [{ alpha: 0.7 }, 'bal.json: field alpha: Too big: expected number to be <0.5 (got 0.7)'],
    [{ colour: 'red' }, 'bal.json: unknown field "colour"'],
    [
      { start: { soviet: ['best-odds'], us: ['hold-towns'], german: ['x'] } },
      'bal.json: field start.german: "german" is not a side a policy plays in advanced (sides: soviet, us)',
    ],
    [{ start: { soviet: ['best-odds'] } }, 'bal.json: field start.us: missing (the starting policies of us)'],
    [
      { start: { soviet: ['best-odds', 'rush'], us: ['hold-towns'] } },
      'bal.json: field start.soviet[1]: unknown policy "rush" (known: best-odds, town-rush, zoc-pin, vp-hunter, random, rollout, mcts, portfolio)',
    ],
    [
      { start: { soviet: ['best-odds', 'best-odds:townAlone=12'], us: ['hold-towns'] } },
      'bal.json: field start.soviet[1]: "best-odds:townAlone=12" is best-odds, named twice',
    ],
    [
      { candidates: { soviet: [{ policy: 'zoc-pin', grid: { attackThreshold: [0, 9] } }] } },
      'bal.json: field candidates.soviet[0]: policy zoc-pin parameter attackThreshold must be a number in -2..3, got "9"',
    ],
    [
      {
        candidates: {
          soviet: [
            { policy: 'zoc-pin', grid: { a: [1, 2, 3, 4, 5, 6, 7, 8, 9], b: [1, 2, 3, 4, 5, 6, 7, 8] } },
          ],
        },
      },
      'bal.json: field candidates.soviet[0].grid: 72 points; a grid gives at most 64 candidates',
    ],
    [
      { candidates: { soviet: ['best-odds'], us: ['hold-towns'] } },
      'bal.json: field candidates: no candidate outside the starting sets: the loop has nothing to try',
    ],
    [{ band: { lo: 0.6, hi: 0.4 } }, 'bal.json: field band: lo must be below hi (got lo 0.6, hi 0.4)'],
  ])('refuses %j', (over, message) => {
    expect(refusal(good(over))).toBe(message);
  });

  it('refuses a scenario where the rules play one side', () => {
    expect(
      refusal(
        good({
          game: 'merkur',
          scenario: 'solitaire',
          start: { german: ['x'] },
          candidates: { german: [] },
        }),
      ),
    ).toBe(
      'bal.json: field scenario: "solitaire": policies play one side (german); balance needs a scenario where policies play two',
    );
  });

  it('refuses an unknown game naming the field', () => {
    expect(refusal(good({ game: 'chess' }))).toMatch(/^bal\.json: field game: .*"chess"/);
  });

  it('given to run, a balance file is refused naming the command that reads it', () => {
    expect(() => parseExperiment(good(), 'bal.json', games)).toThrow(
      new UserError(
        'bal.json: a balance file (start, candidates), not an experiment: sandtable balance bal.json',
      ),
    );
  });
});
