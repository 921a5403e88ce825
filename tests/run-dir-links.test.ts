import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../src/core/errors.js';
import { gameRegistry } from '../src/games/index.js';
import { loadExperiment } from '../src/runner/experiment.js';
import { fileDigest, readManifest, writeManifest } from '../src/runner/manifest.js';
import { mergeShards } from '../src/runner/merge.js';
import { rebuildReport } from '../src/runner/rebuild.js';
import { runExperiment } from '../src/runner/run.js';
import { isRunOutputName, planRemoval } from '../src/runner/run-paths.js';
import { tempDir, writeExperiment } from './helpers/cli.js';

// Nothing outside the run directory, ever: a run directory whose charts/, chunks/ or a listed
// file's folder is a symbolic link to another folder is refused by report, run --force and merge
// --force in one line before anything is written, and the other folder's files stay as they were;
// --force removes only listed files still as the run wrote them, never a file a manifest merely lists.

const games = gameRegistry();
const dir = tempDir('links');
const file = writeExperiment(dir, {
  name: 'links',
  game: 'sfo',
  scenario: 'advanced',
  games: 60,
  seed: 5,
  chunkSize: 30,
  arms: [{ id: 'a' }, { id: 'b', policies: { soviet: 'zoc-pin' } }],
});
const exp = () => loadExperiment(file, games);
const base = join(dir, 'base');
const shards = join(dir, 'shards');
const opts = (out: string, force: boolean) =>
  ({ out, workers: 1, csv: false, resume: false, force, quiet: true, warn: () => {} }) as const;

/** Every file under `d` with its bytes. */
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

/** A folder of someone else's files, named like a run's. */
function victim(name: string): string {
  const v = join(dir, name);
  mkdirSync(v, { recursive: true });
  for (const f of ['outcomes.svg', 'summary.md', '0-0-30.f64', 'notes.txt'])
    writeFileSync(join(v, f), `someone else's ${f}\n`);
  return v;
}

beforeAll(async () => {
  const r = await runExperiment(exp(), opts(base, false));
  expect(r.status).toBe('complete');
  for (const k of [0, 1]) {
    const s = await runExperiment(exp(), {
      ...opts(join(shards, `s${k}`), false),
      shard: { index: k, count: 2 },
    });
    expect(s.status).toBe('complete');
  }
}, 600_000);

/** A copy of the finished run with `sub` replaced by a link to a victim folder. */
function linked(name: string, sub: string): { run: string; other: string; before: Map<string, string> } {
  const run = join(dir, name);
  cpSync(base, run, { recursive: true });
  const other = victim(`${name}-victim`);
  rmSync(join(run, sub), { recursive: true, force: true });
  mkdirSync(join(run, sub, '..'), { recursive: true });
  symlinkSync(other, join(run, sub));
  return { run, other, before: snapshot(other) };
}

async function refused(p: Promise<unknown>, fragment: string): Promise<void> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(UserError);
  expect((e as Error).message).toContain(fragment);
  expect((e as Error).message.split('\n')).toHaveLength(1);
}

describe('a symbolic link inside the run directory', () => {
  for (const sub of ['charts', 'chunks', 'data']) {
    it(`${sub}/ as a link: report, run --force and merge --force each refuse, and the linked folder is untouched`, async () => {
      const { run, other, before } = linked(`link-${sub}`, sub);
      const manifest = readFileSync(join(run, 'manifest.json'));
      const why = `${run}/${sub} is a symbolic link`;
      await refused(rebuildReport(run, games), why);
      await refused(runExperiment(exp(), opts(run, true)), why);
      await refused(mergeShards([shards], { games, out: run, csv: false, force: true }), why);
      expect(snapshot(other)).toEqual(before);
      // refused before anything was written: the run is as it was
      expect(readFileSync(join(run, 'manifest.json')).equals(manifest)).toBe(true);
      expect(existsSync(join(run, 'sandtable.lock'))).toBe(false);
    });
  }

  it("a listed file's folder as a link (a manifest listing extra/summary.md): refused by all three", async () => {
    const run = join(dir, 'link-listed');
    cpSync(base, run, { recursive: true });
    const other = victim('link-listed-victim');
    const before = snapshot(other);
    // the manifest lists a file in a folder of its own, re-sealed with the product's functions
    const m = readManifest(run);
    writeManifest(run, {
      ...m,
      outputs: { ...m.outputs, 'extra/summary.md': fileDigest(join(other, 'summary.md')) },
    });
    symlinkSync(other, join(run, 'extra'));
    const why = `${run}/extra is a symbolic link`;
    await refused(rebuildReport(run, games), why);
    await refused(runExperiment(exp(), opts(run, true)), why);
    await refused(mergeShards([shards], { games, out: run, csv: false, force: true }), why);
    expect(snapshot(other)).toEqual(before);
  });
});

describe('--force removes only what the run wrote', () => {
  it("a manifest listing a user's file (re-sealed with the product's checksums) does not get it deleted", async () => {
    const run = join(dir, 'listed-foreign');
    cpSync(base, run, { recursive: true });
    writeFileSync(join(run, 'thesis.txt'), 'my thesis\n');
    const m = readManifest(run);
    writeManifest(run, {
      ...m,
      outputs: { ...m.outputs, 'thesis.txt': fileDigest(join(run, 'thesis.txt')) },
    });
    expect(planRemoval(run, readManifest(run)).kept).toEqual([
      { name: 'thesis.txt', path: `${run}/thesis.txt`, why: 'not a file sandtable writes' },
    ]);
    const warnings: string[] = [];
    const r = await runExperiment(exp(), { ...opts(run, true), warn: (w) => warnings.push(w) });
    expect(r.status).toBe('complete');
    expect(readFileSync(join(run, 'thesis.txt'), 'utf8')).toBe('my thesis\n');
    const note = warnings.filter((w) => w.includes('may be yours'));
    expect(note).toEqual([
      `sandtable: ${run}: left 1 listed file that may be yours in place: ${run}/thesis.txt (not a file sandtable writes)`,
    ]);
  }, 300_000);

  it('a listed file edited since the run wrote it is never written over: --force refuses, naming it', async () => {
    const run = join(dir, 'edited');
    cpSync(base, run, { recursive: true });
    writeFileSync(join(run, 'summary.md'), 'my own notes, written over the summary\n');
    const before = snapshot(run);
    await refused(
      runExperiment(exp(), opts(run, true)),
      `${run}/summary.md (changed since the run wrote it): replacing the run would write over it`,
    );
    await refused(mergeShards([shards], { games, out: run, csv: false, force: true }), `${run}/summary.md`);
    expect(snapshot(run)).toEqual(before);
  });

  it('every file a run writes is named as a run names its files', () => {
    for (const f of Object.keys(readManifest(base).outputs ?? {})) expect(isRunOutputName(f), f).toBe(true);
    for (const f of ['notes.txt', 'manifest.json', 'sandtable.lock', 'charts/x.png', 'data/summary.md'])
      expect(isRunOutputName(f), f).toBe(false);
  });
});
