import { move } from 'piscina';
import { gameRegistry } from '../src/games/index.js';
import { type ChunkTask, playChunk } from '../src/runner/chunk.js';

// The worker's composition root: the games its tasks may name.
const games = gameRegistry();

/** Piscina entry: plays one chunk and transfers its column block back without copying. */
export default function run(task: ChunkTask): ArrayBuffer {
  const block = playChunk(games.get(task.game), task);
  return move(block.buffer as ArrayBuffer) as unknown as ArrayBuffer;
}
