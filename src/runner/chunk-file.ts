import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeRunFile } from './run-paths.js';

/**
 * A finished chunk on disk (`chunks/<arm>-<start>-<end>.f64`): a 168-byte header, then the
 * column-major Float64 block (little-endian) a worker returned.
 *
 *   0..7     magic "STCHUNK2"
 *   8..39    sha256 of bytes 40..end (the rest of the header and the block)
 *   40..43   arm index (uint32)      44..47  columns (uint32)
 *   48..55   first game index (f64)  56..63  end game index, exclusive (f64)
 *   64..95   experiment hash         96..127 data hash        128..159 code hash (raw sha256 bytes)
 *   160..167 master seed (f64)
 *
 * So a chunk checks itself and says whose it is: a truncated, edited or misplaced file, or one
 * played for another experiment, seed, game data or code, is detected on resume and on merge,
 * named, and never used.
 */
export const CHUNK_HEADER_BYTES = 168;
const MAGIC = 'STCHUNK2';

/** The run a chunk belongs to: every chunk of a directory must carry its manifest's values. */
export interface ChunkBinding {
  readonly experimentHash: string;
  readonly seed: number;
  readonly dataHash: string;
  readonly code: string;
}

export interface ChunkKey {
  readonly arm: number;
  readonly start: number;
  readonly end: number;
}

/** Values per chunk: `cols` per game, then `extra(arm)` values for the whole chunk (the hex heat). */
export interface ChunkLayout {
  readonly cols: number;
  extra(arm: number): number;
}

export const chunkFileName = (k: ChunkKey): string => `${k.arm}-${k.start}-${k.end}.f64`;

/** Parses a chunk file name back into its key, or undefined for any other file. */
export function parseChunkFileName(name: string): ChunkKey | undefined {
  const m = /^(\d+)-(\d+)-(\d+)\.f64$/.exec(name);
  return m === null ? undefined : { arm: Number(m[1]), start: Number(m[2]), end: Number(m[3]) };
}

export function encodeChunk(
  k: ChunkKey,
  layout: ChunkLayout,
  block: Float64Array,
  binding: ChunkBinding,
): Uint8Array {
  const cols = layout.cols;
  const out = new Uint8Array(CHUNK_HEADER_BYTES + block.byteLength);
  const view = new DataView(out.buffer);
  out.set(Buffer.from(MAGIC, 'ascii'), 0);
  view.setUint32(40, k.arm, true);
  view.setUint32(44, cols, true);
  view.setFloat64(48, k.start, true);
  view.setFloat64(56, k.end, true);
  out.set(Buffer.from(binding.experimentHash, 'hex'), 64);
  out.set(Buffer.from(binding.dataHash, 'hex'), 96);
  out.set(Buffer.from(binding.code, 'hex'), 128);
  view.setFloat64(160, binding.seed, true);
  out.set(new Uint8Array(block.buffer, block.byteOffset, block.byteLength), CHUNK_HEADER_BYTES);
  out.set(createHash('sha256').update(out.subarray(40)).digest(), 8);
  return out;
}

/** The block of a chunk file, or the reason it cannot be trusted. */
export type DecodedChunk =
  | { readonly ok: true; readonly data: Float64Array }
  | { readonly ok: false; readonly reason: string };

/**
 * Checks a chunk file's bytes against its own checksum, the key and width expected of it, and the
 * run it must belong to.
 */
export function decodeChunk(
  bytes: Uint8Array,
  k: ChunkKey,
  layout: ChunkLayout,
  binding: ChunkBinding,
): DecodedChunk {
  const cols = layout.cols;
  const values = cols * (k.end - k.start) + layout.extra(k.arm);
  const want = CHUNK_HEADER_BYTES + values * 8;
  const magic = bytes.byteLength >= 8 ? Buffer.from(bytes.subarray(0, 8)).toString('ascii') : '';
  if (magic.startsWith('STCHUNK') && magic !== MAGIC)
    return {
      ok: false,
      reason: `a chunk in another format (${magic}), written by another sandtable release`,
    };
  if (magic !== MAGIC)
    return { ok: false, reason: `not a sandtable chunk (${bytes.byteLength} bytes, no header)` };
  if (bytes.byteLength !== want)
    return { ok: false, reason: `truncated or padded: ${bytes.byteLength} bytes, expected ${want}` };
  const digest = createHash('sha256').update(bytes.subarray(40)).digest();
  if (!digest.equals(bytes.subarray(8, 40)))
    return { ok: false, reason: 'checksum mismatch: the file was edited or damaged' };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const got = {
    arm: view.getUint32(40, true),
    cols: view.getUint32(44, true),
    start: view.getFloat64(48, true),
    end: view.getFloat64(56, true),
  };
  if (got.arm !== k.arm || got.start !== k.start || got.end !== k.end || got.cols !== cols) {
    return {
      ok: false,
      reason: `holds arm #${got.arm} games ${got.start}..${got.end - 1} (${got.cols} columns), not what its name says`,
    };
  }
  const hex = (at: number) => Buffer.from(bytes.subarray(at, at + 32)).toString('hex');
  const own = {
    experimentHash: hex(64),
    dataHash: hex(96),
    code: hex(128),
    seed: view.getFloat64(160, true),
  };
  if (own.experimentHash !== binding.experimentHash || own.seed !== binding.seed) {
    return {
      ok: false,
      reason: `belongs to another experiment (seed ${own.seed}, experiment hash ${own.experimentHash.slice(0, 12)}), not this one (seed ${binding.seed}, ${binding.experimentHash.slice(0, 12)})`,
    };
  }
  if (own.dataHash !== binding.dataHash)
    return {
      ok: false,
      reason: `was played on other game data (data hash ${own.dataHash.slice(0, 12)}, this run's is ${binding.dataHash.slice(0, 12)})`,
    };
  if (own.code !== binding.code)
    return {
      ok: false,
      reason: `was played by other code (code ${own.code.slice(0, 12)}, this run's is ${binding.code.slice(0, 12)})`,
    };
  const data = new Float64Array(values);
  new Uint8Array(data.buffer).set(bytes.subarray(CHUNK_HEADER_BYTES));
  return { ok: true, data };
}

/** The experiment hash and seed a chunk file's header names, or undefined when it is not a chunk. */
export function chunkOwner(path: string): { experimentHash: string; seed: number } | undefined {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch {
    return undefined;
  }
  if (bytes.byteLength < CHUNK_HEADER_BYTES || Buffer.from(bytes.subarray(0, 8)).toString('ascii') !== MAGIC)
    return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    experimentHash: Buffer.from(bytes.subarray(64, 96)).toString('hex'),
    seed: view.getFloat64(160, true),
  };
}

/** Reads and checks a chunk file; a missing or unreadable file is a reason too. */
export function readChunkFile(
  path: string,
  k: ChunkKey,
  layout: ChunkLayout,
  binding: ChunkBinding,
): DecodedChunk {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    return { ok: false, reason: `unreadable (${(e as NodeJS.ErrnoException).code ?? String(e)})` };
  }
  return decodeChunk(bytes, k, layout, binding);
}

/**
 * Writes chunk file `rel` (chunks/<name>) of run directory `runDir` atomically: a uniquely named
 * temporary sibling, then a rename, inside the chunks folder opened without following links
 * (run-paths.ts writeRunFile). The name is unique across machines too (two pods of a shard may
 * briefly overlap and both have pid 1).
 */
export function writeChunkFile(runDir: string, rel: string, bytes: Uint8Array): void {
  writeRunFile(runDir, rel, bytes);
}
