import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { gameRegistry } from '../src/games/index.js';
import { parseChunkFileName, readChunkFile } from '../src/runner/chunk-file.js';
import { loadExperiment } from '../src/runner/experiment.js';
import { chunkLayout } from '../src/runner/layout.js';
import { chunkBinding, readManifest } from '../src/runner/manifest.js';
import { planChunks } from '../src/runner/run.js';
import { sandtable, tempDir, writeExperiment } from './helpers/cli.js';

const GAMES = gameRegistry();

// docs/architecture.md "Errors", end to end through the compiled CLI and real piscina worker threads: a game
// that throws in a worker (made to throw by the worker's fault switch, SANDTABLE_FAULT) stops the
// run with exit code 1 and a message naming game, arm and seed; no new chunk starts, but the other
// workers' chunks in flight finish and are kept; the printed command replays the game. That
// --resume then finishes the run as if nothing had happened is in tests/runner-resume.test.ts.

const dir = tempDir('threads-fail');
const file = writeExperiment(dir, {
  name: 'threads-fail',
  game: 'sfo',
  scenario: 'advanced',
  games: 1200,
  seed: 4242,
  chunkSize: 50,
  arms: [{ id: 'a' }, { id: 'b', policies: { soviet: 'zoc-pin' } }],
});
const out = join(dir, 'run');
const FAULT = { game: 730, arm: 1 };

function cli(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  return sandtable(args, { env });
}

let failed: { code: number; stderr: string };

beforeAll(() => {
  failed = cli(['run', file, '--out', out, '--workers', '2', '--quiet'], {
    SANDTABLE_FAULT: `game:${FAULT.game}@arm:${FAULT.arm}`,
  });
});

describe('a game failing in a real worker thread', () => {
  it('exits 1 naming game, arm and seed, with no stack trace', () => {
    expect(failed.code, failed.stderr).toBe(1);
    expect(failed.stderr).toContain(
      `sandtable: game ${FAULT.game} of arm #${FAULT.arm} (seed 4242) failed: injected fault (SANDTABLE_FAULT=game:730@arm:1)`,
    );
    expect(failed.stderr).toContain(
      `arm b, seed 4242, game ${FAULT.game}; finished chunks are kept in ${out}`,
    );
    expect(failed.stderr).not.toMatch(/\n\s+at /);
  });

  it('keeps every chunk started before the failing one, each checked, under a partial manifest', () => {
    const m = readManifest(out);
    expect(m.status).toBe('partial');
    const exp = loadExperiment(file, GAMES);
    const tasks = planChunks(exp, 50);
    const failing = tasks.findIndex(
      (t) => t.arm === FAULT.arm && t.start <= FAULT.game && FAULT.game < t.end,
    );
    const layout = chunkLayout(exp);
    const on = new Set(readdirSync(join(out, 'chunks')));
    // Tasks start in order, two per worker: those before the failing one had started when it
    // failed, and the ones still in flight then were finished and written, not abandoned.
    for (const t of tasks.slice(0, failing)) {
      const name = `${t.arm}-${t.start}-${t.end}.f64`;
      expect(on.has(name), name).toBe(true);
      expect(readChunkFile(join(out, 'chunks', name), t, layout, chunkBinding(m)).ok).toBe(true);
    }
    expect(on.has(`${FAULT.arm}-700-750.f64`)).toBe(false);
    // No task started after the failure: at most the three in flight beside it.
    const after = [...on].filter((f) => {
      const k = parseChunkFileName(f);
      return k !== undefined && tasks.findIndex((t) => t.arm === k.arm && t.start === k.start) > failing;
    });
    expect(after.length).toBeLessThanOrEqual(3);
    expect(existsSync(join(out, 'sandtable.lock'))).toBe(false);
  });

  it('prints a command that, pasted into a shell, replays the failing game', () => {
    const cmd = /reproduce: (.*)$/m.exec(failed.stderr)![1]!;
    const r = spawnSync('sh', ['-c', cmd], { encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`seed 4242, game ${FAULT.game}`);
    expect(r.stdout).toContain('soviet: zoc-pin');
  });
});
