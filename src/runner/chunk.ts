import type { GameDefinition, GameRecord, GameSetup } from '../core/game.js';
import { heatSize, recordColumns, writeRecord } from './layout.js';
import { armSeries } from './play.js';

/** A task: one arm's contiguous range [start, end) of game indices. Plain data, sent to workers. */
export interface ChunkTask {
  readonly game: string;
  readonly arm: number;
  readonly scenario: string;
  readonly variants: readonly string[];
  readonly params: GameSetup['params'];
  readonly policies: Readonly<Record<string, string>>;
  /** A game from outside the package: its module's absolute path, which the worker imports. */
  readonly gameModule?: string;
  /** The sha256 of that module's files when the run started (the worker refuses a changed module). */
  readonly gameModuleHash?: string;
  readonly seed: number;
  readonly start: number;
  readonly end: number;
}

/** Thrown when a game fails: names the game index, arm and seed so it can be replayed. */
export class GameFailure extends Error {
  constructor(
    readonly task: ChunkTask,
    readonly gameIndex: number,
    cause: unknown,
  ) {
    super(
      `game ${gameIndex} of arm #${task.arm} (seed ${task.seed}) failed: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
    this.name = 'GameFailure';
  }
}

/**
 * Plays a chunk and returns its block: column c of row r at c * rows + r, then one value per board
 * cell counting the games of the chunk that marked it (GameRecord.cells, each cell once per game).
 */
export function playChunk(def: GameDefinition, task: ChunkTask): Float64Array {
  if (def.id !== task.game) throw new Error(`playChunk: task of game ${task.game} given ${def.id}`);
  const cols = recordColumns(def);
  const rows = task.end - task.start;
  const setup: GameSetup = { scenario: task.scenario, variants: new Set(task.variants), params: task.params };
  const heat = heatSize(def, setup);
  const block = new Float64Array(cols.length * rows + heat);
  const heatAt = cols.length * rows;
  const stamp = new Int32Array(heat).fill(-1);
  const series = armSeries(def, setup, task.policies);
  for (let i = 0; i < rows; i++) {
    const g = task.start + i;
    let rec: GameRecord;
    try {
      rec = series.play({ masterSeed: task.seed, gameIndex: g });
    } catch (e) {
      throw new GameFailure(task, g, e);
    }
    writeRecord(def, cols, block, rows, i, rec);
    for (const h of rec.cells ?? []) {
      if (!(h >= 0 && h < heat) || !Number.isInteger(h))
        throw new GameFailure(task, g, new Error(`record cell index ${h} outside the board (${heat} cells)`));
      if (stamp[h] === i) continue;
      stamp[h] = i;
      block[heatAt + h]! += 1;
    }
  }
  return block;
}
