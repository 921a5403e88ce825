/**
 * Sandtable as a library: `import { ... } from 'sandtable'` works from another project, with types.
 * A consumer project in a temp folder installs this repository (npm links it, offline), type-checks
 * a TypeScript file against the emitted declarations with the repo's tsc, and runs an .mjs that
 * plays a tiny experiment, reads it back as an arquero table and asks for exact odds. The API's
 * own answers are checked in process: the same data and the same one-line errors as the CLI (run in
 * process too, tests/helpers/cli.ts: its refusal is the UserError line it prints after "sandtable: ").
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../src/games/index.js';
import { sfo } from '../src/games/sfo/index.js';
import {
  gameDefinition,
  gameInfo,
  listGames,
  odds,
  oddsOptions,
  runExperiment,
  type ScsOddsSituation,
  type SfoOddsSituation,
  UserError,
} from '../src/index.js';
import { cliOk, tempDir, userErrorOf } from './helpers/cli.js';

const root = join(import.meta.dirname, '..');

/** The UserError `f` throws (a failure if it throws anything else or nothing). */
async function userError(f: () => unknown): Promise<UserError> {
  try {
    await f();
  } catch (e) {
    if (e instanceof UserError) return e;
    throw e;
  }
  throw new Error('expected a UserError, nothing was thrown');
}

/** The registered games, as an unknown id's message lists them. */
const KNOWN = GAMES.map((g) => g.id).join(', ');

describe('the library API in process', () => {
  it('listGames gives what `sandtable list --json` prints', async () => {
    const cli = await cliOk(['list', '--json']);
    expect(JSON.parse(JSON.stringify(listGames()))).toEqual(JSON.parse(cli.stdout));
    const ids = listGames().map((g) => g.id);
    expect(ids).toEqual(GAMES.map((g) => g.id));
    expect(ids.slice(0, 2)).toEqual(['sfo', 'scs']);
    expect(gameInfo('sfo').scenarios.map((s) => s.id)).toContain('advanced');
    expect(gameDefinition('scs').id).toBe('scs');
  });

  it('an unknown game id is one UserError line listing the known ones', async () => {
    expect((await userError(() => gameInfo('nope'))).message).toBe(
      `gameInfo: unknown game "nope" (known: ${KNOWN})`,
    );
    expect((await userError(() => gameDefinition('nope'))).message).toBe(
      `gameDefinition: unknown game "nope" (known: ${KNOWN})`,
    );
    const e = await userError(() => odds('nope', {}));
    // the line `sandtable odds nope` prints after "sandtable: "
    expect(e.message).toBe(`odds: unknown game "nope" (known: ${KNOWN})`);
    expect(await userErrorOf(['odds', 'nope'])).toBe(e.message);
    expect((await userError(() => oddsOptions('nope'))).message).toBe(e.message);
  });

  it('odds refuses what the CLI refuses, with the same line', async () => {
    const unknown = await userError(() => odds('sfo', { weather: 1 } as SfoOddsSituation));
    expect(await userErrorOf(['odds', 'sfo', '--weather', '1'])).toBe(unknown.message);
    const bad = await userError(() => odds('sfo', { attack: 'x' as unknown as number }));
    expect(await userErrorOf(['odds', 'sfo', '--attack', 'x'])).toBe(bad.message);
    expect((await userError(() => odds('sfo', { forest: 'yes' as unknown as boolean }))).message).toBe(
      'odds sfo: option --forest is a flag: give true or false, got "yes"',
    );
    expect((await userError(() => odds('sfo', { attack: true as unknown as number }))).message).toBe(
      'odds sfo: option --attack needs a value, got true',
    );
  });

  it("odds answers from the game's own provider, as the CLI does", async () => {
    const situation = {
      level: 'expert',
      attack: 2,
      defence: 1,
      forest: true,
      air: true,
      spetsnaz: false,
    } as const;
    expect(odds('sfo', situation)).toEqual(
      sfo.odds!.compute({ level: 'expert', attack: '2', defence: '1', forest: true, air: true }),
    );
    const cli = await cliOk([
      'odds',
      'sfo',
      '--level',
      'expert',
      '--attack',
      '2',
      '--defence',
      '1',
      '--forest',
      '--air',
      '--json',
    ]);
    expect(JSON.parse(cli.stdout)).toEqual(JSON.parse(JSON.stringify(odds('sfo', situation))));
  });

  it("the typed situations name exactly each game's odds options", () => {
    const sfoKeys: Record<keyof SfoOddsSituation, true> = {
      level: true,
      crt: true,
      attackers: true,
      attack: true,
      defence: true,
      forest: true,
      air: true,
      artillery: true,
      spetsnaz: true,
    };
    const scsKeys: Record<keyof ScsOddsSituation, true> = {
      attacker: true,
      '1e': true,
      'shock-first': true,
      vi: true,
      'vi-round': true,
      kind: true,
      defender: true,
      guderian: true,
      viii: true,
      ops: true,
      rotkopf: true,
      raid: true,
      pool: true,
      marker: true,
      pocket: true,
      hex: true,
      forest: true,
      rounds: true,
      mf: true,
      'kill-order': true,
      crt: true,
      errata: true,
      'marker-in-garrison': true,
      'double-six': true,
      'relief-ignores-support': true,
    };
    for (const [game, keys] of [
      ['sfo', sfoKeys],
      ['scs', scsKeys],
    ] as const)
      expect(Object.keys(keys).sort(), game).toEqual(
        oddsOptions(game)
          .options.map((o) => o.name)
          .sort(),
      );
  });

  it('runExperiment checks the experiment as a file is and writes nothing when it refuses', async () => {
    const dir = tempDir('api-refuse');
    const out = join(dir, 'out');
    const spec = { name: 'x', game: 'nope', games: 10, seed: 1, arms: [{ id: 'a' }] };
    expect((await userError(() => runExperiment(spec, { out }))).message).toBe(
      `experiment: field game: unknown game "nope" (known: ${KNOWN})`,
    );
    const file = join(dir, 'exp.json');
    writeFileSync(file, JSON.stringify(spec));
    expect((await userError(() => runExperiment(file, { out }))).message).toBe(
      `${file}: field game: unknown game "nope" (known: ${KNOWN})`,
    );
    const two = { ...spec, game: 'sfo', arms: [{ id: 'a', policies: { soviet: 'nope' } }, { id: 'a' }] };
    expect((await userError(() => runExperiment(two, { out }))).message).toMatch(
      /^experiment: 2 problems: \(1\) arms\[0\] \(a\): field policies\.soviet: .*; \(2\) arms\[1\] \(a\): field id: arm id "a" is used twice$/,
    );
    const ok = { ...spec, game: 'sfo' };
    expect((await userError(() => runExperiment(ok, { out, workers: 0 }))).message).toBe(
      'option workers: expected a whole number of worker threads, at least 1, got 0',
    );
    expect(
      (await userError(() => runExperiment(ok, { out, wrokers: 1 } as unknown as { out: string }))).message,
    ).toBe('runExperiment: unknown option wrokers');
    expect((await userError(() => runExperiment(ok, { out, games: 0 }))).message).toMatch(
      /^experiment: field games: /,
    );
    expect(existsSync(out)).toBe(false);
  });
});

describe('a consumer project: npm install <this repository>, then import from sandtable', () => {
  const dir = tempDir('api-consumer');
  const out = join(dir, 'run');
  const run = (cmd: string, args: readonly string[]) => {
    const r = spawnSync(cmd, args, { cwd: dir, encoding: 'utf8', timeout: 300_000 });
    return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}`, stdout: r.stdout };
  };

  beforeAll(() => {
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }),
    );
    // A local folder is linked, never fetched: offline, so a network attempt fails the test.
    const r = run('npm', ['install', root, '--offline', '--no-audit', '--no-fund']);
    expect(r.code, r.out).toBe(0);
  });

  it('type-checks a TypeScript consumer against the declarations (strict, NodeNext)', () => {
    writeFileSync(
      join(dir, 'consumer.ts'),
      `import {
  type ColumnTable, type GameRecord, gameDefinition, type LoadedRun, loadRun, type OddsTable, odds, resolveSetup,
  runExperiment, startMatch, UserError,
} from 'sandtable';

const run = await runExperiment(
  { name: 'typed', game: 'sfo', games: 10, seed: 1, arms: [{ id: 'a', policies: { soviet: 'best-odds' } }] },
  { out: 'typed', workers: 1 },
);
const rows: number = run.games.numRows();
const loaded: LoadedRun = await loadRun(run.dir);
const cut: ColumnTable = loaded.games.groupby('arm').count();
const tables: OddsTable[] = odds('sfo', { level: 'advanced', attack: 2, defence: 1, forest: true });
const p: number | undefined = tables[0]?.rows[0]?.p[0];
const wins: number = loaded.summary.filter((r) => r.kind === 'winner').reduce((n, r) => n + r.count, 0);
const refused: boolean = new UserError('x') instanceof Error;
export const seen = [rows, cut.numRows(), p, wins, refused, run.manifest.seed];
// stepping a game (README "Games as state machines")
const sfo = gameDefinition('sfo');
if (sfo.contract !== 'steps') throw new Error('sfo is a stepped game');
const m = startMatch(sfo, resolveSetup(sfo, { scenario: 'advanced' }, 'script'), { masterSeed: 7, gameIndex: 41 });
for (let d = m.pending(); d !== null; d = m.pending()) {
  const copy = m.clone(); // an independent game standing at the same decision
  copy.apply(0);
  m.apply(0);
}
export const record: GameRecord = m.record();
// @ts-expect-error: SFO's odds take no such option
odds('sfo', { weather: 1 });
// @ts-expect-error: SFO has no such level
odds('sfo', { level: 'grand' });
// @ts-expect-error: games per arm is a number
await runExperiment({ name: 'x', game: 'sfo', games: '10', arms: [] });
`,
    );
    // skipLibCheck: arquero 8.0.3's and flechette's own declarations do not compile under strict;
    // the consumer's use of ours is still checked (a wrong use fails, see the @ts-expect-error lines).
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2023',
          lib: ['ES2023'],
          types: ['node'],
          typeRoots: [join(root, 'node_modules', '@types')],
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          skipLibCheck: true,
          noEmit: true,
        },
        files: ['consumer.ts'],
      }),
    );
    const r = run(join(root, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json']);
    expect(r.code, r.out).toBe(0);
  });

  it('plays a tiny experiment, reads it back as an arquero table and asks for exact odds', () => {
    writeFileSync(
      join(dir, 'consumer.mjs'),
      `import { compare, gameDefinition, loadRun, odds, op, resolveSetup, runExperiment, startMatch } from 'sandtable';

const spec = {
  name: 'tiny', game: 'sfo', scenario: 'advanced', games: 40, seed: 5,
  arms: [{ id: 'printed' }, { id: 'elim-one', variants: { 'elim-one': true } }],
};
const run = await runExperiment(spec, { out: ${JSON.stringify(out)}, workers: 1 });
const loaded = await loadRun(run.dir);
const wins = loaded.games
  .groupby('arm', 'winner')
  .rollup({ n: op.count() })
  .objects();
const same = await compare(run.dir, run.dir);
const [crt] = odds('sfo', { attack: 2, defence: 1 });
const sfo = gameDefinition('sfo');
const m = startMatch(sfo, resolveSetup(sfo, { scenario: 'advanced' }, 'script'), { masterSeed: 5, gameIndex: 0 });
for (let d = m.pending(); d !== null; d = m.pending()) m.apply(0);
console.log(JSON.stringify({
  dir: run.dir, status: run.manifest.status, games: run.manifest.games, rows: loaded.games.numRows(),
  columns: loaded.games.columnNames(), first: loaded.games.object(0), wins, summary: loaded.summary,
  runSummary: run.summary, diffs: same.rows.map((r) => r.diff), crt, stepped: m.record(),
}));
`,
    );
    const r = run(process.execPath, ['consumer.mjs']);
    expect(r.code, r.out).toBe(0);
    const got = JSON.parse(r.stdout);
    expect(got.dir).toBe(out);
    expect(got.status).toBe('complete');
    expect(existsSync(join(out, 'games.parquet'))).toBe(true);
    expect(got.rows).toBe(80);
    expect(got.columns.slice(0, 8)).toEqual([
      'game',
      'arm',
      'scenario',
      'result',
      'winner',
      'end_turn',
      'end_reason',
      'victory_level',
    ]);
    expect(typeof got.first.arm).toBe('string');
    expect(typeof got.first.winner).toBe('string');
    expect(typeof got.first.end_turn).toBe('number');
    // the table's win counts are the summary's (summary.csv's rows)
    for (const s of got.summary.filter((x: { kind: string }) => x.kind === 'winner')) {
      const n = got.wins.find(
        (w: { arm: string; winner: string }) => w.arm === s.arm && w.winner === s.outcome,
      );
      expect(n?.n ?? 0, `${s.arm} ${s.outcome}`).toBe(s.count);
      expect(s.games).toBe(40);
      expect(s.lo95).toBeLessThanOrEqual(s.rate);
      expect(s.hi95).toBeGreaterThanOrEqual(s.rate);
    }
    expect(got.runSummary).toEqual(got.summary);
    expect(got.diffs.every((d: number) => d === 0)).toBe(true);
    expect(gameInfo('sfo').results.map((x) => x.id)).toContain(got.stepped.result);
    // SFO 9, Table 2, column +1 (offence 2 against defence 1): DR on 1-3, NE on 4, AR on 5-6
    expect(got.crt.columns).toEqual(['+1']);
    const p = (o: string) => got.crt.rows.find((x: { outcome: string }) => x.outcome === o).p[0];
    expect(p('DR')).toBeCloseTo(3 / 6, 12);
    expect(p('NE')).toBeCloseTo(1 / 6, 12);
    expect(p('AR')).toBeCloseTo(2 / 6, 12);
  });

  it('examples/load-run.mjs cuts the run by arm and end turn', () => {
    const r = run(process.execPath, [join(root, 'examples', 'load-run.mjs'), out]);
    expect(r.code, r.out).toBe(0);
    expect(r.stdout).toContain('soviet wins by arm and end turn');
    expect(r.stdout).toMatch(/printed/);
    expect(r.stdout).toMatch(/elim-one: soviet wins \d+\.\d% \[/);
  });
});
