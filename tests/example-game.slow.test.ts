/**
 * A designer's own game from outside the package, as a user runs it (docs/adding-a-game.md):
 * examples/games/ridge/ is copied to a temporary folder outside the repository, where sandtable is
 * installed as a package (node_modules/sandtable, a link to this build, as `npm install` of a
 * local folder makes it), and the compiled CLI is run there: the experiment that names the game
 * module by path, on 2 worker threads, to a report with a board map, a policy matrix and a
 * verdict; `sandtable check` passing on it, and failing, naming the decision, on a planted bug (a
 * clone that shares state); a resume refused once the module changed; bad modules refused in one
 * line. The guide's code blocks are checked to be the example's own code.
 *
 * Spawns the compiled CLI (`npm test` builds first) and plays a few hundred games: the full tier.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sandtable, tempDir } from './helpers/cli.js';

const ROOT = join(import.meta.dirname, '..');
const EXAMPLE = join(ROOT, 'examples', 'games', 'ridge');

/** A user's project folder: the example copied into it, sandtable installed beside it. */
function userProject(): string {
  const dir = tempDir('ridge');
  cpSync(EXAMPLE, join(dir, 'ridge'), { recursive: true });
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules', 'sandtable'), 'dir');
  return dir;
}

describe('a game of your own, from outside the package (examples/games/ridge)', () => {
  let dir: string;
  beforeAll(() => {
    dir = userProject();
  });

  it('runs an experiment naming the module by path on 2 workers, to a report with a board map, a policy matrix and a verdict', () => {
    const out = join(dir, 'out');
    const r = sandtable(
      ['run', 'ridge/experiment.json', '--games', '60', '--workers', '2', '--out', out, '--quiet'],
      {
        cwd: dir,
      },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).toContain('id="chart-hex-map"'); // the board map
    expect(html).toContain('Red × Blue policy matrix');
    expect(html).toContain('The value of the game'); // the verdict
    expect(html).toContain('Reconstructed values in play');
    expect(readdirSync(join(out, 'charts'))).toContain('hex-map.svg');
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.game.id).toBe('ridge');
    expect(manifest.gameModule.path).toBe(join(dir, 'ridge', 'ridge.mjs'));
    expect(manifest.gameModule.sha256).toMatch(/^[0-9a-f]{64}$/);
    // the manifest's copy of the experiment names the module by its absolute path
    expect(manifest.experiment.gameModule).toBe(join(dir, 'ridge', 'ridge.mjs'));

    // the run directory is read back with the module its manifest records
    const report = sandtable(['report', out], { cwd: ROOT });
    expect(report.stderr).toBe('');
    expect(report.code).toBe(0);

    // a changed module (here a file it imports) is refused on resume, naming it
    const rules = join(dir, 'ridge', 'rules.mjs');
    writeFileSync(rules, `${readFileSync(rules, 'utf8')}\n// a designer's edit\n`);
    const resumed = sandtable(['run', 'ridge/experiment.json', '--games', '60', '--resume', out], {
      cwd: dir,
    });
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toMatch(
      /--resume: the game module .*ridge\.mjs has changed since this run started/,
    );
  });

  it("plays, lists and gives odds with --game-module; its odds are the table file's", () => {
    const mod = join(dir, 'ridge', 'ridge.mjs');
    const play = sandtable(['play', '--game-module', mod, '--seed', '3', '--trace'], { cwd: dir });
    expect(play.code).toBe(0);
    expect(play.stdout).toContain('RIDGE 6.2');
    const list = sandtable(['list', '--game-module', mod, '--json'], { cwd: dir });
    expect(JSON.parse(list.stdout).map((g: { id: string }) => g.id)).toEqual(['ridge']);
    const game = sandtable([
      'odds',
      '--game-module',
      mod,
      '--attack',
      '4',
      '--defence',
      '2',
      '--cover',
      '--json',
    ]);
    const table = sandtable(
      [
        'odds',
        '--table',
        join(dir, 'ridge', 'crt.csv'),
        '--attack',
        '4',
        '--defence',
        '2',
        '--shift',
        '-1',
        '--json',
      ],
      { cwd: dir },
    );
    expect(game.code).toBe(0);
    expect(JSON.parse(game.stdout)[0].rows).toEqual(JSON.parse(table.stdout)[0].rows);
  });

  it('runs from a script through the library, loading the module the experiment names', () => {
    const script = [
      "import { loadRun, runExperiment } from 'sandtable';",
      "const run = await runExperiment('ridge/experiment.json', { games: 20, workers: 2, out: 'lib-out' });",
      'const again = await loadRun(run.dir);',
      'console.log(JSON.stringify({ game: run.manifest.game.id, module: run.manifest.gameModule.path,',
      '  rows: again.games.numRows(), arms: run.summary.length > 0 }));',
    ].join('\n');
    writeFileSync(join(dir, 'script.mjs'), script);
    const r = spawnSync(process.execPath, ['script.mjs'], { cwd: dir, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({
      game: 'ridge',
      module: join(dir, 'ridge', 'ridge.mjs'),
      rows: 20 * 7,
      arms: true,
    });
  });

  it('sandtable check passes on the game', () => {
    const r = sandtable(['check', 'ridge/ridge.mjs'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('ridge: every check passed');
    expect(r.code).toBe(0);
  });

  it('sandtable check fails on a clone that shares state, naming the decision', () => {
    const bad = userProject();
    const file = join(bad, 'ridge', 'ridge.mjs');
    const text = readFileSync(file, 'utf8');
    const planted = text.replace('units: s.units.map((u) => ({ ...u })),', 'units: s.units,');
    expect(planted).not.toBe(text);
    writeFileSync(file, planted);
    const r = sandtable(['check', 'ridge/ridge.mjs'], { cwd: bad });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      'game 0 (seed 11): decision 1, move (rule RIDGE 5, side red): applying to a clone changed the original state',
    );
    expect(r.stdout).toMatch(/replay: sandtable play --game-module \S+ridge\.mjs ridge --seed 11 --game 0/);
    expect(r.stdout).toMatch(/ridge: \d+ of \d+ checks failed/);
  });

  it('refuses a missing module and a module without a game in one line naming file and field, exit 2', () => {
    const exp = join(dir, 'nope.json');
    writeFileSync(
      exp,
      JSON.stringify({ name: 'nope', gameModule: './nope.mjs', games: 1, seed: 1, arms: [{ id: 'a' }] }),
    );
    const missing = sandtable(['run', exp], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /^sandtable: \S+nope\.json: field gameModule: "\.\/nope\.mjs": no such file/,
    );
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    writeFileSync(join(dir, 'empty.mjs'), 'export const notAGame = 1;\n');
    const empty = sandtable(['check', 'empty.mjs'], { cwd: dir });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toBe(
      'sandtable: check: "empty.mjs": the module exports no game (export default a game object whose contract is "steps")\n',
    );
    writeFileSync(
      join(dir, 'half.mjs'),
      "export default { contract: 'steps', id: 'half', title: 'Half' };\n",
    );
    const half = sandtable(['play', '--game-module', 'half.mjs', '--seed', '1'], { cwd: dir });
    expect(half.code).toBe(2);
    expect(half.stderr).toBe(
      'sandtable: option --game-module: "half.mjs": its export default is not a game: it has no function maxDecisions\n',
    );
  });

  it('type-checks as plain JavaScript with JSDoc types against the installed package (tsc --checkJs --strict)', () => {
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const args = ['--ignoreConfig', '--noEmit', '--allowJs', '--checkJs', '--strict', '--skipLibCheck'];
    const opts = [
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--target',
      'es2022',
      '--types',
      'node',
    ];
    // node's own types from this repository (a user's project has @types/node as a dev dependency)
    const types = ['--typeRoots', join(ROOT, 'node_modules', '@types')];
    const r = spawnSync(
      process.execPath,
      [tsc, ...args, ...opts, ...types, join(dir, 'ridge', 'ridge.mjs')],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it("the guide's code is the example's own code", () => {
    const guide = readFileSync(join(ROOT, 'docs', 'adding-a-game.md'), 'utf8');
    const sources = readdirSync(EXAMPLE)
      .map((f) => readFileSync(join(EXAMPLE, f), 'utf8'))
      .join('\n');
    const blocks = [...guide.matchAll(/```(?:js|csv|json)\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(blocks.length).toBeGreaterThan(8);
    for (const block of blocks)
      for (const line of block.split('\n').filter((l) => l.trim() !== '' && l.trim() !== '// ...'))
        expect(sources, `guide line not in examples/games/ridge: ${line}`).toContain(line);
  });
});
