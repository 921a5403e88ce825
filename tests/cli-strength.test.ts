/**
 * `sandtable strength`: the table over a run's sides, and its refusals (one line, exit 2): a run
 * with no search policy, a bad --alpha or --width.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliOk, tempDir, userErrorOf, writeExperiment } from './helpers/cli.js';

const dir = tempDir('cli-strength');

describe('sandtable strength', () => {
  it('tabulates each search policy of each side against the best script, and refuses what it cannot read', async () => {
    const exp = writeExperiment(dir, {
      name: 'strength-small',
      game: 'sfo',
      scenario: 'advanced',
      games: 4,
      seed: 5,
      matrix: {
        policies: {
          soviet: ['best-odds', 'zoc-pin', 'mcts:iterations=1'],
          us: ['hold-towns', 'counterattack', 'portfolio:n=1,horizon=1'],
        },
      },
    });
    const out = join(dir, 'run');
    await cliOk(['run', exp, '--out', out, '--workers', '1']);
    const r = await cliOk(['strength', out, '--resamples', '200']);
    expect(r.stdout).toMatch(
      /\| sfo \| soviet \| mcts:iterations=1 \| [\d.]+% \(vs (hold-towns|counterattack)\) \|/,
    );
    expect(r.stdout).toMatch(
      /\| sfo \| us \| portfolio:n=1,horizon=1 \| [\d.]+% \(vs (best-odds|zoc-pin)\) \|/,
    );
    expect(r.stdout).toContain('2 rows');
    const csv = await cliOk(['strength', out, '--resamples', '200', '--csv']);
    expect(csv.stdout.split('\n')[0]).toBe(
      'game,side,policy,worst,worst_opponent,best_script,best_script_worst,best_script_opponent,difference,lo,hi,p,p_holm,beats,games,games_for_width',
    );
    // the planning column (the last two; a policy spec may hold a quoted comma): at 4 games a cell
    // every interval is far wider than 4 points
    const rows = csv.stdout
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    for (const row of rows) expect(Number(row.at(-1))).toBeGreaterThan(Number(row.at(-2)));
    expect(r.stdout).toMatch(/\| 4 \(\d+\) \|/);
    expect(await userErrorOf(['strength', out, '--width', '0'])).toBe(
      'option --width: 0 is not a number of points in (0, 100]',
    );
    expect(await userErrorOf(['strength', out, '--alpha', '2'])).toBe(
      'option --alpha: 2 is not a level in (0, 1)',
    );

    const scripted = writeExperiment(
      dir,
      {
        name: 'strength-scripts',
        game: 'sfo',
        scenario: 'advanced',
        games: 2,
        seed: 5,
        matrix: { policies: { soviet: ['best-odds', 'zoc-pin'], us: ['hold-towns', 'counterattack'] } },
      },
      'scripts.json',
    );
    const out2 = join(dir, 'run2');
    await cliOk(['run', scripted, '--out', out2, '--workers', '1']);
    expect(await userErrorOf(['strength', out2])).toMatch(
      /^.*run2: no side of this run has both search and scripted policies/,
    );
  });
});
