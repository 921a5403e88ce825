import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { gameRegistry } from '../src/games/index.js';
import { parseExperiment } from '../src/runner/experiment.js';
import { cliOk, tempDir, userErrorOf, writeExperiment } from './helpers/cli.js';
import { errorOf } from './helpers/errors.js';

// An experiment's `ladder` (docs/cli.md "Skill ladders"): each side's scripts, then its search
// player at each rung's budget, expanded into one policy matrix named as the matrix form names
// it; bad ladders refused in one line naming the field; and a run of one with a few games writes
// the ladder's section, chart and ladder.json.

const GAMES = gameRegistry();
const dir = tempDir('ladder');
const base = { name: 'ladder', game: 'sfo', scenario: 'advanced', games: 4, seed: 11 };
const ladder = {
  scripts: { soviet: ['best-odds', 'zoc-pin'], us: ['hold-towns', 'counterattack'] },
  search: { soviet: 'mcts:base=1', us: 'mcts:base=1' },
  budget: 'iterations',
  rungs: [1, 2],
};

const parse = (body: object) => parseExperiment(body, 'l.json', GAMES);
const refusal = (l: object, extra: object = {}) => errorOf(() => parse({ ...base, ...extra, ladder: l }));

describe('a ladder expands into one policy matrix', () => {
  it('rows: the first side scripts then its search player at each budget; columns likewise; ids as a matrix names them', () => {
    const exp = parse({ ...base, ladder });
    const soviet = ['best-odds', 'zoc-pin', 'mcts.iterations1.base1', 'mcts.iterations2.base1'];
    const us = ['hold-towns', 'counterattack', 'mcts.iterations1.base1', 'mcts.iterations2.base1'];
    expect(exp.arms.map((a) => a.id)).toEqual(soviet.flatMap((s) => us.map((u) => `${s}_vs_${u}`)));
    expect(exp.arms[15]!.policies).toEqual({
      soviet: 'mcts:iterations=2,base=1',
      us: 'mcts:iterations=2,base=1',
    });
    expect(exp.arms.every((a) => a.setup.scenario === 'advanced')).toBe(true);
    // the manifest keeps the ladder as written, so a resume or a merge expands it the same way
    expect(exp.source.ladder).toEqual(ladder);
  });

  it('"*" is every scripted policy of the side; a rung at the default budget names the plain search player', () => {
    const exp = parse({
      ...base,
      ladder: { ...ladder, scripts: { soviet: ['zoc-pin'], us: '*' }, rungs: [64] },
    });
    const us = [...new Set(exp.arms.map((a) => a.policies.us))];
    expect(us).toEqual(['hold-towns', 'counterattack', 'elastic', 'vp-denial', 'mcts:base=1']);
    expect(exp.arms.map((a) => a.policies.soviet)).toContain('mcts:base=1');
  });
});

describe('a bad ladder is refused naming the field', () => {
  it('a budget that is not a parameter of the search player', () => {
    // each side's search player is checked: both are named
    const both = refusal({ ...ladder, budget: 'n' });
    for (const side of ['soviet', 'us'])
      expect(both).toContain(
        `field ladder.budget: "n" is not a parameter of ${side}'s search player "mcts" (its parameters: iterations, c, horizon, widen, prior, playout, opponents, base)`,
      );
    expect(refusal({ ...ladder, search: { soviet: 'zoc-pin', us: 'mcts' } })).toContain(
      'field ladder.budget: "iterations" is not a parameter of soviet\'s search player "zoc-pin" (its parameters: attackKill',
    );
  });

  it('rungs that do not strictly increase, or leave the parameter range', () => {
    expect(refusal({ ...ladder, rungs: [16, 16] })).toBe(
      "l.json: field ladder.rungs[1]: 16 after 16; the rungs' budgets must strictly increase",
    );
    expect(refusal({ ...ladder, rungs: [64, 16] })).toContain('field ladder.rungs[1]: 16 after 64');
    expect(refusal({ ...ladder, rungs: [0, 4] })).toContain(
      "field ladder.rungs[0]: 0 is outside soviet's mcts iterations (an integer from 1 to 100000)",
    );
    expect(refusal({ ...ladder, rungs: [1.5] })).toContain('field ladder.rungs[0]: 1.5 is outside');
    expect(refusal({ ...ladder, rungs: [] })).toContain('field ladder.rungs:');
  });

  it('an unknown side, a side left out, a side the rules play', () => {
    expect(refusal({ ...ladder, scripts: { ...ladder.scripts, german: ['x'] } })).toBe(
      'l.json: field ladder.scripts: unknown side "german" (sides: soviet, us)',
    );
    expect(refusal({ ...ladder, search: { soviet: 'mcts' } })).toBe(
      'l.json: field ladder.search: no entry for side "us" (a ladder names both sides)',
    );
    expect(refusal({ ...ladder, scripts: { soviet: ['zoc-pin'], us: ['bogus'] } })).toContain(
      'field ladder.scripts.us[0]: unknown policy "bogus"',
    );
  });

  it('a search player that sets the budget itself, a script equal to a rung, a ladder beside a matrix or a sweep', () => {
    expect(refusal({ ...ladder, search: { soviet: 'mcts:iterations=4', us: 'mcts' } })).toContain(
      'field ladder.search.soviet: "mcts:iterations=4" sets iterations, which the rungs give (leave it out)',
    );
    expect(
      refusal({ ...ladder, scripts: { soviet: ['mcts:iterations=1,base=1'], us: ['elastic'] } }),
    ).toContain('field ladder: side "soviet" plays "mcts:iterations=1,base=1" twice');
    expect(refusal(ladder, { matrix: { policies: { soviet: ['zoc-pin'] } } })).toContain(
      'field matrix: not allowed with a ladder',
    );
    expect(refusal(ladder, { sweep: { parameter: 'map-hexes', values: ['72'] } })).toContain(
      'field sweep: not allowed with a ladder',
    );
    expect(refusal({ ...ladder, margin: 0 })).toContain('field ladder.margin:');
    expect(refusal({ ...ladder, rung: [1] })).toContain('unknown field "rung"');
  });

  it('on the command line: one line naming the file and the field, nothing played', async () => {
    const f = writeExperiment(dir, { ...base, ladder: { ...ladder, rungs: [2, 1] } }, 'bad.json');
    expect(await userErrorOf(['run', f, '--out', join(dir, 'bad'), '--quiet'])).toBe(
      `${f}: field ladder.rungs[1]: 1 after 2; the rungs' budgets must strictly increase`,
    );
    expect(existsSync(join(dir, 'bad'))).toBe(false);
  });
});

describe('a run of a ladder (4 games a pairing, mcts at 1 and 2 iterations)', () => {
  const out = join(dir, 'run');
  beforeAll(async () => {
    const f = writeExperiment(dir, { ...base, ladder: { ...ladder, margin: 0.05 } }, 'run.json');
    const r = await cliOk(['run', f, '--out', out, '--quiet', '--workers', '1']);
    expect(r.stderr).toBe('');
    // the same ladder in two shards (game indices 0-1 and 2-3), merged
    for (const k of [0, 1])
      await cliOk([
        'run',
        f,
        '--shard',
        `${k}/2`,
        '--out',
        join(shards, `s${k}`),
        '--workers',
        '1',
        '--quiet',
      ]);
    await cliOk(['merge', shards, '--out', merged]);
  });
  const shards = join(dir, 'shards');
  const merged = join(dir, 'merged');

  it('runs in shards and merges to the same ladder.json', () => {
    expect(readFileSync(join(merged, 'ladder.json'), 'utf8')).toBe(
      readFileSync(join(out, 'ladder.json'), 'utf8'),
    );
  });

  it('writes ladder.json: each rung nested in the next, the top rung the value of the whole matrix', () => {
    const l = JSON.parse(readFileSync(join(out, 'ladder.json'), 'utf8')) as {
      games: number;
      rungs: {
        rung: number;
        label: string;
        rows: string[];
        cols: string[];
        value: number;
        interval: number[];
      }[];
      steps: { from: number; to: number }[];
      convergence: { status: string; margin: number; from: number; to: number };
      gain: { favours: string };
      sentence: string;
    };
    expect(l.games).toBe(4);
    expect(l.rungs.map((g) => g.label)).toEqual(['scripts', 'iterations 1', 'iterations 2']);
    expect(l.rungs.map((g) => g.rows.length)).toEqual([2, 3, 4]);
    expect(l.rungs.map((g) => g.cols.length)).toEqual([2, 3, 4]);
    expect(l.steps.map((s) => [s.from, s.to])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(l.convergence.margin).toBe(0.05);
    expect([l.convergence.from, l.convergence.to]).toEqual([1, 2]);
    expect(['converged', 'moving', 'undecided']).toContain(l.convergence.status);
    expect(['row', 'col', 'neither']).toContain(l.gain.favours);
    for (const g of l.rungs) {
      expect(g.interval[0]).toBeLessThanOrEqual(g.value + 1e-12);
      expect(g.interval[1]).toBeGreaterThanOrEqual(g.value - 1e-12);
    }
    // the verdict solves the same matrix on the same seed: its value and interval are the top rung's
    const meta = JSON.parse(readFileSync(join(out, 'metagame.json'), 'utf8')) as {
      value: number;
      interval: number[];
    }[];
    expect(meta).toHaveLength(1);
    expect(meta[0]!.value).toBe(l.rungs[2]!.value);
    expect(meta[0]!.interval).toEqual(l.rungs[2]!.interval);
    expect(l.sentence).toMatch(/^From scripts to search at iterations 2, Soviet's score/);
  });

  it('the report carries the ladder section after the verdict, its chart in place, a valid Vega-Lite spec', () => {
    const summary = readFileSync(join(out, 'summary.md'), 'utf8');
    const at = summary.indexOf('### The skill ladder');
    expect(at).toBeGreaterThan(summary.indexOf('### The value of the game'));
    expect(summary).toContain('| 2 | iterations 2 | mcts:iterations=2,base=1 | mcts:iterations=2,base=1 |');
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    const chart = html.indexOf('id="chart-ladder"');
    expect(chart).toBeGreaterThan(html.indexOf('id="the-skill-ladder"'));
    expect(chart).toBeLessThan(html.indexOf('id="soviet--us-policy-matrix"'));
    const spec = JSON.parse(readFileSync(join(out, 'charts', 'ladder.vl.json'), 'utf8')) as object;
    const schema = JSON.parse(
      readFileSync(
        join(import.meta.dirname, '..', 'node_modules', 'vega-lite', 'build', 'vega-lite-schema.json'),
        'utf8',
      ),
    ) as object;
    const validate = new Ajv({ strict: false, validateFormats: false }).compile(schema);
    expect(validate(spec), JSON.stringify(validate.errors)).toBe(true);
  });
});
