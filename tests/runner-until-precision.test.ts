import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wilson, Z95 } from '../src/analysis/intervals.js';
import { gamesForWilsonHalfWidth, PRECISION_STEP, plannedGames } from '../src/runner/precision.js';
import { cliOk, tempDir, userErrorOf, writeExperiment } from './helpers/cli.js';

// --until-precision plays a pilot, then as many games as every win rate needs for its 95% interval
// to be within the target, and the result equals a plain run of that many games.

const dir = tempDir('precision');
const exp = writeExperiment(dir, {
  name: 'precision',
  game: 'sfo',
  scenario: 'advanced',
  games: 300,
  seed: 5,
  chunkSize: 250,
  arms: [{ id: 'a' }, { id: 'b', policies: { soviet: 'zoc-pin' } }],
});

/** The smallest n whose Wilson half-width at rate p is <= h, by the closed form and a plain scan. */
function wilsonRequirement(p: number, h: number): number {
  const z = Z95;
  let n = 1;
  while ((z / (n + z * z)) * Math.sqrt(n * p * (1 - p) + (z * z) / 4) > h) n++;
  return n;
}

describe('the game count --until-precision plans', () => {
  it('is the Wilson requirement of the pilot rate, rounded up to whole hundreds', () => {
    for (const [p, h] of [
      [0.5, 0.03],
      [0.5, 0.025],
      [0.1, 0.01],
      [0, 0.03],
    ] as const) {
      expect(gamesForWilsonHalfWidth(p, h), `p ${p}, h ${h}`).toBe(wilsonRequirement(p, h));
    }
    expect(wilsonRequirement(0.5, 0.03)).toBe(1064);
    // A pilot of 300 games at 50%: 1,064 games meet +-3 points, so 1,100 are planned (not 2,000).
    const pilot = [
      { wins: 150, games: 300 },
      { wins: 150, games: 300 },
    ];
    expect(plannedGames(pilot, 0.03, 300, 1_000_000)).toBe(1100);
  });

  it('takes the rate that needs most games, and keeps to the cap', () => {
    const pilot = [
      { wins: 30, games: 300 },
      { wins: 270, games: 300 },
      { wins: 120, games: 300 },
    ];
    const need = wilsonRequirement(0.4, 0.02);
    const planned = plannedGames(pilot, 0.02, 300, 1_000_000);
    expect(planned).toBeGreaterThanOrEqual(need);
    expect(planned).toBeLessThan(need + PRECISION_STEP);
    expect(plannedGames(pilot, 0.02, 300, 1000)).toBe(1000);
  });
});

describe('run --until-precision', () => {
  // The commands run in process (tests/helpers/cli.ts); a refusal is the one-line UserError the
  // CLI prints with exit code 2.
  it('reaches the target half-width and records its rounds', async () => {
    const out = join(dir, 'p');
    const r = await cliOk([
      'run',
      exp,
      '--until-precision',
      '0.025',
      '--out',
      out,
      '--quiet',
      '--workers',
      '1',
    ]);
    const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(m.precision.reached).toBe(true);
    expect(m.precision.rounds[0].games).toBe(300);
    expect(m.games).toBeGreaterThan(300);
    // Not far above what +-2.5 points can need at all (1,537 games at 50%).
    expect(m.games).toBeLessThanOrEqual(1600);
    // The summary line gives the final run's games (both arms) and every round's.
    const rounds = m.precision.rounds.map((x: { games: number }) => x.games);
    expect(r.stdout.split('\n')[0]).toMatch(
      new RegExp(
        `^precision: ${2 * m.games} games in [\\d.]+ s \\(.*\\); ${rounds.length} rounds of ${rounds.join(', ')} games per arm, \\d+ games played in all$`,
      ),
    );
    const rows = readFileSync(join(out, 'summary.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    for (const row of rows.filter((x) => x[1] === 'winner')) {
      const ci = wilson(Number(row[3]), Number(row[4]));
      expect((ci.high - ci.low) / 2).toBeLessThanOrEqual(0.025);
    }
    // The same as a plain run with the final game count.
    const plain = join(dir, 'plain');
    await cliOk(['run', exp, '--games', String(m.games), '--out', plain, '--quiet', '--workers', '1']);
    expect(readFileSync(join(out, 'games.parquet')).equals(readFileSync(join(plain, 'games.parquet')))).toBe(
      true,
    );
  });

  it('stops at --max-games and says the target was not reached', async () => {
    const out = join(dir, 'cap');
    const r = await cliOk([
      'run',
      exp,
      '--until-precision',
      '0.005',
      '--max-games',
      '500',
      '--out',
      out,
      '--workers',
      '1',
    ]);
    expect(r.stderr).toContain('precision not reached');
    expect(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')).games).toBe(500);
  });

  it('does not replace a run already in the directory without --force', async () => {
    const out = join(dir, 'cap');
    const before = readFileSync(join(out, 'games.parquet'));
    expect(await userErrorOf(['run', exp, '--until-precision', '0.05', '--out', out, '--quiet'])).toContain(
      `${out}: already holds a run`,
    );
    expect(readFileSync(join(out, 'games.parquet')).equals(before)).toBe(true);
  });

  it('rejects a bad target', async () => {
    expect(await userErrorOf(['run', exp, '--until-precision', '2'])).toContain('--until-precision');
  });
});
