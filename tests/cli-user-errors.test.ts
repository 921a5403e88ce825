import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliOk, tempDir, userErrorOf, writeExperiment } from './helpers/cli.js';

// Bad input gets one clear line naming the file, field and value, a non-zero exit, no stack trace:
// checked in process as the one-line UserError the CLI prints after "sandtable: " with exit code 2
// (src/cli/program.ts main; tests/cli-smoke.test.ts checks that mapping in a spawned process).

const dir = tempDir('errors');
const good = {
  name: 'err',
  game: 'sfo',
  scenario: 'advanced',
  games: 20,
  seed: 1,
  arms: [{ id: 'a', policies: { soviet: 'best-odds', us: 'hold-towns' } }],
};

async function expectUserError(args: string[], ...fragments: string[]) {
  const m = await userErrorOf(args);
  expect(m).not.toContain('\n'); // one line, so no stack trace
  for (const f of fragments) expect(m).toContain(f);
}

describe('experiment files are checked at the edge', () => {
  it('a missing file names the path', async () => {
    await expectUserError(['run', join(dir, 'nope.json')], 'nope.json', 'cannot read');
  });

  it('invalid JSON names the file', async () => {
    const p = join(dir, 'broken.json');
    writeFileSync(p, '{ "name": "x", ');
    await expectUserError(['run', p], 'broken.json', 'not valid JSON');
  });

  it('a missing field names it', async () => {
    const { seed: _s, ...noSeed } = good;
    await expectUserError(['run', writeExperiment(dir, noSeed, 'noseed.json')], 'noseed.json', 'field seed');
  });

  it('a bad number names the field and value', async () => {
    await expectUserError(
      ['run', writeExperiment(dir, { ...good, games: -5 }, 'neg.json')],
      'neg.json',
      'field games',
      '-5',
    );
    await expectUserError(
      ['run', writeExperiment(dir, { ...good, seed: 1.5 }, 'frac.json')],
      'frac.json',
      'field seed',
      '1.5',
    );
  });

  it('an unknown game lists the known ones', async () => {
    await expectUserError(
      ['run', writeExperiment(dir, { ...good, game: 'chess' }, 'chess.json')],
      'chess.json',
      'field game',
      '"chess"',
      'sfo',
    );
  });

  it('an unknown policy names the arm, side and value', async () => {
    const bad = { ...good, arms: [{ id: 'a', policies: { soviet: 'blitz' } }] };
    await expectUserError(
      ['run', writeExperiment(dir, bad, 'pol.json')],
      'pol.json',
      'arms[0]',
      'policies.soviet',
      '"blitz"',
    );
  });

  it('an unknown variant or parameter is named', async () => {
    const v = { ...good, arms: [{ id: 'a', variants: { 'night-rule': true } }] };
    await expectUserError(
      ['run', writeExperiment(dir, v, 'var.json')],
      'var.json',
      'variant',
      '"night-rule"',
    );
    const p = { ...good, arms: [{ id: 'a', params: { weather: 3 } }] };
    await expectUserError(['run', writeExperiment(dir, p, 'par.json')], 'par.json', 'parameter', '"weather"');
  });

  it('a parameter value out of its domain is named', async () => {
    const p = { ...good, arms: [{ id: 'a', params: { forests: ['0202'] } }] };
    await expectUserError(['run', writeExperiment(dir, p, 'forest.json')], 'forest.json', 'forests');
  });

  it("a location parameter naming no location of the game's board names the field and value", async () => {
    const p = { ...good, arms: [{ id: 'a', params: { 'us-setup': ['0206', '0302', '1206', '0406'] } }] };
    await expectUserError(
      ['run', writeExperiment(dir, p, 'loc.json')],
      'loc.json: arms[0] (a): field params.us-setup: parameter us-setup[2]: "1206" is not a location of the board',
    );
    await expectUserError(
      ['play', 'scs', '--seed', '1', '--param', 'setup3S=Moscow'],
      'parameter setup3S: "Moscow" is not a location of the board (315 locations',
    );
  });

  it('an unknown field is refused rather than ignored', async () => {
    await expectUserError(
      ['run', writeExperiment(dir, { ...good, gmaes: 10 }, 'typo.json')],
      'typo.json',
      'gmaes',
    );
  });
});

describe('command-line flags are checked', () => {
  const exp = writeExperiment(dir, good, 'good.json');
  it('a bad seed, game count or worker count names the flag and value', async () => {
    await expectUserError(['run', exp, '--seed', 'abc'], '--seed', '"abc"');
    await expectUserError(['run', exp, '--games', '0'], '--games', '"0"');
    await expectUserError(['run', exp, '--workers', '-1'], '--workers');
  });

  it('play with an unknown policy or game is refused', async () => {
    await expectUserError(['play', 'sfo', '--seed', '1', '--policy', 'soviet=blitz'], '--policy', '"blitz"');
    await expectUserError(['play', 'chess', '--seed', '1'], '"chess"');
  });

  it('an existing finished run is never overwritten without --force', async () => {
    const out = join(dir, 'keep');
    await cliOk(['run', exp, '--out', out, '--quiet', '--workers', '1']);
    const before = readFileSync(join(out, 'games.parquet'));
    await expectUserError(['run', exp, '--out', out, '--quiet'], out, '--resume', '--force');
    expect(readFileSync(join(out, 'games.parquet')).equals(before)).toBe(true);
    expect(existsSync(join(out, 'manifest.json'))).toBe(true);
  });
});
