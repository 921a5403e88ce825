import { move } from 'piscina';
import { type ChunkTask, playChunk } from '../src/runner/chunk.js';

/** Piscina entry: plays one chunk and transfers its column block back without copying. */
export default function run(task: ChunkTask): ArrayBuffer {
  const block = playChunk(task);
  return move(block.buffer as ArrayBuffer) as unknown as ArrayBuffer;
}
