import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { gameRegistry } from '../src/games/index.js';
import { type ChunkTask, GameFailure, playChunk } from '../src/runner/chunk.js';
import { parseChunkFileName, readChunkFile } from '../src/runner/chunk-file.js';
import { loadExperiment } from '../src/runner/experiment.js';
import { chunkLayout } from '../src/runner/layout.js';
import { chunkBinding, readManifest } from '../src/runner/manifest.js';
import { RunFailure, runExperiment } from '../src/runner/run.js';
import { tempDir, writeExperiment } from './helpers/cli.js';

// docs/architecture.md "Errors": a worker that throws stops the run with the game index, arm and seed in the
// message and the command that replays that game, and the finished chunks are kept for --resume.
//
// No registered game throws on valid input, and product code has no switch to make one throw, so
// the pool is replaced here by one that plays chunks in this thread and fails one chosen game the
// way a piscina worker does: its error crosses the thread as a plain Error with GameFailure's message.

const failing: { at?: { arm: number; game: number } | undefined; worker?: string | undefined } = {};
const games = gameRegistry();

vi.mock('../src/runner/pool.js', () => ({
  defaultWorkers: () => 1,
  createPool: () => ({
    run: async (t: ChunkTask) => {
      await new Promise((r) => setTimeout(r, 1));
      if (failing.worker !== undefined) throw new Error(failing.worker);
      const at = failing.at;
      if (at !== undefined && t.arm === at.arm && t.start <= at.game && at.game < t.end) {
        throw new Error(
          new GameFailure(t, at.game, new Error('policy answered option 99 of 12 (decision: move)')).message,
        );
      }
      return playChunk(games.get(t.game), t).buffer;
    },
    destroy: async () => {},
  }),
}));

const dir = tempDir('fail');
const file = writeExperiment(dir, {
  name: 'fail',
  game: 'sfo',
  scenario: 'advanced',
  games: 600,
  seed: 77,
  chunkSize: 100,
  arms: [{ id: 'a' }, { id: 'b', policies: { soviet: 'zoc-pin' } }],
});
const out = join(dir, 'run');

describe('a game that throws in a worker', () => {
  let message = '';

  it('stops the run with the game index, arm and seed, and the play --trace command that replays it', async () => {
    failing.at = { arm: 1, game: 337 };
    const exp = loadExperiment(file, games);
    const err = await runExperiment(exp, {
      out,
      workers: 1,
      csv: false,
      resume: false,
      force: false,
      quiet: true,
      source: file,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RunFailure);
    message = (err as RunFailure).message;
    expect(message).toContain('game 337 of arm #1 (seed 77) failed: policy answered option 99 of 12');
    expect(message).toContain('arm b, seed 77, game 337');
    expect(message).toContain(`finished chunks are kept in ${out}`);
    // A command that can be pasted: `sandtable` is on PATH only after npm link, so it names the CLI.
    expect(message).toMatch(
      new RegExp(
        `reproduce: (sandtable|node \\S+main\\.js) play --from ${file} --arm b --game 337 --seed 77 --trace$`,
        'm',
      ),
    );
  });

  it('keeps every chunk finished before the failure, checked and usable, under a partial manifest', () => {
    expect(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')).status).toBe('partial');
    const layout = chunkLayout(loadExperiment(file, games));
    const binding = chunkBinding(readManifest(out));
    const kept = readdirSync(join(out, 'chunks')).filter((f) => f.endsWith('.f64'));
    expect(kept.length).toBeGreaterThanOrEqual(9); // arm a's six chunks and arm b's games 0..299
    expect(kept).not.toContain('1-300-400.f64');
    for (const f of kept)
      expect(readChunkFile(join(out, 'chunks', f), parseChunkFileName(f)!, layout, binding).ok, f).toBe(true);
  });

  it('the printed command, pasted into a shell, replays that game with its trace', () => {
    const cmd = /reproduce: (.*)$/m.exec(message)![1]!;
    const r = spawnSync('sh', ['-c', cmd], { encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('seed 77, game 337');
    expect(r.stdout).toContain('soviet: zoc-pin');
    expect(r.stdout).toMatch(/^T1 /m);
  });

  it('once the cause is gone, --resume plays only the chunks that were not finished', async () => {
    failing.at = undefined;
    const kept = readdirSync(join(out, 'chunks')).filter((f) => f.endsWith('.f64')).length;
    const r = await runExperiment(loadExperiment(file, games), {
      out,
      workers: 1,
      csv: false,
      resume: true,
      force: false,
      quiet: true,
    });
    expect(r.status).toBe('complete');
    expect(r.reused).toBe(kept * 100);
    expect(r.played).toBe(1200 - kept * 100);
  });

  it('a worker that fails outside any game is not blamed on a game: no replay command, resume instead', async () => {
    failing.worker = 'worker could not load its module';
    const other = join(dir, 'worker');
    const err = await runExperiment(loadExperiment(file, games), {
      out: other,
      workers: 1,
      csv: false,
      resume: false,
      force: false,
      quiet: true,
      source: file,
    }).catch((e: unknown) => e);
    failing.worker = undefined;
    expect(err).toBeInstanceOf(RunFailure);
    const m = (err as RunFailure).message;
    expect(m).toContain('worker could not load its module\n  while playing arm a, seed 77, games 0..99');
    expect(m).toContain(`continue with --resume ${other}`);
    expect(m).not.toContain('reproduce:');
  });
});
