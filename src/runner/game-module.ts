/**
 * A designer's own game, loaded from a module outside the package (docs/adding-a-game.md): an
 * experiment's `gameModule` field or the CLI's `--game-module` names a JavaScript module (path
 * relative to the experiment file, or to the working directory for the option) whose default
 * export, or whose one exported game, is a SteppedGame. The CLI, the library and every worker
 * thread import it by its absolute path; the run's manifest records that path and a content hash
 * so that a run is never resumed, merged or continued with a changed module.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { dirname, extname, isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { quote, UserError } from '../core/errors.js';
import type { GameDefinition } from '../core/game.js';
import type { GameModuleRef } from '../core/registry.js';
import { withSearchPolicies } from '../core/search-policies.js';

export type { GameModuleRef } from '../core/registry.js';

/** A game loaded from a module, with the search policies every game gets (src/games/index.ts). */
export interface LoadedGameModule {
  readonly game: GameDefinition;
  readonly ref: GameModuleRef;
}

/** The functions every game defines (core/game.ts SteppedGame), checked on what a module exports. */
const GAME_FUNCTIONS = [
  'maxDecisions',
  'start',
  'workspace',
  'advance',
  'apply',
  'record',
  'evaluate',
  'view',
  'invariants',
] as const;

/** The lists every game declares. */
const GAME_LISTS = [
  'sides',
  'scenarios',
  'variants',
  'parameters',
  'policies',
  'decisionKinds',
  'results',
  'victoryLevels',
  'endReasons',
  'stats',
] as const;

/** What is wrong with `v` as a game (first problem), or undefined when it has a game's shape. */
function notAGame(v: unknown): string | undefined {
  if (v === null || typeof v !== 'object')
    return `it is ${v === null ? 'null' : typeof v}, not a game object`;
  const g = v as Record<string, unknown>;
  if (g.contract !== 'steps') return `its contract is ${quote(g.contract)}, not "steps"`;
  if (typeof g.id !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(g.id))
    return `its id ${quote(g.id)} is not letters, digits, "_", "." or "-"`;
  if (typeof g.title !== 'string') return 'it has no title';
  for (const f of GAME_FUNCTIONS) if (typeof g[f] !== 'function') return `it has no function ${f}`;
  for (const l of GAME_LISTS) if (!Array.isArray(g[l])) return `it has no list ${l}`;
  if (g.defaultPolicies === null || typeof g.defaultPolicies !== 'object') return 'it has no defaultPolicies';
  return undefined;
}

const looksLikeGame = (v: unknown): boolean =>
  v !== null && typeof v === 'object' && (v as { contract?: unknown }).contract === 'steps';

/**
 * The game a module's namespace holds: its default export, else its one export whose contract is
 * "steps". A namespace with none, or with several and no default, is a UserError naming `where`.
 */
export function gameOfNamespace(ns: Readonly<Record<string, unknown>>, where: string): GameDefinition {
  const candidates =
    ns.default !== undefined
      ? [['default', ns.default] as const]
      : Object.entries(ns).filter(([, v]) => looksLikeGame(v));
  if (candidates.length === 0)
    throw new UserError(
      `${where}: the module exports no game (export default a game object whose contract is "steps")`,
    );
  if (candidates.length > 1)
    throw new UserError(
      `${where}: the module exports ${candidates.length} games (${candidates.map(([k]) => k).join(', ')}); export default the one to play`,
    );
  const [name, value] = candidates[0]!;
  const problem = notAGame(value);
  if (problem !== undefined) throw new UserError(`${where}: its export ${name} is not a game: ${problem}`);
  return value as GameDefinition;
}

/** Relative module specifiers of a JavaScript or TypeScript source (static and dynamic imports, re-exports). */
function localImports(text: string): string[] {
  const out: string[] = [];
  const re = /(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.{1,2}\/[^'"\n]+)\1/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) out.push(m[2]!);
  return out;
}

/**
 * sha256 over the module's local files: the file itself and every file it imports by a relative
 * path, transitively (packages it imports by name, such as sandtable, are not part of it), each
 * as its path relative to the module's folder and its bytes, in path order. Files a game reads at
 * run time are bound through its `data`, which the manifest hashes on its own.
 */
export function gameModuleHash(path: string): string {
  const root = dirname(path);
  const seen = new Map<string, Buffer>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      return; // an import the module resolves otherwise (or not at all) fails when it is imported
    }
    seen.set(file, bytes);
    for (const spec of localImports(bytes.toString('utf8'))) visit(resolve(dirname(file), spec));
  };
  visit(path);
  const hash = createHash('sha256');
  for (const file of [...seen.keys()].sort()) {
    const rel = file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
    hash.update(`${rel}\u0000${seen.get(file)!.length}\u0000`);
    hash.update(seen.get(file)!);
  }
  return hash.digest('hex');
}

/** The extensions a game module may have: JavaScript that node imports as it is. */
const MODULE_EXTENSIONS = new Set(['.js', '.mjs', '.ts', '.mts']);

/**
 * Imports the game module at `path` (resolved against `base`) and checks what it exports;
 * `where` names the file and field (or option) in a refusal, e.g. `exp.json: field gameModule`.
 * The game gets the generic search policy for each side, as the built-in games do.
 */
export async function loadGameModule(path: string, base: string, where: string): Promise<LoadedGameModule> {
  const abs = isAbsolute(path) ? path : resolve(base, path);
  const at = `${where}: ${quote(path)}`;
  let isFile: boolean;
  try {
    isFile = statSync(abs).isFile();
  } catch (e) {
    throw new UserError(
      `${at}: no such file (${(e as NodeJS.ErrnoException).code ?? String(e)}; looked for ${abs})`,
    );
  }
  if (!isFile) throw new UserError(`${at}: not a file (${abs})`);
  if (!MODULE_EXTENSIONS.has(extname(abs)))
    throw new UserError(`${at}: not a JavaScript module (a game module is a .mjs or .js file)`);
  const sha256 = gameModuleHash(abs);
  let ns: Record<string, unknown>;
  try {
    ns = (await import(pathToFileURL(abs).href)) as Record<string, unknown>;
  } catch (e) {
    const msg = e instanceof Error ? e.message.split('\n')[0] : String(e);
    throw new UserError(`${at}: cannot be loaded (${msg})`);
  }
  const game = gameOfNamespace(ns, at);
  return { game: withSearchPolicies(game), ref: { path: abs, sha256 } };
}

/**
 * The worker's side (workers/play-chunk.ts): the game of the module at absolute `path`, refused
 * when its files no longer hash to `sha256` (the module changed while the run was under way) or
 * when it defines another game than `id`.
 */
export async function loadGameModuleFor(path: string, sha256: string, id: string): Promise<GameDefinition> {
  const now = gameModuleHash(path);
  if (now !== sha256)
    throw new Error(
      `game module ${path} changed during the run (sha256 ${now.slice(0, 12)}, the run started with ${sha256.slice(0, 12)})`,
    );
  const { game } = await loadGameModule(path, '/', `game module ${path}`);
  if (game.id !== id) throw new Error(`game module ${path} defines game ${game.id}, the task plays ${id}`);
  return game;
}
