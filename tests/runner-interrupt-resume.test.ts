import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, sandtable, tempDir, writeExperiment } from './helpers/cli.js';

// Ctrl-C keeps finished chunks and says how to resume; the resumed run equals an uninterrupted one.

const dir = tempDir('resume');
const exp = writeExperiment(dir, {
  name: 'resume',
  game: 'sfo',
  scenario: 'advanced',
  games: 6000,
  seed: 99,
  chunkSize: 200,
  arms: [{ id: 'a' }, { id: 'b', policies: { soviet: 'zoc-pin' } }],
});

async function interruptOnceChunksExist(out: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [CLI, 'run', exp, '--out', out, '--workers', '1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += String(d);
  });
  const chunks = join(out, 'chunks');
  await new Promise<void>((resolve) => {
    const t = setInterval(() => {
      if (existsSync(chunks) && readdirSync(chunks).filter((f) => f.endsWith('.f64')).length >= 3) {
        clearInterval(t);
        resolve();
      }
    }, 20);
  });
  child.kill('SIGINT');
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  return { code, stderr };
}

describe('an interrupted run', () => {
  it('keeps finished chunks, is marked partial, and resumes to the same result as an uninterrupted run', async () => {
    const out = join(dir, 'interrupted');
    const r = await interruptOnceChunksExist(out);
    expect(r.code).toBe(130);
    // The hint is a command that can be pasted as it is (sandtable is on PATH only after npm link).
    const hint = /resume with: (.*)$/m.exec(r.stderr)![1]!;
    expect(hint).toMatch(
      new RegExp(`^(sandtable|node \\S+main\\.js) run ${exp} --resume ${out} --workers 1$`),
    );
    const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(m.status).toBe('partial');
    const kept = readdirSync(join(out, 'chunks')).filter((f) => f.endsWith('.f64')).length;
    expect(kept).toBeGreaterThanOrEqual(3);
    expect(kept).toBeLessThan(60);

    const resumed = spawnSync('sh', ['-c', `${hint} --quiet`], { encoding: 'utf8', timeout: 300_000 });
    expect(resumed.status, resumed.stderr).toBe(0);
    const whole = sandtable(['run', exp, '--out', join(dir, 'whole'), '--quiet']);
    expect(whole.code).toBe(0);
    for (const f of ['games.parquet', 'summary.csv']) {
      expect(readFileSync(join(out, f)).equals(readFileSync(join(dir, 'whole', f))), f).toBe(true);
    }
    expect(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')).status).toBe('complete');
  });

  it('refuses to resume a different experiment', () => {
    const other = writeExperiment(
      dir,
      { name: 'other', game: 'sfo', games: 10, seed: 1, arms: [{ id: 'a' }] },
      'other.json',
    );
    const out = join(dir, 'interrupted');
    const r = sandtable(['run', other, '--resume', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('different experiment');
  });
});
