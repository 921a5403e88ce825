import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { wilson } from '../src/analysis/intervals.js';
import { UserError } from '../src/core/errors.js';
import { percent } from '../src/core/percent.js';
import { GAMES } from '../src/games/index.js';
import { rateWithCi } from '../src/report/format.js';
import { createProgress } from '../src/runner/progress.js';
import { cliOk, cliOutput, helpOf, tempDir, writeExperiment } from './helpers/cli.js';

// Frictions a newcomer meets on the command line: progress output, help, list, compare,
// --until-precision and how small probabilities print. The commands run in process
// (tests/helpers/cli.ts cliOutput), their output captured as a pipe would receive it.

const dir = tempDir('frictions');
const base = { game: 'sfo', scenario: 'advanced', seed: 5 };

/** What a progress report wrote, as text; `tty` makes the stream a terminal (the bar). */
function progressText(tty: boolean, total: number, steps: readonly number[]): string {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (b: Buffer) => chunks.push(b));
  Object.assign(stream, { isTTY: tty, columns: 200 });
  const p = createProgress('exp', stream);
  p.start(total, 0);
  for (const s of steps) p.advance(s);
  p.stop();
  return Buffer.concat(chunks).toString('utf8');
}

describe('progress', () => {
  it('the bar counts whole games (no floating sums)', () => {
    const text = progressText(
      true,
      100_000,
      Array.from({ length: 37 }, () => 1000),
    );
    expect(text).toContain('37000/100000 games');
    expect(text).not.toMatch(/\d\.\d+\/100000/);
  });

  it('without a terminal: one line per further tenth, never the same line twice', () => {
    const lines = progressText(false, 600, [300, 300]).trim().split('\n');
    expect(lines).toEqual([
      'exp: 600 games',
      expect.stringMatching(/^exp: 300\/600 games \(50%\) in \d+\.\d s$/),
      expect.stringMatching(/^exp: 600\/600 games \(100%\) in \d+\.\d s$/),
    ]);
    const fine = progressText(
      false,
      1000,
      Array.from({ length: 100 }, () => 10),
    )
      .trim()
      .split('\n');
    expect(fine).toHaveLength(11);
    expect(new Set(fine).size).toBe(fine.length);
  });

  it('a run with piped output prints each progress line once', async () => {
    const exp = writeExperiment(
      dir,
      { ...base, name: 'piped', games: 300, arms: [{ id: 'a' }, { id: 'b' }] },
      'piped.json',
    );
    const r = await cliOk(['run', exp, '--out', join(dir, 'piped'), '--chunk-size', '300', '--workers', '1']);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toBe('piped: 600 games');
    expect(lines.slice(1).map((l) => l.replace(/ in .*/, ''))).toEqual([
      'piped: 300/600 games (50%)',
      'piped: 600/600 games (100%)',
    ]);
  });
});

describe('compare runs of different lengths', () => {
  it('pairs them on the games both played, as if both had played only those', async () => {
    const runs = [
      ['long', 300, {}],
      ['short', 200, {}],
      ['other', 200, { 'elim-one': true }],
    ] as const;
    for (const [name, games, variants] of runs) {
      const f = writeExperiment(dir, { ...base, name, games, arms: [{ id: 'x', variants }] }, `${name}.json`);
      await cliOk(['run', f, '--out', join(dir, name), '--quiet', '--workers', '1']);
    }
    const long = await cliOk(['compare', join(dir, 'long'), join(dir, 'other')]);
    expect(long.stdout.split('\n')[0]).toContain(
      `paired on the 200 games per arm both played (game indices 0..199; ${join(dir, 'long')} has 300, ${join(dir, 'other')} 200)`,
    );
    // The numbers are those of the two 200-game runs: the long run's first 200 games are theirs.
    const numbers = async (a: string) =>
      (await cliOk(['compare', join(dir, a), join(dir, 'other'), '--csv'])).stdout
        .trim()
        .split('\n')
        .map((l) => l.split(',').slice(2).join(','));
    const paired = await numbers('long');
    expect(paired[1]).toMatch(/^win:soviet,200,/);
    expect(paired).toEqual(await numbers('short'));
  });
});

describe('list <game>', () => {
  it('prints that game only, as `list` prints it', async () => {
    const all = await cliOk(['list']);
    const one = await cliOk(['list', 'sfo']);
    expect(one.stdout.startsWith('sfo — ')).toBe(true);
    expect(one.stdout).not.toContain('scs — ');
    expect(all.stdout).toContain(one.stdout.trimEnd());
    const json = JSON.parse((await cliOk(['list', 'scs', '--json'])).stdout);
    expect(json.map((g: { id: string }) => g.id)).toEqual(['scs']);
  });

  it('an unknown game is one line naming it and the known ones, exit 2', async () => {
    // the UserError's message is the line printed after "sandtable: " (exit 2), and nothing else is
    const r = await cliOutput(['list', 'chess']);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.error).toBeInstanceOf(UserError);
    expect((r.error as UserError).message).toBe(
      `list: unknown game "chess" (known: ${GAMES.map((g) => g.id).join(', ')})`,
    );
  });
});

/** The example command lines of a help text (its "Examples:" section, without the comments). */
function examples(help: string): string[] {
  const section = help.split('\nExamples:\n')[1] ?? '';
  return section
    .split('\n')
    .filter((l) => l.startsWith('  sandtable '))
    .map((l) => l.replace(/\s+#.*$/, '').trim());
}

describe('help', () => {
  const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
  const commands = ['list', 'run', 'play', 'merge', 'replay', 'odds', 'compare', 'plan', 'report'];

  it('every command shows examples the README gives, with flags the command knows', async () => {
    for (const c of ['', ...commands]) {
      const help = await helpOf(c === '' ? ['--help'] : [c, '--help']);
      const lines = examples(help);
      expect(lines.length, `sandtable ${c} --help`).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line.startsWith(`sandtable ${c}`), line).toBe(true);
        expect(readme, line).toContain(line);
        // odds options belong to the game the example names (--help lists them for it), or to
        // --table (odds --help lists those)
        const game = line.split(' ')[2]!;
        const own = c === 'odds' && !game.startsWith('--') ? await helpOf(['odds', game, '--help']) : help;
        for (const flag of line.match(/ --[a-z-]+/g) ?? []) expect(own, `${line}: ${flag}`).toContain(flag);
      }
    }
  });

  it('odds <game> --help lists the options of that game, as --help-odds does', async () => {
    const help = await helpOf(['odds', 'scs', '--help']);
    const options = (await cliOk(['odds', 'scs', '--help-odds'])).stdout;
    expect(options).toMatch(/^Options of odds scs: /);
    expect(help).toContain(options.trimEnd());
    for (const flag of ['--attacker', '--defender', '--forest', '--crt']) expect(help).toContain(flag);
    expect(await helpOf(['odds', 'sfo', '--help'])).toContain('--defence <value>');
    expect(await helpOf(['odds', '--help'])).toContain(
      `Each game has its own odds options: sandtable odds <game> --help (games with odds: ${GAMES.filter(
        (g) => g.odds !== undefined,
      )
        .map((g) => g.id)
        .join(', ')})`,
    );
  });
});

describe('small probabilities', () => {
  it('never print as 0 or 100 when they are not', () => {
    expect(percent(0.1234)).toBe('12.3');
    expect(percent(0)).toBe('0.0');
    expect(percent(1)).toBe('100.0');
    expect(percent(2.2e-7, 2)).toBe('<0.01');
    expect(percent(0.00004, 2)).toBe('<0.01');
    expect(percent(0.00005, 2)).toBe('0.01');
    expect(percent(0.0004)).toBe('<0.1');
    expect(percent(0.9996)).toBe('>99.9');
    expect(percent(0.003, 0)).toBe('<1');
    expect(rateWithCi(0.0001, 0.0000177, 0.000566)).toBe('<0.1% [<0.1, 0.1]');
    // exact bounds print as 0 and 100: Wilson's lower bound for no wins in 500 games is 4e-19
    const none = wilson(0, 500);
    expect(none.low).toBeGreaterThan(0);
    expect(rateWithCi(0, none.low, none.high)).toBe('0.0% [0, 0.8]');
    const all = wilson(40, 40);
    expect(rateWithCi(1, all.low, all.high)).toBe('100.0% [91.2, 100]');
    // six exact 1/6 sum to 0.9999999999999999: a certainty
    expect(
      percent(
        [1, 1, 1, 1, 1, 1].reduce((s, x) => s + x / 6, 0),
        2,
      ),
    ).toBe('100.00');
  });

  it('odds print a probability of 2.2e-7 as <0.01%, and only a zero one as 0.00%', async () => {
    // CRT set E named (the default is calibrated): its 2.2e-7 is the case in point
    const scs = [
      'odds',
      'scs',
      '--attacker',
      '8:combined',
      '--defender',
      'mech:1,nonmech:2',
      '--forest',
      '--crt',
      'E',
    ];
    for (const args of [scs, ['odds', 'sfo']]) {
      const text = (await cliOk(args)).stdout;
      const tables: { rows: { outcome: string; p: number[] }[] }[] = JSON.parse(
        (await cliOk([...args, '--json'])).stdout,
      );
      // the table rows of the text (not the notes, which are indented), in order
      const cells = text
        .split('\n')
        .filter((l) => /^\S.*%$/.test(l))
        .map((l) => l.split(/\s{2,}/).slice(1));
      const ps = tables.flatMap((t) => t.rows.map((r) => r.p));
      expect(cells.length).toBe(ps.length);
      for (const [i, row] of ps.entries())
        for (const [c, p] of row.entries()) {
          expect(cells[i]![c] === '0.00%', `${p}`).toBe(p === 0);
          expect(cells[i]![c] === '100.00%', `${p}`).toBe(p === 1);
        }
      if (args === scs) {
        expect(text).toMatch(/Soviet force destroyed +<0\.01%/);
        const destroyed = tables[0]!.rows.find((r) => r.outcome === 'Soviet force destroyed')!;
        expect(destroyed.p[0]).toBeCloseTo(2.2e-7, 8);
      }
    }
  });
});
