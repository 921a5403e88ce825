/**
 * A game module from outside the package (src/runner/game-module.ts): what a module must export,
 * the one-line refusals, the content hash over the module's own files, and an experiment naming
 * it (src/runner/experiment.ts `gameModule`). In process, on the test fixture game of
 * tests/helpers/board-games.ts; no game is played.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../src/core/errors.js';
import { createRegistry } from '../src/core/registry.js';
import { experimentFromValue } from '../src/runner/experiment.js';
import { gameModuleHash, gameOfNamespace, loadGameModule } from '../src/runner/game-module.js';
import { experimentHash } from '../src/runner/manifest.js';
import { zoneGame } from './helpers/board-games.js';
import { tempDir } from './helpers/cli.js';

const refusal = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    if (e instanceof UserError) return e.message;
    throw e;
  }
  throw new Error('accepted, expected a refusal');
};

describe('what a game module exports', () => {
  it('takes the default export, or the one export whose contract is "steps"', () => {
    expect(gameOfNamespace({ default: zoneGame }, 'm.mjs').id).toBe('fixture-zones');
    expect(gameOfNamespace({ helper: 3, game: zoneGame }, 'm.mjs').id).toBe('fixture-zones');
  });

  it("refuses none, several, or one without a game's members, in one line naming the module", () => {
    expect(refusal(() => gameOfNamespace({ x: 1 }, 'm.mjs'))).toBe(
      'm.mjs: the module exports no game (export default a game object whose contract is "steps")',
    );
    expect(refusal(() => gameOfNamespace({ a: zoneGame, b: zoneGame }, 'm.mjs'))).toBe(
      'm.mjs: the module exports 2 games (a, b); export default the one to play',
    );
    const { advance: _, ...noAdvance } = zoneGame;
    expect(refusal(() => gameOfNamespace({ default: noAdvance }, 'm.mjs'))).toBe(
      'm.mjs: its export default is not a game: it has no function advance',
    );
    expect(refusal(() => gameOfNamespace({ default: { ...zoneGame, id: 'a b' } }, 'm.mjs'))).toBe(
      'm.mjs: its export default is not a game: its id "a b" is not letters, digits, "_", "." or "-"',
    );
  });

  it('refuses a missing file and a file that is not JavaScript, naming the field', async () => {
    const dir = tempDir('game-module');
    await expect(loadGameModule('./nope.mjs', dir, 'exp.json: field gameModule')).rejects.toThrow(
      /^exp\.json: field gameModule: "\.\/nope\.mjs": no such file \(ENOENT; looked for .*nope\.mjs\)$/,
    );
    writeFileSync(join(dir, 'rules.txt'), 'not code');
    await expect(loadGameModule('rules.txt', dir, 'option --game-module')).rejects.toThrow(
      'option --game-module: "rules.txt": not a JavaScript module (a game module is a .mjs or .js file)',
    );
    writeFileSync(join(dir, 'broken.mjs'), 'export default {{;\n');
    await expect(loadGameModule('broken.mjs', dir, 'check')).rejects.toThrow(
      /^check: "broken\.mjs": cannot be loaded \(/,
    );
  });
});

describe("a game module's content hash", () => {
  it('covers the module and the files it imports by relative path, and nothing else in its folder', () => {
    const dir = tempDir('game-hash');
    const main = join(dir, 'game.mjs');
    writeFileSync(
      main,
      "import { a } from './rules.mjs';\nimport { b } from 'sandtable';\nexport default a + b;\n",
    );
    writeFileSync(join(dir, 'rules.mjs'), "export { c as a } from './deep/c.mjs';\n");
    writeFileSync(join(dir, 'notes.md'), 'design notes');
    const h0 = gameModuleHash(main);
    expect(h0).toMatch(/^[0-9a-f]{64}$/);
    writeFileSync(join(dir, 'notes.md'), 'other notes');
    expect(gameModuleHash(main)).toBe(h0);
    writeFileSync(join(dir, 'rules.mjs'), "export { c as a } from './deep/c.mjs'; // edited\n");
    const h1 = gameModuleHash(main);
    expect(h1).not.toBe(h0);
    writeFileSync(join(dir, 'deep-c.mjs'), 'unrelated');
    expect(gameModuleHash(main)).toBe(h1);
  });
});

describe('an experiment naming a game module', () => {
  const ref = { path: '/games/zones/game.mjs', sha256: 'a'.repeat(64) };
  const registry = createRegistry([zoneGame], undefined, new Map([[zoneGame.id, ref]]));
  const body = { name: 'z', games: 2, seed: 1, arms: [{ id: 'a' }] };

  it('finds the game by the module path, relative to the file; the game field may be left out', () => {
    const exp = experimentFromValue(
      { ...body, gameModule: './game.mjs' },
      'exp.json',
      registry,
      {},
      '/games/zones',
    );
    expect(exp.game.id).toBe('fixture-zones');
    expect(exp.gameModule).toEqual(ref);
    // the manifest's copy names the module by its absolute path and the game by its id
    expect(exp.source.gameModule).toBe(ref.path);
    expect(exp.source.game).toBe('fixture-zones');
    // the module's content is part of the experiment's identity
    const other = createRegistry(
      [zoneGame],
      undefined,
      new Map([[zoneGame.id, { ...ref, sha256: 'b'.repeat(64) }]]),
    );
    const changed = experimentFromValue({ ...body, gameModule: ref.path }, 'exp.json', other);
    expect(experimentHash(changed)).not.toBe(experimentHash(exp));
  });

  it('refuses a module it was not given and a game field that names another game', () => {
    expect(
      refusal(() =>
        experimentFromValue({ ...body, gameModule: './other.mjs' }, 'exp.json', registry, {}, '/games/zones'),
      ),
    ).toBe('exp.json: field gameModule: "./other.mjs" was not loaded (/games/zones/other.mjs)');
    expect(
      refusal(() =>
        experimentFromValue(
          { ...body, game: 'sfo', gameModule: './game.mjs' },
          'exp.json',
          registry,
          {},
          '/games/zones',
        ),
      ),
    ).toBe(
      'exp.json: field game: "sfo", but the module of field gameModule "./game.mjs" defines game "fixture-zones"',
    );
    expect(refusal(() => experimentFromValue(body, 'exp.json', registry))).toBe(
      'exp.json: field game: missing (name a game, or a gameModule)',
    );
  });
});
