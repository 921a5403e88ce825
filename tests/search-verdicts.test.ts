/**
 * What `calibrate` claims, judged by intervals: a target is met only when its 95% interval clears
 * the bar, missed when the interval lies on the other side, undecided when it straddles it; a
 * value over no games is missing, not 0; `--write-defaults` refuses a calibration that did not
 * meet every target unless `--accept-missed`; a search of a parameter the rules fix is refused
 * in one line (exit 2) unless the file says it is a diagnostic.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type ArmObservations,
  type Measure,
  measure,
  type Target,
  verdict,
  violation,
} from '../src/search/targets.js';
import { cliOk, tempDir, userErrorOf, writeExperiment } from './helpers/cli.js';

const dir = tempDir('search-verdicts');

const target = (goal: Target['goal'], value: number, tolerance = 0.02): Target => ({
  id: 't',
  label: 't',
  arms: [0],
  kind: 'rate',
  goal,
  value,
  tolerance,
  weight: 1,
});
const m = (value: number, low: number, high: number, n = 1000): Measure => ({ value, low, high, n });

describe('a verdict reads the interval, not the point estimate', () => {
  it('atMost 25%: 24.9% [23.1, 26.8] is undecided, [20, 24] met, [26, 30] missed', () => {
    expect(verdict(target('atMost', 0.25), m(0.249, 0.231, 0.268))).toBe('undecided');
    expect(verdict(target('atMost', 0.25), m(0.22, 0.2, 0.24))).toBe('met');
    expect(verdict(target('atMost', 0.25), m(0.28, 0.26, 0.3))).toBe('missed');
  });

  it('equals 50% +- 2: met only when the whole interval is inside the band', () => {
    const t = target('equals', 0.5);
    expect(verdict(t, m(0.5, 0.49, 0.51))).toBe('met');
    expect(verdict(t, m(0.5, 0.47, 0.53))).toBe('undecided');
    expect(verdict(t, m(0.6, 0.55, 0.65))).toBe('missed');
    expect(verdict(t, m(0.4, 0.35, 0.45))).toBe('missed');
  });

  it('atLeast and modal: the same reading on the other side of the bar', () => {
    expect(verdict(target('atLeast', 0.3), m(0.31, 0.29, 0.33))).toBe('undecided');
    expect(verdict(target('atLeast', 0.3), m(0.35, 0.31, 0.39))).toBe('met');
    expect(verdict(target('modal', 0), m(0.05, 0.01, 0.09))).toBe('met');
    expect(verdict(target('modal', 0), m(0.01, -0.02, 0.04))).toBe('undecided');
    expect(verdict(target('modal', 0), m(-0.05, -0.09, -0.01))).toBe('missed');
  });

  it('a mean over no games is missing (NaN, null in JSON), undecided, and ranks last', () => {
    const t: Target = { ...target('atMost', 5, 1), kind: 'mean', stat: 'x', missing: -1 };
    const obs: ArmObservations[] = [{ result: [0, 0, 0], stats: { x: [-1, -1, -1] } }];
    const got = measure(t, obs, 0, 3);
    expect(got.n).toBe(0);
    expect(Number.isNaN(got.value)).toBe(true);
    expect(JSON.parse(JSON.stringify(got)).value).toBeNull();
    expect(verdict(t, got)).toBe('undecided');
    expect(violation(t, got)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('calibrate on a shipped file, small', () => {
  const shipped = JSON.parse(readFileSync('experiments/sfo-calibrate.json', 'utf8'));
  const file = writeExperiment(
    dir,
    { ...shipped, search: { candidates: 4, firstGames: 20, maxGames: 40, finalGames: 60 } },
    'sfo-calibrate-small.json',
  );
  const out = join(dir, 'small');

  // In process (a fast-tier file spawns nothing): the exit code is the process.exitCode the command sets.
  it('prints every target with its interval and an undecided verdict where the interval straddles the bar; refuses --write-defaults', async () => {
    const defaults = join(dir, 'defaults.json');
    const r = await cliOk([
      'calibrate',
      file,
      '--out',
      out,
      '--workers',
      '1',
      '--quiet',
      '--write-defaults',
      defaults,
    ]);
    // 60 games give an interval of about +- 12 points around any rate: wider than the +- 2 band
    expect(r.stdout).toMatch(/even: .*%\s*\[\d+\.\d%, \d+\.\d%\] on games 40\.\.99: (undecided|missed)/);
    const res = JSON.parse(readFileSync(join(out, 'result.json'), 'utf8'));
    expect(['undecided', 'missed']).toContain(res.targets[0].verdict);
    expect(res.targets[0].met).toBe(false);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/defaults not written: even (undecided|missed).*--accept-missed/);
    expect(existsSync(defaults)).toBe(false);
  });

  it('prints and records the cuts, the finalists on the fresh games and how the choice was made', async () => {
    const res = JSON.parse(readFileSync(join(out, 'result.json'), 'utf8'));
    const r = await cliOk([
      'calibrate',
      file,
      '--out',
      join(dir, 'small-print'),
      '--workers',
      '1',
      '--quiet',
    ]);
    expect(r.exitCode ?? 0, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^round 1: 4 candidates on games 0\.\.19, kept \d+ \(planned \d+\.\.\d+\); cut \d+ found worse/m,
    );
    expect(r.stdout).toContain('finalists on the fresh games 40..99 (loss [95%]):');
    expect(r.stdout).toMatch(
      /chosen on the fresh games 40\.\.99, (not distinguishable from|better than the runner-up)/,
    );
    // result.json: each round's test and every candidate's p, Holm p and reason
    for (const round of res.rounds) {
      expect(round.test).toContain('Holm');
      for (const e of round.ranking) {
        expect(['best', 'not worse', 'kept to the plan', 'worse', 'over the cap']).toContain(e.reason);
        expect(e.pHolm).toBeGreaterThanOrEqual(e.p);
      }
      expect(round.cut).toEqual(
        round.ranking
          .filter((e: { kept: boolean }) => !e.kept)
          .map((e: { candidate: number }) => e.candidate),
      );
    }
    // the finalists: the chosen one first, each with its fresh loss inside its interval
    expect(res.finalists.length).toBeGreaterThanOrEqual(2);
    expect(res.finalists[0].candidate).toBe(res.best.candidate);
    for (const f of res.finalists) {
      expect(f.low).toBeLessThanOrEqual(f.loss);
      expect(f.high).toBeGreaterThanOrEqual(f.loss);
    }
    expect(res.choice.runnerUp.candidate).toBe(res.finalists[1].candidate);
    expect(res.choice.overturned).toBe(res.searchBest.candidate !== res.best.candidate);
  });

  it('--accept-missed writes them, with each verdict', async () => {
    const defaults = join(dir, 'defaults-accepted.json');
    const r = await cliOk([
      'calibrate',
      file,
      '--out',
      join(dir, 'small-accepted'),
      '--workers',
      '1',
      '--quiet',
      '--write-defaults',
      defaults,
      '--accept-missed',
    ]);
    expect(r.exitCode, r.stderr).toBeUndefined();
    const body = JSON.parse(readFileSync(defaults, 'utf8'));
    expect(['undecided', 'missed']).toContain(body.targets[0].verdict);
    expect(body.verdict).toBe(body.targets[0].verdict);
  });
});

describe('parameters the rules fix', () => {
  const towns = JSON.parse(readFileSync('experiments/merkur-calibrate-towns.json', 'utf8'));

  it('a file that searches one is refused in one line naming it, exit 2', async () => {
    const plain = {
      ...towns,
      space: towns.space.map(({ diagnostic: _, ...e }: { diagnostic?: boolean }) => e),
    };
    const file = writeExperiment(dir, plain, 'towns-plain.json');
    // the one-line UserError the CLI prints with exit code 2
    const m = await userErrorOf(['calibrate', file, '--out', join(dir, 'towns-plain'), '--quiet']);
    expect(m).not.toContain('\n');
    expect(m).toMatch(/space\[0\]: field param: "townSecondaire" is fixed by the rules/);
  });

  it('"diagnostic": true searches it, but never writes defaults', async () => {
    const file = writeExperiment(
      dir,
      { ...towns, search: { candidates: 2, firstGames: 4, maxGames: 4, finalGames: 4 } },
      'towns-diagnostic.json',
    );
    const defaults = join(dir, 'towns-defaults.json');
    const r = await cliOk([
      'calibrate',
      file,
      '--out',
      join(dir, 'towns-diagnostic'),
      '--workers',
      '1',
      '--quiet',
      '--write-defaults',
      defaults,
      '--accept-missed',
    ]);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/searches townSecondaire, townPrincipale, fixed by the rules/);
    expect(existsSync(defaults)).toBe(false);
  });
});
