import { move } from 'piscina';
import type { GameDefinition } from '../src/core/game.js';
import { lazyGames } from '../src/games/lazy.js';
import { type ChunkTask, GameFailure, playChunk } from '../src/runner/chunk.js';
import { loadGameModuleFor } from '../src/runner/game-module.js';

/**
 * Fault injection for tests of the failure path through real worker threads: with
 * SANDTABLE_FAULT=game:<index> (or game:<index>@arm:<arm index>) the chunk holding that game fails
 * there as a game that throws would. Off unless the variable is set; read per task.
 */
function injectedFault(task: ChunkTask): GameFailure | undefined {
  const spec = process.env.SANDTABLE_FAULT;
  if (spec === undefined || spec === '') return undefined;
  const m = /^game:(\d+)(?:@arm:(\d+))?$/.exec(spec);
  if (m === null) return undefined;
  const game = Number(m[1]);
  if (m[2] !== undefined && Number(m[2]) !== task.arm) return undefined;
  if (game < task.start || game >= task.end) return undefined;
  return new GameFailure(task, game, new Error(`injected fault (SANDTABLE_FAULT=${spec})`));
}

// The worker's composition root: the games its tasks may name, each module loaded when a task first
// names it (a worker loads only the games it plays); a game from outside the package by its
// module's absolute path, which the task carries.
const games = lazyGames();
const modules = new Map<string, Promise<GameDefinition>>();

/** The game a task plays: a built-in one by id, or the one its game module defines. */
function gameOf(task: ChunkTask): Promise<GameDefinition> {
  if (task.gameModule === undefined) return games.load(task.game);
  const key = `${task.gameModule}\u0000${task.gameModuleHash ?? ''}`;
  let p = modules.get(key);
  if (p === undefined) {
    p = loadGameModuleFor(task.gameModule, task.gameModuleHash ?? '', task.game);
    modules.set(key, p);
  }
  return p;
}

/** Piscina entry: plays one chunk and transfers its column block back without copying. */
export default async function run(task: ChunkTask): Promise<ArrayBuffer> {
  const fault = injectedFault(task);
  if (fault !== undefined) throw fault;
  const block = playChunk(await gameOf(task), task);
  return move(block.buffer as ArrayBuffer) as unknown as ArrayBuffer;
}
