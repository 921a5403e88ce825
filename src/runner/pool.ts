import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { ChunkTask } from './chunk.js';

// How many worker threads a run may ask for (without loading piscina, for the CLI's option parsing).
export { checkWorkers, WORKERS_PER_CORE } from './workers.js';

/** Default worker count: the machine's cores. */
export function defaultWorkers(): number {
  return availableParallelism();
}

/** A piscina pool of `workers` threads running workers/play-chunk (compiled JS, or TS under tsx). */
export function createPool(workers: number): Piscina<ChunkTask, ArrayBuffer> {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = new URL(
    fromSource ? '../../workers/play-chunk.ts' : '../../workers/play-chunk.js',
    import.meta.url,
  ).href;
  return new Piscina<ChunkTask, ArrayBuffer>({
    filename,
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 60_000,
    ...(fromSource ? { execArgv: [...process.execArgv, '--import', 'tsx'] } : {}),
  });
}
