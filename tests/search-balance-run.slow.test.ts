/**
 * `sandtable balance` end to end on SFO Advanced through the CLI (in process, tests/helpers/cli.ts),
 * sized in games: a tiny run (20 games a pairing, scripts only) writes balance.json and the report;
 * a run stopped after round 1 and resumed to round 2 on another worker count writes the same files,
 * byte for byte, as one uninterrupted run to round 2, replaying no game; and the run directory is
 * refused in one line when it cannot be started or resumed as asked.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliOk, tempDir, userErrorOf, writeExperiment } from './helpers/cli.js';

const dir = tempDir('balance');

// random Soviet play loses every game; zoc-pin wins most: round 1 must add it
const body = {
  name: 'tiny',
  game: 'sfo',
  scenario: 'advanced',
  seed: 3,
  games: 20,
  chunkSize: 5,
  start: { soviet: ['random'], us: ['hold-towns'] },
  candidates: { soviet: ['zoc-pin'], us: ['counterattack'] },
  resamples: 200,
};
const file = writeExperiment(dir, body, 'tiny.json');
const read = (out: string, f: string) => readFileSync(join(out, f), 'utf8');

describe('sandtable balance on SFO', () => {
  const straight = join(dir, 'straight');
  it('runs to its stopping rule or its round limit and writes balance.json and report.html', async () => {
    const r = await cliOk(['balance', file, '--out', straight, '--rounds', '2', '--workers', '1', '--quiet']);
    expect(r.stdout).toMatch(/^round 1: 1 x 1 policies, Soviet scores 0\.0% /m);
    expect(r.stdout).toMatch(/^round 1: .*Soviet: adds zoc-pin, \+/m);
    const b = JSON.parse(read(straight, 'balance.json'));
    expect(b.rounds[0].row.added).toBe('zoc-pin');
    expect(b.strategies.row.map((s: { policy: string }) => s.policy)).toEqual(['random', 'zoc-pin']);
    expect(b.strategies.row[1].addedInRound).toBe(1);
    expect(b.final.games).toBe(20);
    expect(b.value).toBeGreaterThan(0.5);
    expect(b.interval[0]).toBeLessThanOrEqual(b.value);
    expect(b.interval[1]).toBeGreaterThanOrEqual(b.value);
    expect(b.sentence).toMatch(/^Under the strongest strategies in this run, Soviet scores /);
    expect(['converged', 'round-limit']).toContain(b.stop);
    const html = read(straight, 'report.html');
    expect(html).toContain('<svg');
    expect(html).toContain('Final matrix');
    expect(JSON.parse(read(straight, 'balance-run.json')).status).toBe('complete');
    expect(readdirSync(join(straight, 'rounds'))).toEqual(['round-001.json', 'round-002.json']);
  });

  it('stopped after round 1 and resumed to round 2 on two workers: the same files as the straight run', async () => {
    const out = join(dir, 'resumed');
    const first = await cliOk(['balance', file, '--out', out, '--rounds', '1', '--workers', '1', '--quiet']);
    expect(first.stdout).toContain('stopped at the round limit 1');
    expect(JSON.parse(read(out, 'balance.json')).stop).toBe('round-limit');
    const again = await cliOk([
      'balance',
      file,
      '--out',
      out,
      '--rounds',
      '2',
      '--workers',
      '2',
      '--resume',
      '--quiet',
    ]);
    expect(again.stdout).toMatch(/^round 1: .*\(kept\)$/m);
    expect(read(out, 'balance.json')).toBe(read(straight, 'balance.json'));
    expect(read(out, 'report.html')).toBe(read(straight, 'report.html'));
    // round 1's pairings and the final one of the first invocation were read back, not replayed
    expect(again.stdout).toMatch(/games: \d+ played, [1-9]\d* read back/);
  });

  it('refuses, in one line, a directory it cannot start or resume as asked', async () => {
    expect(await userErrorOf(['balance', file, '--out', join(dir, 'none'), '--resume'])).toBe(
      `${join(dir, 'none')}: --resume: no balance run to resume here`,
    );
    expect(await userErrorOf(['balance', file, '--out', straight])).toBe(
      `${straight}: already holds a balance run; use --resume to continue it, --force to replace it`,
    );
    expect(await userErrorOf(['balance', file, '--out', straight, '--resume', '--games', '30'])).toBe(
      `${straight}: --resume: this run plays 20 games a pairing, not 30 (give --games 20, or start again with --force)`,
    );
    const changed = writeExperiment(
      dir,
      { ...body, candidates: { soviet: ['zoc-pin', 'town-rush'], us: ['counterattack'] } },
      'changed.json',
    );
    expect(await userErrorOf(['balance', changed, '--out', straight, '--resume'])).toMatch(
      new RegExp(
        `^${straight.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: --resume: this directory holds a different balance run \\(hash [0-9a-f]{12} vs [0-9a-f]{12}\\); the same file is needed$`,
      ),
    );
    // round 1 added a policy, so the straight run played its round 2
    expect(readdirSync(join(straight, 'rounds'))).toHaveLength(2);
    expect(await userErrorOf(['balance', file, '--out', straight, '--resume', '--rounds', '1'])).toBe(
      `${straight}: --resume: this run has 2 finished rounds, more than --rounds 1 (give --rounds 2 or more)`,
    );
    expect(await userErrorOf(['balance', join(dir, 'missing.json')])).toMatch(
      /missing\.json: cannot read balance file \(ENOENT\)$/,
    );
    expect(existsSync(join(dir, 'none'))).toBe(false);
  });
});
