import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { pairedSprt } from '../src/analysis/stats.js';
import { UserError } from '../src/core/errors.js';
import { gameRegistry } from '../src/games/index.js';
import { type ChunkTask, playChunk } from '../src/runner/chunk.js';
import { loadExperiment } from '../src/runner/experiment.js';
import { readManifest } from '../src/runner/manifest.js';
import {
  runUntilDecided,
  SPRT_MIN_GAMES,
  sequentialDecision,
  sequentialQuestion,
} from '../src/runner/sequential.js';
import { tempDir, writeExperiment } from './helpers/cli.js';

// run --until-decided A,B: Wald's paired SPRT of B against A on one side's score, read game index
// by game index on common seeds; rounds of doubling game counts until it decides or hits the cap;
// the decision, the games it used and its error rates go into the manifest and the report.

const games = gameRegistry();

// the chunks are played in this thread: the same games a worker would play
vi.mock('../src/runner/pool.js', () => ({
  defaultWorkers: () => 1,
  checkWorkers: (n: number) => n,
  createPool: () => ({
    run: async (t: ChunkTask) => playChunk(games.get(t.game), t).buffer,
    destroy: async () => {},
  }),
}));

const dir = tempDir('decided');
const file = writeExperiment(dir, {
  name: 'decided',
  game: 'sfo',
  scenario: 'advanced',
  games: 60,
  seed: 5,
  chunkSize: 60,
  arms: [{ id: 'a' }, { id: 'same' }, { id: 'b', policies: { soviet: 'zoc-pin' } }],
});
const exp = loadExperiment(file, games);
const opts = (out: string) => ({ out, workers: 1, csv: false, resume: false, force: false, quiet: true });

describe('the sequential decision', () => {
  const q = { armA: 'a', armB: 'b', side: 'soviet', delta: 0.05, alpha: 0.05, beta: 0.1 };

  it('is the SPRT at the first game count, from 100 on, where it decides', () => {
    // B wins one game in three more than A: a difference of 1/3, far above delta
    const diffs = Float64Array.from({ length: 400 }, (_, i) => (i % 3 === 0 ? 1 : 0));
    const t = sequentialDecision(diffs, q);
    expect(t.decision).toBe('differs');
    expect(t.n).toBeGreaterThanOrEqual(SPRT_MIN_GAMES);
    // the same test on the first n games decides, and on n - 1 games it did not (or was below 100)
    let s = 0;
    for (let i = 0; i < t.n; i++) s += diffs[i]!;
    expect(pairedSprt(s, s, t.n, 0.05).decision).toBe('differs');
    expect(t.meanDiff).toBeCloseTo(s / t.n, 12);
  });

  it('accepts "within" when the arms never differ, and keeps reading while it cannot decide', () => {
    expect(sequentialDecision(new Float64Array(300), q)).toMatchObject({
      decision: 'within',
      n: SPRT_MIN_GAMES,
    });
    expect(sequentialDecision(new Float64Array(99), q)).toMatchObject({ decision: 'continue', n: 99 });
  });

  it('refuses arms the experiment does not have, one arm twice, or an unknown side', () => {
    const d = { delta: 0.05, alpha: 0.05, beta: 0.1 };
    expect(() => sequentialQuestion(exp, 'a,x', d)).toThrow(UserError);
    expect(() => sequentialQuestion(exp, 'a,x', d)).toThrow(
      'option --until-decided: no arm "x" in experiment decided',
    );
    expect(() => sequentialQuestion(exp, 'a,a', d)).toThrow('expected two different arms as A,B');
    expect(() => sequentialQuestion(exp, 'a', d)).toThrow('expected two different arms as A,B');
    expect(() => sequentialQuestion(exp, 'a,b', { ...d, side: 'nato' })).toThrow(
      'option --side: no side "nato"',
    );
    expect(sequentialQuestion(exp, 'a,b', d)).toMatchObject({ armA: 'a', armB: 'b', side: 'soviet' });
  });
});

describe('run --until-decided', () => {
  it('plays rounds of doubling games until the test decides, and says so in the manifest and the summary', async () => {
    const out = join(dir, 'differs');
    const q = sequentialQuestion(exp, 'a,b', { delta: 0.05, alpha: 0.05, beta: 0.1 });
    const r = await runUntilDecided(exp, opts(out), q, 10_000, file);
    expect(r.status).toBe('complete');
    // 60 games cannot decide (fewer than 100); 120 can
    expect(r.rounds).toEqual([60, 120]);
    const m = readManifest(out);
    expect(m.games).toBe(120);
    expect(m.sequential).toMatchObject({
      arms: ['a', 'b'],
      side: 'soviet',
      decision: 'differs',
      gamesPlayed: 120,
      alpha: 0.05,
      beta: 0.1,
      rounds: [60, 120],
    });
    expect(m.sequential!.gamesUsed).toBeGreaterThanOrEqual(SPRT_MIN_GAMES);
    const summary = readFileSync(join(out, 'summary.md'), 'utf8');
    expect(summary.split('\n')[2]).toMatch(
      /^\*\*Answer\.\*\* \*\*b\*\* differs from \*\*a\*\* on Soviet's score by 5\.0 points or more: the paired sequential test decided after \d+ paired games \(of 120 played per arm; mean difference [+−][\d.]+ points; error rates alpha 0\.05, beta 0\.1\)\.$/,
    );
    expect(summary).toContain('### Sequential test: b against a');
    // the rebuilt report is listed in the manifest with its new checksum
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('Sequential test: b against a');
  });

  it('decides "within" for arms that play the same games, and stops at the cap undecided', async () => {
    const within = join(dir, 'within');
    const same = sequentialQuestion(exp, 'a,same', { delta: 0.05, alpha: 0.05, beta: 0.1 });
    const r = await runUntilDecided(exp, opts(within), same, 10_000, file);
    expect(readManifest(within).sequential).toMatchObject({ decision: 'within', gamesUsed: 100 });
    expect(r.rounds).toEqual([60, 120]);
    const capped = join(dir, 'capped');
    const c = await runUntilDecided(exp, opts(capped), same, 90, file);
    expect(c.rounds).toEqual([60, 90]);
    expect(readManifest(capped).sequential).toMatchObject({
      decision: 'undecided',
      gamesUsed: null,
      gamesPlayed: 90,
    });
    expect(readFileSync(join(capped, 'summary.md'), 'utf8')).toContain(
      'did not decide within the cap of 90 games',
    );
  });
});
