import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameRegistry } from '../src/games/index.js';
import { loadExperiment, parseExperiment } from '../src/runner/experiment.js';
import { jsonSyntaxError } from '../src/runner/json-text.js';
import { cliOk, tempDir, userErrorOf, writeExperiment } from './helpers/cli.js';
import { errorOf } from './helpers/errors.js';

const GAMES = gameRegistry();

// An experiment file is checked completely before anything is written: malformed JSON is named by
// line and column, every problem is listed at once, --games and --seed may stand in for the
// file's, and the game's own checks of each arm's setup run at load time, naming file and arm.

const dir = tempDir('expfile');
const base = { name: 'expfile', game: 'sfo', scenario: 'advanced', games: 10, seed: 3 };

describe('malformed JSON is named by line and column', () => {
  const cases: [string, number, number, RegExp][] = [
    ['{ "name": "x", ', 1, 16, /property name in double quotes was expected, got the end of the file/],
    ['{\n  "a": 1,\n  "b": ]\n}', 3, 8, /a value was expected, got "]/],
    ['{\n  "arms": [\n    { "id": "a" }\n  ]\n  "game": "sfo"\n}', 5, 3, /"," or "}" was expected/],
    ['{"a": 1}}', 1, 9, /goes on after its JSON value/],
    ['{"a": "x\ny"}', 1, 9, /line break or control character inside a string/],
    ["{'a': 1}", 1, 2, /property name in double quotes/],
    ['{"a": [1, 2,]}', 1, 13, /a value was expected, got "]}"/],
    ['{"a": tru}', 1, 7, /a value was expected/],
    ['', 1, 1, /the file ends/],
  ];
  for (const [text, line, column, message] of cases) {
    it(JSON.stringify(text), () => {
      const e = jsonSyntaxError(text);
      expect(e).toMatchObject({ line, column });
      expect(e!.message).toMatch(message);
      expect(() => JSON.parse(text)).toThrow(); // the checker agrees with JSON.parse
    });
  }

  it('accepts every valid JSON text JSON.parse accepts, and the CLI names file, line and column', async () => {
    for (const ok of ['{}', '[]', '0', '-1.5e+3', '"\\u00e9\\n"', ' {"a": [true, false, null, {"b": {}}]} '])
      expect(jsonSyntaxError(ok)).toBeUndefined();
    const p = join(dir, 'broken.json');
    writeFileSync(p, '{\n  "name": "x",\n  "game": "sfo"\n  "games": 5\n}\n');
    expect(await userErrorOf(['run', p, '--out', join(dir, 'never')])).toBe(
      `${p}: not valid JSON (experiment file) at line 4, column 3: "," or "}" was expected, got "\\"games\\": 5\\n}"`,
    );
    expect(existsSync(join(dir, 'never'))).toBe(false);
  });

  it('refuses nesting deeper than 32 levels before any recursive code sees it', () => {
    const deep = `{"name":"d","game":"sfo","games":1,"seed":1,"arms":[{"id":"a","params":{"forests":${'['.repeat(20_000)}${']'.repeat(20_000)}}}]}`;
    expect(jsonSyntaxError(deep)).toMatchObject({ line: 1, message: 'nested more than 32 levels deep' });
  });
});

describe('every problem of a file is listed at once', () => {
  it('schema problems, unknown names and the game’s own setup checks, each naming arm and field', () => {
    const m = errorOf(() =>
      parseExperiment(
        {
          name: 'many problems',
          game: 'sfo',
          scenario: 'advanced',
          gmaes: 5,
          arms: [
            { id: 'a', variants: { 'elim-one': true, 'elim-all': true } },
            { id: 'b', params: { 'vp-marginal': 3 } },
            { id: 'c', params: { forests: ['0208', '0703'] } },
            { id: 'd', params: { 'us-setup': ['0206', '0206', '0306', '0406'] } },
            {
              id: 'e',
              scenario: 'expert-standard',
              params: { 'soviet-events-air': 12, 'soviet-events-artillery': 5 },
            },
            { id: 'f', policies: { soviet: 'blitz' } },
            { id: 'g', variants: { night: 'yes' } },
            { id: 'a' },
          ],
        },
        'exp.json',
        GAMES,
      ),
    );
    expect(m.split('\n')).toHaveLength(1);
    expect(m).toMatch(/^exp\.json: 12 problems: \(1\) /);
    for (const part of [
      'field name: letters, digits',
      'unknown field "gmaes"',
      'field games: missing (give it in the file or with --games)',
      'field seed: missing (give it in the file or with --seed)',
      'arms[0] (a): field variants: "elim-one" and "elim-all" are alternatives (group "elimination")',
      'arms[1] (b): field params.vp-marginal: parameter vp-marginal applies only to scenarios expert-standard',
      'arms[2] (c): the game refuses this setup: parameter forests: hex "0208" is not on the 68-hex map',
      'arms[3] (d): the game refuses this setup: parameter us-setup: hex "0206" is listed twice',
      'arms[4] (e): the game refuses this setup: parameters soviet-events-air',
      'the table has 12',
      'arms[5] (f): field policies.soviet: unknown policy "blitz"',
      'arms[6].variants.night',
    ])
      expect(m).toContain(part);
  });

  it('one arm alone switching a whole group off is still refused, and so is an arm id used twice', () => {
    const m = errorOf(() =>
      parseExperiment(
        { ...base, arms: [{ id: 'a', variants: { 'elim-all': false } }, { id: 'a' }] },
        'x.json',
        GAMES,
      ),
    );
    expect(m).toContain('arms[0] (a): field variants: exactly one variant of group "elimination" must be on');
    expect(m).toContain('arms[1] (a): field id: arm id "a" is used twice');
  });
});

describe('games and seed may come from the command line', () => {
  const { games: _g, seed: _s, ...bare } = base;
  const file = writeExperiment(dir, { ...bare, arms: [{ id: 'a' }] }, 'bare.json');

  it('loads with both given as overrides, and says which flag is missing otherwise', () => {
    const exp = loadExperiment(file, GAMES, { games: 7, seed: 11 });
    expect([exp.games, exp.seed]).toEqual([7, 11]);
    expect(exp.source).toMatchObject({ games: 7, seed: 11 });
    expect(errorOf(() => loadExperiment(file, GAMES, { games: 7 }))).toBe(
      `${file}: field seed: missing (give it in the file or with --seed)`,
    );
  });

  it('runs from the CLI with --games and --seed and no such fields in the file', async () => {
    const out = join(dir, 'bare-run');
    const r = await cliOk([
      'run',
      file,
      '--games',
      '12',
      '--seed',
      '5',
      '--out',
      out,
      '--quiet',
      '--workers',
      '1',
    ]);
    expect(r.stdout).toContain('expfile: 12 games');
  });
});

describe('hostile values are refused before any schema or recursive code sees them', () => {
  it('prototype keys, over-long strings, keys and arrays are named by path', () => {
    const proto = JSON.parse(
      `{"name":"p","game":"sfo","games":1,"seed":1,"arms":[{"id":"a","__proto__":{"x":1}}]}`,
    );
    expect(errorOf(() => parseExperiment(proto, 'p.json', GAMES))).toBe(
      'p.json: field arms[0].__proto__: the key "__proto__" is not allowed',
    );
    const ctor = { ...base, arms: [{ id: 'a', params: { constructor: 1 } }] };
    expect(errorOf(() => parseExperiment(ctor, 'c.json', GAMES))).toContain(
      'field arms[0].params.constructor',
    );
    const long = { ...base, description: 'x'.repeat(10_001), arms: [{ id: 'a' }] };
    expect(errorOf(() => parseExperiment(long, 'l.json', GAMES))).toContain(
      'field description: a string of 10001 characters (at most 10000)',
    );
    const name = { ...base, name: 'n'.repeat(256), arms: [{ id: 'b'.repeat(129) }] };
    const m = errorOf(() => parseExperiment(name, 'n.json', GAMES));
    expect(m).toContain('field name: Too big');
    expect(m).toContain('field arms[0].id: Too big');
  });

  it('a file over 1 MB is refused by its size, unread', () => {
    const p = join(dir, 'huge.json');
    writeFileSync(p, JSON.stringify({ ...base, arms: [{ id: 'a', description: 'x'.repeat(1_100_000) }] }));
    expect(errorOf(() => loadExperiment(p, GAMES))).toMatch(
      /huge\.json: \d+ bytes; an experiment file is at most 1000000 bytes/,
    );
  });
});

describe('a late parameter error leaves nothing behind, so the corrected file runs into the same directory', () => {
  it('refuses the off-map hex naming file and arm, writes nothing, then runs once corrected', async () => {
    const out = join(dir, 'late');
    const bad = writeExperiment(
      dir,
      { ...base, arms: [{ id: 'ok' }, { id: 'moved', params: { forests: ['0208', '0703'] } }] },
      'late.json',
    );
    expect(await userErrorOf(['run', bad, '--out', out, '--quiet'])).toBe(
      `${bad}: arms[1] (moved): the game refuses this setup: parameter forests: hex "0208" is not on the 68-hex map`,
    );
    expect(existsSync(out)).toBe(false);
    writeExperiment(
      dir,
      { ...base, arms: [{ id: 'ok' }, { id: 'moved', params: { forests: ['0204', '0703'] } }] },
      'late.json',
    );
    await cliOk(['run', bad, '--out', out, '--quiet', '--workers', '1']);
  });
});
