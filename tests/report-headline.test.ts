import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ComparisonRow } from '../src/analysis/compare.js';
import { headlinePairs, policyMatrices, rankArms } from '../src/analysis/headline.js';
import { wilson } from '../src/analysis/intervals.js';
import type { ReportData } from '../src/analysis/report-data.js';
import type { OutcomeRow, StatRow } from '../src/analysis/summary.js';
import { gameRegistry } from '../src/games/index.js';
import { constantStats, outcomeColours } from '../src/report/charts.js';
import { anchorOf, reportHtml, summaryMarkdown } from '../src/report/report.js';
import { parseExperiment } from '../src/runner/experiment.js';
import { armManifests, type Manifest } from '../src/runner/manifest.js';

// The headline of a report (src/analysis/headline.ts, src/report/headline.ts): which arms form a
// policy matrix (read from the arms' policies, never from their ids), the best response to each
// opposing policy and whether it is distinguishable from the runner-up, the statistics left out
// because they never vary, the result colours grouped by side, and the table of contents' anchors.

const games = gameRegistry();
const sfo = games.get('sfo');
const scs = games.get('scs');
const root = join(import.meta.dirname, '..');

function armsOf(raw: unknown) {
  return armManifests(parseExperiment(raw, 'test', games));
}
const file = (name: string) => JSON.parse(readFileSync(join(root, 'experiments', name), 'utf8'));

describe('policy matrices', () => {
  it('finds the 3 x 3 Soviet x US matrix of the main job and leaves random_vs_random out', () => {
    const [m, ...more] = policyMatrices(sfo, armsOf(file('sfo-advanced-policies.json')));
    expect(more).toEqual([]);
    expect(m!.rowSide).toBe('soviet');
    expect(m!.colSide).toBe('us');
    expect(m!.rows).toEqual(['best-odds', 'town-rush', 'zoc-pin']);
    expect(m!.cols).toEqual(['hold-towns', 'counterattack', 'elastic']);
    expect(m!.arms[1]).toEqual([
      'town-rush_vs_hold-towns',
      'town-rush_vs_counterattack',
      'town-rush_vs_elastic',
    ]);
  });

  it('reads the policies, not the ids: explicit arms with any names that cross two policies each way', () => {
    const arms = [
      ['a', 'best-odds', 'hold-towns'],
      ['b', 'best-odds', 'elastic'],
      ['c', 'zoc-pin', 'hold-towns'],
      ['d', 'zoc-pin', 'elastic'],
      ['e', 'town-rush', 'elastic'],
    ].map(([id, soviet, us]) => ({ id, policies: { soviet, us } }));
    const found = policyMatrices(
      sfo,
      armsOf({ name: 'x', game: 'sfo', scenario: 'advanced', games: 10, seed: 1, arms }),
    );
    expect(found).toHaveLength(1);
    expect(found[0]!.arms).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('gives one matrix per setting when the arms differ in parameters (a sweep)', () => {
    const found = policyMatrices(
      sfo,
      armsOf({
        name: 'x',
        game: 'sfo',
        scenario: 'advanced',
        games: 10,
        seed: 1,
        matrix: { policies: { soviet: ['best-odds', 'zoc-pin'], us: ['hold-towns', 'elastic'] } },
        sweep: { parameter: 'forests', values: [['0204', '0704']] },
      }),
    );
    expect(found).toHaveLength(2);
    for (const m of found) expect(m.arms.flat()).toHaveLength(4);
  });

  it('finds none in a round robin (no cross product) or with one policy side (SCS)', () => {
    expect(policyMatrices(sfo, armsOf(file('sfo-round-robin.json')))).toEqual([]);
    expect(policyMatrices(scs, armsOf(file('scs-policies.json')))).toEqual([]);
  });

  it('pairs each ranked arm with the next and every two cells of a matrix row or column, once', () => {
    const m = policyMatrices(sfo, armsOf(file('sfo-advanced-policies.json')));
    const pairs = headlinePairs(['x', 'y', 'z'], m);
    expect(pairs.slice(0, 2)).toEqual([
      { arm: 'x', baseline: 'y' },
      { arm: 'y', baseline: 'z' },
    ]);
    expect(pairs).toHaveLength(2 + 6 * 3); // 3 rows and 3 columns of 3 cells: 3 pairs each
  });
});

/** An outcome row with its Wilson interval. */
function row(arm: string, kind: OutcomeRow['kind'], outcome: string, count: number, games = 100): OutcomeRow {
  const ci = wilson(count, games);
  return { arm, kind, outcome, count, games, rate: count / games, lo95: ci.low, hi95: ci.high };
}

/** A 2 x 2 SFO matrix: Soviet wins per cell (of 100), and the headline's paired comparisons. */
function matrixRun(sovietWins: Record<string, number>, holm: Record<string, number>) {
  const ids = Object.keys(sovietWins);
  const outcomes = ids.flatMap((arm) => {
    const w = sovietWins[arm]!;
    return [
      row(arm, 'winner', 'soviet', w),
      row(arm, 'winner', 'us', 100 - w),
      row(arm, 'winner', 'none', 0),
      row(arm, 'result', 'soviet-win', w),
      row(arm, 'result', 'us-win', 100 - w),
      row(arm, 'result', 'draw', 0),
    ];
  });
  const comparisons: ComparisonRow[] = Object.entries(holm).flatMap(([k, p]) => {
    const [arm, baseline] = k.split('|') as [string, string];
    return ['soviet', 'us'].map((side) => {
      const sign = side === 'soviet' ? 1 : -1;
      const diff = (sign * (sovietWins[arm]! - sovietWins[baseline]!)) / 100;
      return {
        arm,
        baseline,
        outcome: `win:${side}`,
        games: 100,
        rate: 0,
        baseline_rate: 0,
        diff,
        lo95: diff - 0.05,
        hi95: diff + 0.05,
        indep_lo95: diff - 0.1,
        indep_hi95: diff + 0.1,
        discordant: 0.2,
        p_mcnemar: p,
        p_holm: p,
      };
    });
  });
  const policies: Record<string, Record<string, string>> = {
    'bo-ht': { soviet: 'best-odds', us: 'hold-towns' },
    'bo-el': { soviet: 'best-odds', us: 'elastic' },
    'zp-ht': { soviet: 'zoc-pin', us: 'hold-towns' },
    'zp-el': { soviet: 'zoc-pin', us: 'elastic' },
  };
  const stat = (arm: string, s: string, min: number, max: number): StatRow => ({
    arm,
    stat: s,
    mean: (min + max) / 2,
    sd: 0,
    min,
    q25: min,
    median: min,
    q75: max,
    max,
  });
  const data: ReportData = {
    outcomes,
    stats: ids.flatMap((a) => [stat(a, 'battles', 1, 9), stat(a, 'vp_soviet', 0, 0)]),
    comparisons: [],
    endTurns: ids.map((arm) => ({ arm, end_turn: 4, count: 100, share: 1 })),
    heat: [],
  };
  const manifest = {
    name: 'matrix',
    description: '',
    games: 100,
    seed: 1,
    version: 'v',
    commit: 'c'.repeat(40),
    node: 'n',
    dataHash: 'd'.repeat(64),
    experimentHash: 'e'.repeat(64),
    baseline: null,
    experiment: {},
    arms: ids.map((id) => ({
      id,
      description: '',
      scenario: 'advanced',
      variants: [],
      params: {},
      reconstructed: [],
      policies: policies[id]!,
    })),
  } as unknown as Manifest;
  return { manifest, data, comparisons };
}

describe('the headline of a policy matrix', () => {
  // zoc-pin is best against both US policies: clearly against hold-towns, not against elastic
  const run = matrixRun(
    { 'bo-ht': 40, 'bo-el': 30, 'zp-ht': 80, 'zp-el': 33 },
    { 'zp-ht|bo-ht': 0.0001, 'zp-el|bo-el': 0.4, 'bo-el|bo-ht': 0.01, 'zp-el|zp-ht': 0.0001 },
  );
  const text = summaryMarkdown(sfo, run.manifest, run.data, run.comparisons);

  it('comes first, with a ranking and the matrix of the first side win rate with intervals', () => {
    const headings = text.split('\n').filter((l) => l.startsWith('#'));
    expect(headings.slice(0, 5)).toEqual([
      '# matrix: Strike Force One',
      '## Contents',
      '## Headline',
      '### Ranking',
      '### Soviet × US policy matrix',
    ]);
    expect(text).toContain('| zoc-pin | 80.0% [71.1, 86.7] | 33.0% [24.6, 42.7] |');
    expect(rankArms(sfo, run.data.outcomes, ['bo-ht', 'bo-el', 'zp-ht', 'zp-el'])).toEqual([
      'zp-ht',
      'bo-ht',
      'zp-el',
      'bo-el',
    ]);
  });

  it('names the best response to each opposing policy and says when the runner-up is as good', () => {
    expect(text).toContain(
      '- Against US **hold-towns**: Soviet **zoc-pin**, Soviet wins (soviet-win) 80.0% [71.1, 86.7]; better than the runner-up best-odds by +40.0 points [35.0, 45.0], Holm p = 0.00010: distinguishable.',
    );
    expect(text).toContain(
      '- Against US **elastic**: Soviet **zoc-pin**, Soviet wins (soviet-win) 33.0% [24.6, 42.7], **not distinguishable** from the runner-up best-odds (+3.0 points [-2.0, 8.0], Holm p = 0.40).',
    );
    // the US side: elastic holds both Soviet policies lower, by its own win rate
    expect(text).toContain('- Against Soviet **zoc-pin**: US **elastic**, US wins (us-win) 67.0%');
    expect(text).toContain('McNemar');
  });

  it('lists the statistics that never vary instead of drawing them', () => {
    expect(constantStats(run.data.stats)).toEqual(['vp_soviet']);
    expect(text).toContain('Not shown, as they took one value in every game of every arm: vp_soviet.');
    expect(text).not.toContain('| vp_soviet');
    expect(text).toContain('every game of every arm ended on turn 4');
  });

  it('links every entry of the table of contents to a heading, in summary.md and in index.html', () => {
    const links = [...text.matchAll(/^ *- \[[^\]]*\]\(#([a-z0-9_-]+)\)$/gm)].map((m) => m[1]);
    const seen = new Map<string, number>();
    const anchors = text
      .split('\n')
      .filter((l) => /^###? /.test(l) && l !== '## Contents')
      .map((l) => anchorOf(l.replace(/^#+ /, ''), seen));
    expect(links).toEqual(anchors);
    expect(links).toContain('soviet--us-policy-matrix');
    const page = reportHtml(sfo, run.manifest, run.data, run.comparisons);
    const hrefs = [...page.matchAll(/<a href="#([^"]+)">/g)].map((m) => m[1]!);
    const ids = new Set([...page.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]!));
    expect(hrefs.length).toBeGreaterThan(links.length);
    for (const h of hrefs) expect(ids.has(h), h).toBe(true);
    // the first section after the contents is the headline
    const after = page.slice(page.indexOf('</nav>'));
    expect(after).toMatch(/^<\/nav>\s*<section><h2 id="headline">Headline<\/h2>/);
  });

  it('makes anchors as GitHub does, numbering repeats', () => {
    const seen = new Map<string, number>();
    expect(anchorOf('Soviet × US policy matrix', seen)).toBe('soviet--us-policy-matrix');
    expect(anchorOf('Game statistics: mean per game', seen)).toBe('game-statistics-mean-per-game');
    expect(anchorOf('Soviet × US policy matrix', seen)).toBe('soviet--us-policy-matrix-1');
  });
});

describe('result colours', () => {
  it('go from the first side (blues, from the left) through draws (grey) to the other side (reds, from the right)', () => {
    const { domain, range } = outcomeColours(scs);
    expect(domain).toEqual(['soviet-win', 'sudden-death', 'draw', 'turn3-loss', 'turn1-loss', 'german-win']);
    const hue = (c: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16)) as [
        number,
        number,
        number,
      ];
      return b > r && b > g ? 'blue' : r > g && r > b ? 'red' : r === g && g === b ? 'grey' : 'other';
    };
    expect(range.map(hue)).toEqual(['blue', 'blue', 'grey', 'red', 'red', 'red']);
    // each side's first result is its darkest, at its own edge
    const light = (c: string) => Number.parseInt(c.slice(1, 3), 16) + Number.parseInt(c.slice(3, 5), 16);
    expect(light(range[0]!)).toBeLessThan(light(range[1]!));
    expect(light(range[5]!)).toBeLessThan(light(range[4]!));
    expect(outcomeColours(sfo).domain).toEqual(['soviet-win', 'draw', 'us-win']);
    expect(outcomeColours(scs)).toEqual(outcomeColours(scs));
  });
});
