import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ComparisonRow, ScoreComparison } from '../src/analysis/compare.js';
import {
  byScore,
  headlinePairs,
  policyMatrices,
  policyRankings,
  sideScores,
} from '../src/analysis/headline.js';
import { wilson } from '../src/analysis/intervals.js';
import type { ReportData } from '../src/analysis/report-data.js';
import type { OutcomeRow, StatRow } from '../src/analysis/summary.js';
import { gameRegistry } from '../src/games/index.js';
import { constantStats, outcomeColours } from '../src/report/charts.js';
import { answerOf, ruleDifference, rulesAnswer, strategyDifference } from '../src/report/headline.js';
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

  it("pairs each matrix side's best reply with its runner-up, once per side and opposing policy", () => {
    const arms = armsOf(file('sfo-advanced-policies.json'));
    const ids = policyMatrices(sfo, arms)[0]!.arms.flat();
    // every cell: Soviet wins by its index, so each line has a distinct best reply
    const outcomes = ids.flatMap((arm, i) => [
      row(arm, 'winner', 'soviet', 10 + 5 * i),
      row(arm, 'winner', 'us', 90 - 5 * i),
      row(arm, 'winner', 'none', 0),
    ]);
    const pairs = headlinePairs(sfo, arms, outcomes);
    // 3 US policies x the Soviet best reply + 3 Soviet policies x the US best reply
    expect(pairs).toHaveLength(6);
    expect(pairs.filter((p) => p.side === 'soviet')).toHaveLength(3);
    expect(pairs.filter((p) => p.side === 'us')).toHaveLength(3);
  });
});

describe('policy rankings', () => {
  const merkur = games.get('merkur');
  const arms = armsOf(file('merkur-policies.json'));

  it("rank one side's policies per scenario and opposing policy, never mixing them", () => {
    const found = policyRankings(merkur, arms);
    expect(found.map((r) => [r.side, r.arms])).toEqual([
      ['german', ['historical-2p', 'maleme-first-2p', 'three-airfields-2p', 'objective-count-2p']],
      ['german', ['historical-solo', 'maleme-first-solo', 'three-airfields-solo', 'objective-count-solo']],
      ['commonwealth', ['historical-2p', 'historical-vs-counterattack', 'historical-vs-hold']],
    ]);
    for (const r of found) {
      const of = r.arms.map((id) => arms.find((a) => a.id === id)!);
      expect(new Set(of.map((a) => a.scenario)).size).toBe(1);
    }
  });

  it('are left to the matrix when a matrix holds every arm of them', () => {
    expect(policyRankings(sfo, armsOf(file('sfo-advanced-policies.json')))).toEqual([]);
  });

  it("order by the side's score, a game without a winner counting 1/2", () => {
    const outcomes = [
      ...[
        row('a', 'winner', 'german', 30),
        row('a', 'winner', 'commonwealth', 70),
        row('a', 'winner', 'none', 0),
      ],
      ...[
        row('b', 'winner', 'german', 20),
        row('b', 'winner', 'commonwealth', 20),
        row('b', 'winner', 'none', 60),
      ],
    ];
    const scores = sideScores(merkur, outcomes);
    // b: 20 wins + 60 draws / 2 = 50% beats a's 30% for the German side, though a wins more
    expect(byScore(scores, ['a', 'b'], 'german')).toEqual(['b', 'a']);
    expect(scores.get('b\u0000german')!.score).toBeCloseTo(0.5, 12);
    expect(byScore(scores, ['a', 'b'], 'commonwealth')).toEqual(['a', 'b']);
  });
});

describe('rule effects apart from policy effects', () => {
  const merkur = games.get('merkur');
  const m = { arms: armsOf(file('merkur-policies.json')) } as unknown as Manifest;

  it('counts only arms that differ in rules alone as rule changes', () => {
    expect(ruleDifference(m, 'historical-solo', 'historical-2p')).toBe('scenario solitaire');
    for (const arm of [
      'maleme-first-solo',
      'three-airfields-solo',
      'objective-count-solo',
      'maleme-first-2p',
    ])
      expect(ruleDifference(m, arm, 'historical-2p'), arm).toBeUndefined();
  });

  it('reports a policy change, with any rule change besides, as a strategy effect', () => {
    expect(strategyDifference(merkur, m, 'maleme-first-solo', 'historical-2p')).toBe(
      'German maleme-first for historical, scenario solitaire',
    );
    expect(strategyDifference(merkur, m, 'historical-vs-hold', 'historical-2p')).toBe(
      'Commonwealth objective-hold for historical-static',
    );
    expect(strategyDifference(merkur, m, 'historical-solo', 'historical-2p')).toBeUndefined();
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
  const comparisons: ScoreComparison[] = Object.entries(holm).map(([k, p]) => {
    const [arm, baseline, side] = k.split('|') as [string, string, string];
    const sign = side === 'soviet' ? 1 : -1;
    const diff = (sign * (sovietWins[arm]! - sovietWins[baseline]!)) / 100;
    return {
      arm,
      baseline,
      side,
      games: 100,
      score: 0,
      baseline_score: 0,
      diff,
      lo95: diff - 0.04,
      hi95: diff + 0.04,
      p,
      p_holm: p,
      holm_level: 0.99,
      holm_lo: diff - 0.05,
      holm_hi: diff + 0.05,
    };
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
    {
      'zp-ht|bo-ht|soviet': 0.0001,
      'zp-el|bo-el|soviet': 0.4,
      'bo-el|bo-ht|us': 0.01,
      'zp-el|zp-ht|us': 0.0001,
    },
  );
  const text = summaryMarkdown(sfo, run.manifest, run.data, run.comparisons);

  it("answers first, then the matrix of each side's wins with intervals", () => {
    const headings = text.split('\n').filter((l) => l.startsWith('#'));
    expect(headings.slice(0, 4)).toEqual([
      '# matrix: Strike Force One',
      '## Contents',
      '## Headline',
      '### Soviet × US policy matrix',
    ]);
    expect(text).toContain('| zoc-pin | 80.0% [71.1, 86.7] | 33.0% [24.6, 42.7] |');
    // the US side's wins have their own table; no game ended without a winner, so no draws table
    expect(text).toContain('| zoc-pin | 20.0% [13.3, 28.9] | 67.0% [57.3, 75.4] |');
    expect(text).not.toContain('Games without a winner, with');
  });

  it("opens with one sentence: each side's best policy against the other's best reply, and the balance", () => {
    expect(text.split('\n')[2]).toBe(
      "**Answer.** Against the other side's best reply, Soviet's best policy **zoc-pin** scores 33.0% [24.6, 42.7] (against US elastic) and US's best policy **elastic** scores 67.0% [57.3, 75.4] (against Soviet zoc-pin); the balance favours US: Soviet scores at most 33.0% whatever it plays.",
    );
    const a = answerOf(sfo, run.manifest, run.data, run.comparisons);
    expect(a.kind).toBe('matrix');
    expect(a.figures).toMatchObject({
      rowPolicy: 'zoc-pin',
      colPolicy: 'elastic',
      rowScore: 0.33,
      colScore: 0.67,
    });
  });

  it('names the best reply to each opposing policy, with the interval of its test, and says when the runner-up is as good', () => {
    expect(text).toContain(
      '- Against US **hold-towns**: Soviet **zoc-pin**, Soviet score 80.0% [71.1, 86.7]; better than the runner-up best-odds by +40.0 points, Holm-adjusted 99% interval [35.0, 45.0], Holm p = 0.00010: distinguishable.',
    );
    expect(text).toContain(
      '- Against US **elastic**: Soviet **zoc-pin**, Soviet score 33.0% [24.6, 42.7], **not distinguishable** from the runner-up best-odds (+3.0 points, Holm-adjusted 99% interval [-2.0, 8.0], Holm p = 0.40).',
    );
    // the US side: elastic holds both Soviet policies lower, by its own score
    expect(text).toContain('- Against Soviet **zoc-pin**: US **elastic**, US score 67.0%');
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
    // the answer is the first thing under the title in index.html too
    expect(page.slice(page.indexOf('</h1>'))).toMatch(/^<\/h1>\s*<p><b>Answer\.<\/b> Against the other side/);
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

describe('the answer of a variants experiment', () => {
  const dc = games.get('dc');
  const arms = armsOf(file('dc-editions.json'));
  const m = { arms, baseline: 'second-edition' } as unknown as Manifest;
  // Soviet wins of 500 per arm; the Axis never wins (as in Dark Crusade's intro scenario)
  const soviet: Record<string, number> = {
    'second-edition': 27,
    'lines-1st': 26,
    'fortresses-1st': 18,
    'centres-1st': 58,
    't1-inf-half': 16,
    't1-inf-full': 23,
  };
  const outcomes = arms.flatMap((a) => [
    row(a.id, 'winner', 'axis', 0, 500),
    row(a.id, 'winner', 'soviet', soviet[a.id]!, 500),
    row(a.id, 'winner', 'none', 500 - soviet[a.id]!, 500),
  ]);
  const comparison = (arm: string, side: string, p: number): ComparisonRow => {
    const rate = side === 'axis' ? 0 : soviet[arm]! / 500;
    const base = side === 'axis' ? 0 : soviet['second-edition']! / 500;
    const diff = rate - base;
    return {
      arm,
      baseline: 'second-edition',
      outcome: `win:${side}`,
      games: 500,
      rate,
      baseline_rate: base,
      diff,
      lo95: diff - 0.03,
      hi95: diff + 0.03,
      indep_lo95: diff - 0.04,
      indep_hi95: diff + 0.04,
      discordant: 0.1,
      p_mcnemar: p / 5,
      p_holm: p,
      exact_lo95: diff - 0.03,
      exact_hi95: diff + 0.03,
      holm_level: 0.99,
      holm_lo: diff - 0.041,
      holm_hi: diff + 0.032,
    };
  };
  const rest = arms.map((a) => a.id).filter((a) => a !== 'second-edition');
  const data: ReportData = {
    outcomes,
    stats: [],
    comparisons: [
      ...rest.map((a) => comparison(a, 'axis', 1)),
      ...rest.map((a) => comparison(a, 'soviet', a === 'centres-1st' ? 0.0006 : 0.5)),
    ],
    endTurns: [],
    heat: [],
  };

  it('names the reading that moves the result, for the side it moves, with the interval of its test', () => {
    const a = rulesAnswer(dc, m, data);
    expect(a.sentence.text).toBe(
      '1 of 5 rule changes moves the result: **centres-1st** moves Soviet wins 5.4% -> 11.6%, +6.2 points, Holm-adjusted 99% interval [2.1, 9.4], Holm p = 0.00060; no change moves Axis wins (Axis won no game in any arm).',
    );
    expect(a.figures).toMatchObject({ changes: 5, moving: 1, arm0: 'centres-1st', side0: 'soviet' });
    expect(answerOf(dc, m, data, []).kind).toBe('rules');
  });

  it('never says "0 of N" when another side\'s result moves', () => {
    const text = summaryMarkdown(
      dc,
      {
        ...m,
        name: 'dc',
        description: '',
        games: 500,
        seed: 1,
        version: 'v',
        commit: 'c',
        dataHash: 'd',
        experimentHash: 'e',
        experiment: {},
      } as unknown as Manifest,
      data,
      [],
    );
    expect(text).not.toMatch(/\b0 of \d+ rule changes/);
    expect(text).toContain('1 of 5 rule changes (variants, parameters, scenario) moves some side');
    expect(text).toContain('(Axis wins 0, Soviet wins 1)');
  });

  it('says when no change moves any side, with the largest change and its interval', () => {
    const quiet = { ...data, comparisons: data.comparisons.map((c) => ({ ...c, p_holm: 0.5 })) };
    expect(rulesAnswer(dc, m, quiet).sentence.text).toMatch(
      /^None of the 5 rule changes moves any side's wins distinguishably; the largest change, \*\*centres-1st\*\*, moves Soviet wins 5\.4% -> 11\.6%, \+6\.2 points, Holm-adjusted 99% interval \[2\.1, 9\.4\], Holm p = 0\.50\.$/,
    );
  });
});
