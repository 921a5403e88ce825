/**
 * `sandtable calibrate` and `tune` end to end through the CLI: the known answer on SFO (a Soviet
 * win rate of 50% +- 2 points, checked by a plain `run` at the value found, on other seeds), the
 * same result for any worker count, resume without replaying finished evaluations, tuned weights
 * playable as `policy@name` in an experiment, and bad files refused in one line. The commands run
 * in process (tests/helpers/cli.ts): a refusal is the one-line UserError the CLI prints with exit
 * code 2.
 */
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliOk, tempDir, userErrorOf, writeExperiment } from './helpers/cli.js';

const dir = tempDir('search');

const calibration = (search: object, space?: object[]) => ({
  name: 'cal',
  game: 'sfo',
  scenario: 'expert-standard',
  seed: 17,
  arms: [{ id: 'bo_el', policies: { soviet: 'best-odds', us: 'elastic' } }],
  space: space ?? [
    { param: 'us-events-air', min: 0, max: 6 },
    { param: 'us-events-artillery', min: 0, max: 4 },
  ],
  targets: [{ id: 'even', arm: 'bo_el', rate: 'soviet', equals: 0.5, tolerance: 0.02 }],
  search,
});

const result = (out: string) => JSON.parse(readFileSync(join(out, 'result.json'), 'utf8'));

describe('calibrate finds a known answer on SFO', () => {
  it('a US events table that brings best-odds vs elastic to 50% +- 2, confirmed by a plain run on other seeds', async () => {
    const file = writeExperiment(
      dir,
      calibration({ firstGames: 50, maxGames: 800, finalGames: 2000 }),
      'known.json',
    );
    const out = join(dir, 'known');
    await cliOk(['calibrate', file, '--out', out, '--workers', '1', '--quiet']);
    const res = result(out);
    const values = res.best.values as Record<string, number>;
    // on the search's own fresh games the interval reaches the band too
    expect(res.targets[0].high).toBeGreaterThanOrEqual(0.48);
    expect(res.targets[0].low).toBeLessThanOrEqual(0.52);
    // the plain run: the value found, a different master seed, 3000 games
    const check = writeExperiment(
      dir,
      {
        name: 'check',
        game: 'sfo',
        scenario: 'expert-standard',
        games: 3000,
        seed: 99,
        arms: [{ id: 'bo_el', policies: { soviet: 'best-odds', us: 'elastic' }, params: values }],
      },
      'check.json',
    );
    await cliOk(['run', check, '--out', join(dir, 'check'), '--workers', '1', '--quiet']);
    const row = readFileSync(join(dir, 'check', 'summary.csv'), 'utf8')
      .split('\n')
      .find((l) => l.startsWith('bo_el,winner,soviet,'))!
      .split(',');
    const [lo, hi] = [Number(row[6]), Number(row[7])];
    // the run's 95% interval reaches the target band [48%, 52%]
    expect(hi).toBeGreaterThanOrEqual(0.48);
    expect(lo).toBeLessThanOrEqual(0.52);
  });
});

describe('a search is deterministic and resumable', () => {
  const small = calibration({ firstGames: 40, maxGames: 160, finalGames: 200 }, [
    { param: 'us-events-air', min: 1, max: 5 },
  ]);
  const file = writeExperiment(dir, small, 'small.json');
  const w1 = join(dir, 'w1');
  const w2 = join(dir, 'w2');

  it('gives the same result for 1 and 2 workers', async () => {
    await cliOk(['calibrate', file, '--out', w1, '--workers', '1', '--quiet']);
    await cliOk(['calibrate', file, '--out', w2, '--workers', '2', '--quiet']);
    expect(readFileSync(join(w2, 'result.json'), 'utf8')).toBe(readFileSync(join(w1, 'result.json'), 'utf8'));
    expect(readFileSync(join(w2, 'candidates.csv'), 'utf8')).toBe(
      readFileSync(join(w1, 'candidates.csv'), 'utf8'),
    );
  });

  it('continues an interrupted search, replaying only the missing and damaged evaluations', async () => {
    const part = join(dir, 'part');
    cpSync(w1, part, { recursive: true });
    // as a kill would leave it: a partial manifest, no outputs, some evaluations missing, one torn
    const m = JSON.parse(readFileSync(join(part, 'search.json'), 'utf8'));
    writeFileSync(join(part, 'search.json'), JSON.stringify({ ...m, status: 'partial', outputs: undefined }));
    for (const f of ['result.json', 'candidates.csv', 'report.html']) rmSync(join(part, f));
    const evals = readdirSync(join(part, 'evals')).sort();
    const kept = evals.length;
    for (const f of evals.slice(0, 3)) rmSync(join(part, 'evals', f));
    writeFileSync(join(part, 'evals', evals[5]!), '{"torn":');
    const again = await cliOk(['calibrate', file, '--out', part, '--workers', '1', '--resume']);
    expect(again.stderr).toContain(evals[5]!);
    expect(readFileSync(join(part, 'result.json'), 'utf8')).toBe(
      readFileSync(join(w1, 'result.json'), 'utf8'),
    );
    expect(readdirSync(join(part, 'evals')).length).toBe(kept);
    // refused: a second run over a finished one without --force, a resume of a complete one
    expect(await userErrorOf(['calibrate', file, '--out', part])).toContain('already holds a calibrate run');
  });
});

describe('tune saves weights an experiment can play as policy@name', () => {
  it('tunes two weights of elastic and plays elastic@name in a run', async () => {
    const file = writeExperiment(
      dir,
      {
        name: 'tune-small',
        game: 'sfo',
        scenario: 'advanced',
        seed: 5,
        side: 'us',
        policy: 'elastic',
        opponents: [{ id: 'vs-bo', policies: { soviet: 'best-odds' } }],
        space: [
          { param: 'forest', values: [2, 6] },
          { param: 'attackThreshold', values: [0.9, 2] },
        ],
        search: { firstGames: 40, maxGames: 80, finalGames: 100 },
        constraints: [{ id: 'towns', mean: 'soviet_towns_end', atMost: 4 }],
        save: 'small',
      },
      'tune.json',
    );
    const out = join(dir, 'tune-out');
    const r = await cliOk(['tune', file, '--out', out, '--workers', '1', '--quiet']);
    expect(r.stdout).toContain('elastic@small');
    const res = result(out);
    expect(res.tune.advantage.n).toBe(100);
    expect(res.targets.map((t: { id: string }) => t.id)).toEqual(['win', 'towns']);
    expect(res.targets[1].met).toBe(true);
    const tuned = JSON.parse(readFileSync(join(out, 'tuned.json'), 'utf8'));
    expect(tuned.policies.small.policy).toBe('elastic');
    const exp = writeExperiment(
      dir,
      {
        name: 'use-tuned',
        game: 'sfo',
        scenario: 'advanced',
        games: 30,
        seed: 3,
        tuned: [join(out, 'tuned.json')],
        arms: [{ id: 't', policies: { soviet: 'best-odds', us: 'elastic@small' } }],
      },
      'use.json',
    );
    await cliOk(['run', exp, '--out', join(dir, 'use'), '--workers', '1', '--quiet']);
    const manifest = JSON.parse(readFileSync(join(dir, 'use', 'manifest.json'), 'utf8'));
    expect(manifest.arms[0].policies.us).toBe(res.best.spec);
    // the manifest keeps the tuned file inline: a game replays from the run directory alone
    const play = await cliOk(['play', '--from', join(dir, 'use'), '--arm', 't', '--game', '0']);
    expect(play.stdout).toContain(res.best.spec);
    const bad = writeExperiment(
      dir,
      { name: 'bad', game: 'sfo', games: 5, seed: 1, arms: [{ id: 't', policies: { us: 'elastic@nope' } }] },
      'bad-tuned.json',
    );
    expect(await userErrorOf(['run', bad, '--out', join(dir, 'bad')])).toContain('no tuned policy "nope"');
  });
});

describe('bad calibrate and tune files get one line naming file, field and value', () => {
  const cases: [string, object, string[]][] = [
    [
      'unknown rate',
      { ...calibration({}), targets: [{ rate: 'nobody', equals: 0.5, tolerance: 0.02 }] },
      ['targets[0]', '"nobody"'],
    ],
    [
      'unknown median statistic',
      { ...calibration({}), targets: [{ median: 'no_such_stat', equals: 1, tolerance: 1 }] },
      ['targets[0]', 'field median', '"no_such_stat"'],
    ],
    ['unknown parameter', calibration({}, [{ param: 'no-such', min: 0, max: 1 }]), ['space[0]', '"no-such"']],
    [
      'value out of range',
      calibration({}, [{ param: 'us-events-air', values: [1, 99] }]),
      ['space[0]', '99'],
    ],
    [
      'two goals',
      { ...calibration({}), targets: [{ rate: 'soviet', atMost: 0.5, atLeast: 0.1 }] },
      ['targets[0]', 'atMost, atLeast'],
    ],
    ['bad search', calibration({ firstGames: 0 }), ['search.firstGames', '0']],
  ];
  for (const [what, body, fragments] of cases)
    it(what, async () => {
      const file = writeExperiment(dir, body, `bad-${what.replace(/ /g, '-')}.json`);
      const m = await userErrorOf(['calibrate', file, '--out', join(dir, `bad-${what}`)]);
      expect(m).not.toContain('\n');
      expect(m).toContain(file);
      for (const f of fragments) expect(m).toContain(f);
    });
  it('run given a calibrate file names the command that reads it', async () => {
    const file = writeExperiment(dir, calibration({}), 'run-a-calibration.json');
    expect(await userErrorOf(['run', file, '--out', join(dir, 'not-a-run')])).toContain(
      `a calibrate file (space, targets), not an experiment: sandtable calibrate ${file}`,
    );
  });
  it('tune: a parameter the policy does not declare', async () => {
    const file = writeExperiment(
      dir,
      {
        name: 'bt',
        game: 'sfo',
        seed: 1,
        side: 'us',
        policy: 'elastic',
        opponents: [{ id: 'a' }],
        space: [{ param: 'nope', min: 0, max: 1 }],
      },
      'bad-tune.json',
    );
    const m = await userErrorOf(['tune', file, '--out', join(dir, 'bad-tune')]);
    expect(m).toContain('space[0]');
    expect(m).toContain('"nope"');
  });
});

describe('--force', () => {
  it('starts a search in a new directory and replaces a different search in an existing one', async () => {
    const one = writeExperiment(
      dir,
      calibration({ firstGames: 20, maxGames: 20, finalGames: 20 }, [
        { param: 'us-events-air', values: [1] },
      ]),
      'force1.json',
    );
    const two = writeExperiment(
      dir,
      calibration({ firstGames: 20, maxGames: 20, finalGames: 20 }, [
        { param: 'us-events-air', values: [2] },
      ]),
      'force2.json',
    );
    const out = join(dir, 'forced');
    await cliOk(['calibrate', one, '--out', out, '--force', '--workers', '1', '--quiet']);
    await cliOk(['calibrate', two, '--out', out, '--force', '--workers', '1', '--quiet']);
    expect(result(out).best.values).toEqual({ 'us-events-air': 2 });
    expect(readdirSync(join(out, 'evals')).every((f) => f.startsWith('c0-'))).toBe(true);
    await userErrorOf(['calibrate', one, '--out', out, '--resume']);
  });
});
