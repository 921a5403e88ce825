import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { inspectManifest, verifyOutputs } from '../src/runner/manifest.js';
import { CLI, sandtable, tempDir, writeExperiment } from './helpers/cli.js';

// --force replaces only a sandtable run (its manifest validates), and only the files that run
// wrote; and replacing a run is safe to interrupt: a merge --force killed at any point leaves
// either the old run, whole, or the new run (complete, or partial and refused as such), never the
// old manifest over new files.

const dir = tempDir('force');
const body = {
  name: 'force',
  game: 'sfo',
  scenario: 'advanced',
  games: 900,
  seed: 1975,
  chunkSize: 150,
  baseline: 'a',
  arms: [{ id: 'a' }, { id: 'b', policies: { soviet: 'zoc-pin' } }],
};
const exp = writeExperiment(dir, body);
const shards = join(dir, 'shards');
const old = join(dir, 'old'); // seed 7
const whole = join(dir, 'whole'); // seed 1975, as the merge gives

/** Every file under `d` with its bytes, for "nothing changed" checks. */
function snapshot(d: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (p: string) => {
    for (const e of readdirSync(p, { withFileTypes: true })) {
      const f = join(p, e.name);
      if (e.isDirectory()) walk(f);
      else out.set(relative(d, f), readFileSync(f).toString('base64'));
    }
  };
  walk(d);
  return out;
}

beforeAll(() => {
  for (const k of [0, 1, 2]) {
    const r = sandtable(['run', exp, '--shard', `${k}/3`, '--out', join(shards, `s${k}`), '--quiet']);
    expect(r.code, r.stderr).toBe(0);
  }
  for (const [out, seed] of [
    [old, '7'],
    [whole, '1975'],
  ] as const) {
    const r = sandtable(['run', exp, '--seed', seed, '--out', out, '--quiet']);
    expect(r.code, r.stderr).toBe(0);
  }
});

describe('--force on what is not a sandtable run', () => {
  it('a folder with a foreign manifest.json is refused, path named, nothing deleted', () => {
    const folder = join(dir, 'foreign');
    mkdirSync(join(folder, 'sub'), { recursive: true });
    writeFileSync(join(folder, 'manifest.json'), '{"name": "my web app", "version": "2.0"}\n');
    writeFileSync(join(folder, 'notes.txt'), 'my notes\n');
    writeFileSync(join(folder, 'sub', 'data.csv'), 'a,b\n1,2\n');
    const before = snapshot(folder);
    for (const args of [
      ['run', exp, '--out', folder, '--force', '--quiet'],
      ['merge', shards, '--out', folder, '--force'],
    ]) {
      const r = sandtable(args);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(
        `${folder}/manifest.json: not a valid sandtable manifest (not a sandtable manifest)`,
      );
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(snapshot(folder)).toEqual(before);
    }
  });

  it('a run directory whose manifest was edited is refused by --force too', () => {
    const run = join(dir, 'edited');
    cpSync(old, run, { recursive: true });
    const path = join(run, 'manifest.json');
    writeFileSync(path, readFileSync(path, 'utf8').replace('"seed": 7', '"seed": 8'));
    const before = snapshot(run);
    const r = sandtable(['run', exp, '--out', run, '--force', '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${path}: not a valid sandtable manifest (checksum mismatch`);
    expect(snapshot(run)).toEqual(before);
  });
});

describe('--force on a sandtable run replaces only the files that run wrote', () => {
  it("keeps the user's notes, even inside charts/, and removes the old run's files the new one does not write", () => {
    const run = join(dir, 'with-notes');
    cpSync(old, run, { recursive: true });
    writeFileSync(join(run, 'notes.md'), 'what I saw\n');
    mkdirSync(join(run, 'plots'));
    writeFileSync(join(run, 'plots', 'mine.svg'), '<svg/>');
    writeFileSync(join(run, 'charts', 'mine.svg'), '<svg/>');
    expect(existsSync(join(run, 'comparisons.csv'))).toBe(true);
    const { baseline: _b, ...noBaseline } = body;
    const other = writeExperiment(dir, { ...noBaseline, games: 300 }, 'no-baseline.json');
    const r = sandtable(['run', other, '--out', run, '--force', '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(run, 'notes.md'), 'utf8')).toBe('what I saw\n');
    expect(readFileSync(join(run, 'plots', 'mine.svg'), 'utf8')).toBe('<svg/>');
    expect(readFileSync(join(run, 'charts', 'mine.svg'), 'utf8')).toBe('<svg/>');
    expect(existsSync(join(run, 'comparisons.csv'))).toBe(false);
    const state = inspectManifest(run);
    expect(state.kind).toBe('valid');
    if (state.kind !== 'valid') return;
    expect(state.manifest.games).toBe(300);
    expect(verifyOutputs(run, state.manifest)).toEqual([]);
    const ours = new Set(['manifest.json', ...Object.keys(state.manifest.outputs!)]);
    expect([...snapshot(run).keys()].filter((f) => !ours.has(f)).sort()).toEqual([
      'charts/mine.svg',
      'notes.md',
      'plots/mine.svg',
    ]);
  });
});

describe('a shard replacing a run', () => {
  it("removes the run's outputs and lists only its own chunk files", () => {
    const d = join(dir, 'shard-over-run');
    cpSync(old, d, { recursive: true });
    const r = sandtable(['run', exp, '--shard', '0/1', '--out', d, '--force', '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    const state = inspectManifest(d);
    expect(state.kind === 'valid' && state.manifest.pending).toBeUndefined();
    expect(readdirSync(d).sort()).toEqual(['chunks', 'manifest.json']);
  });
});

describe('merge --force killed at any point', () => {
  const parquet = {
    old: readFileSyncLazy(join(old, 'games.parquet')),
    new: readFileSyncLazy(join(whole, 'games.parquet')),
  };

  /** Waits until `cond` holds (polling every 2 ms) or the process has exited; whether `cond` held. */
  function whenThen(cond: () => boolean, exited: () => boolean): Promise<boolean> {
    return new Promise((resolve, reject) => {
      const t = setInterval(() => {
        let hit = false;
        try {
          hit = cond();
        } catch (e) {
          // A file not there yet, or between writes: look again; anything else is a bug here.
          if ((e as NodeJS.ErrnoException).code === undefined) {
            clearInterval(t);
            reject(e);
            return;
          }
        }
        if (hit || exited()) {
          clearInterval(t);
          resolve(hit);
        }
      }, 2);
    });
  }

  const status = (d: string) => JSON.parse(readFileSync(join(d, 'manifest.json'), 'utf8')).status as string;
  const differs = (d: string, f: string) =>
    existsSync(join(d, f)) && !readFileSync(join(d, f)).equals(readFileSync(join(old, f)));
  const triggers: [string, (d: string) => boolean][] = [
    ['at once', () => true],
    ['once the manifest is partial', (d) => status(d) === 'partial'],
    ['once games.parquet is replaced', (d) => differs(d, 'games.parquet')],
    ['once index.html is replaced', (d) => differs(d, 'index.html')],
    ['once the manifest is complete again', (d) => status(d) === 'complete' && differs(d, 'manifest.json')],
  ];
  for (const [when, trigger] of triggers) {
    it(`${when}: the directory holds the old run or the new one, consistent, and a new merge --force finishes it`, async () => {
      const d = join(dir, `kill-${when.replaceAll(' ', '-')}`);
      rmSync(d, { recursive: true, force: true });
      cpSync(old, d, { recursive: true });
      const child = spawn(process.execPath, [CLI, 'merge', shards, '--out', d, '--force'], {
        stdio: 'ignore',
      });
      let gone = false;
      const exited = new Promise<void>((resolve) =>
        child.on('exit', () => {
          gone = true;
          resolve();
        }),
      );
      const fired = await whenThen(
        () => trigger(d),
        () => gone,
      );
      expect(fired, 'the kill point was reached').toBe(true);
      child.kill('SIGKILL');
      await exited;

      const state = inspectManifest(d);
      expect(state.kind, state.kind === 'invalid' ? state.reason : '').toBe('valid');
      if (state.kind !== 'valid') return;
      const m = state.manifest;
      const intact = verifyOutputs(d, m);
      const report = sandtable(['report', d]);
      if (m.status === 'complete') {
        // Whole: every file as its manifest says, and the data are the seed's the manifest names.
        expect(intact).toEqual([]);
        expect(report.code, report.stderr).toBe(0);
        const data = readFileSync(join(d, 'games.parquet'));
        expect(data.equals(m.seed === 7 ? parquet.old() : parquet.new()), `seed ${m.seed}`).toBe(true);
      } else {
        // The new run, unfinished: refused as such, never read.
        expect(m.seed).toBe(1975);
        expect(report.code).toBe(2);
        expect(report.stderr).toContain('the merge that writes this run did not finish; run it again');
        expect(sandtable(['compare', whole, d]).code).toBe(2);
      }
      const again = sandtable(['merge', shards, '--out', d, '--force']);
      expect(again.code, again.stderr).toBe(0);
      expect(readFileSync(join(d, 'games.parquet')).equals(parquet.new())).toBe(true);
      const left = [...snapshot(d).keys()].filter((f) => f.includes('.tmp-') || f === 'sandtable.lock');
      expect(left).toEqual([]);
      expect(statSync(join(d, 'manifest.json')).isFile()).toBe(true);
    });
  }
});

function readFileSyncLazy(path: string): () => Buffer {
  let b: Buffer | undefined;
  return () => {
    b ??= readFileSync(path);
    return b;
  };
}
