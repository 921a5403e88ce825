import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { compare, loadRun } from '../src/api/runs.js';
import { manifestChecksum } from '../src/runner/manifest.js';
import { removeRunFile, writeRunFile } from '../src/runner/run-paths.js';
import { sandtable, tempDir, userErrorOf, writeExperiment } from './helpers/cli.js';

// `report --trust-data` and `compare --trust-data` read a finished run whose manifest.json is
// missing, truncated, fails its checksum or pre-dates checksums: what can be checked is, what
// cannot is said (stderr and the report's first screen), a data file whose recorded sha256
// disagrees is still refused, and the run directory is never written.

const dir = tempDir('trust');
const spec = {
  name: 'trust',
  game: 'sfo',
  scenario: 'advanced',
  games: 60,
  seed: 1975,
  chunkSize: 30,
  baseline: 'a',
  arms: [{ id: 'a' }, { id: 'b', policies: { soviet: 'zoc-pin' } }],
};
const exp = writeExperiment(dir, spec);
const good = join(dir, 'good');

/** sha256 of every file under `d`, by relative path: the directory's content, to compare before and after. */
function contentOf(d: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    for (const e of readdirSync(at, { withFileTypes: true })) {
      const p = join(at, e.name);
      if (e.isDirectory()) walk(p);
      else out[relative(d, p)] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(d);
  return out;
}

/** Runs `sandtable <args>` in this process, capturing what it writes to stdout and stderr. */
async function cli(args: readonly string[]): Promise<{ stdout: string; stderr: string }> {
  const { runCli } = await import('../src/cli/program.js');
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
    stdout += String(s);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
    stderr += String(s);
    return true;
  });
  try {
    await runCli(args);
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return { stdout, stderr };
}

afterEach(() => {
  vi.restoreAllMocks();
});

const manifestPath = (d: string) => join(d, 'manifest.json');

/** The four damages of a manifest the flag reads through, each made on a fresh copy of the good run. */
const damages: Record<string, { make: (d: string) => void; readable: boolean; fragment: string }> = {
  deleted: { make: (d) => rmSync(manifestPath(d)), readable: false, fragment: 'no run manifest here' },
  truncated: {
    make: (d) => writeFileSync(manifestPath(d), readFileSync(manifestPath(d)).subarray(0, 500)),
    readable: false,
    fragment: 'not valid JSON',
  },
  'bad checksum': {
    make: (d) => {
      const m = JSON.parse(readFileSync(manifestPath(d), 'utf8'));
      writeFileSync(manifestPath(d), `${JSON.stringify({ ...m, description: 'edited' }, null, 2)}\n`);
    },
    readable: true,
    fragment: 'checksum mismatch',
  },
  // as sandtable wrote before manifests were sealed: no checksum or code hash, each output's bare
  // sha256, the arms' variants as a list
  'pre-checksum': {
    make: (d) => {
      const {
        checksum: _,
        code: __,
        reportedBy: ___,
        ...m
      } = JSON.parse(readFileSync(manifestPath(d), 'utf8'));
      const outputs = Object.fromEntries(
        Object.entries(m.outputs as Record<string, { sha256: string }>).map(([k, v]) => [k, v.sha256]),
      );
      const arms = (m.arms as { variants: Record<string, boolean> }[]).map((a) => ({
        ...a,
        variants: Object.keys(a.variants).filter((v) => a.variants[v]),
      }));
      writeFileSync(manifestPath(d), `${JSON.stringify({ ...m, outputs, arms }, null, 2)}\n`);
    },
    readable: true,
    fragment: 'no checksum',
  },
};

/** A fresh copy of the good run, damaged by `damage` (a name of `damages`). */
function damaged(name: string, damage: string): string {
  const d = join(dir, name);
  rmSync(d, { recursive: true, force: true });
  cpSync(good, d, { recursive: true });
  damages[damage]!.make(d);
  return d;
}

/** Flips one bit of `file` in the middle. */
function flipByte(file: string): void {
  const bytes = readFileSync(file);
  bytes[bytes.length >> 1]! ^= 4;
  writeFileSync(file, bytes);
}

beforeAll(() => {
  const r = sandtable(['run', exp, '--out', good, '--workers', '1', '--quiet']);
  expect(r.code, r.stderr).toBe(0);
});

describe.each(Object.keys(damages))('a finished run whose manifest is %s', (damage) => {
  const { readable, fragment } = damages[damage]!;
  const slug = damage.replace(/ /g, '-');

  it('is refused without --trust-data, the refusal naming the flag, the run untouched', async () => {
    const run = damaged(`refused-${slug}`, damage);
    const before = contentOf(run);
    const report = await userErrorOf(['report', run]);
    expect(report).toContain(fragment);
    expect(report).toContain('--trust-data');
    const cmp = await userErrorOf(['compare', good, run]);
    expect(cmp).toContain(fragment);
    expect(cmp).toContain('--trust-data');
    await expect(loadRun(run)).rejects.toThrow(/trustData: true/);
    expect(contentOf(run)).toEqual(before);
  });

  it('report --trust-data --out rebuilds its numbers elsewhere, says what is unverified, writes nothing into it', async () => {
    const run = damaged(`report-${slug}`, damage);
    const out = join(dir, `report-out-${slug}`);
    const before = contentOf(run);
    if (!readable) {
      // its experiment is unknown: the refusal says what to give
      const e = await userErrorOf(['report', run, '--trust-data', '--out', out]);
      expect(e).toContain('--experiment FILE');
      expect(existsSync(out)).toBe(false);
    }
    const { stdout, stderr } = await cli([
      'report',
      run,
      '--trust-data',
      '--out',
      out,
      ...(readable ? [] : ['--experiment', exp]),
    ]);
    expect(stdout).toContain(`${out}/index.html`);
    const notes = stderr.trim().split('\n');
    expect(notes.every((l) => l.startsWith('trust: '))).toBe(true);
    expect(notes[0]).toContain(`${run}/manifest.json: `);
    expect(stderr).toContain(`matches the experiment hash ${run}/games.parquet records`);
    expect(stderr).toContain(
      readable
        ? `${run}/games.parquet: matches the sha256 ${run}/manifest.json records (a record no checksum seals)`
        : `${run}/games.parquet: unverified`,
    );
    // the same numbers as the sound run's report: the summaries are byte for byte the good run's
    for (const f of ['summary.csv', 'stats.csv', 'comparisons.csv', 'end-turns.csv', 'cells.csv'])
      expect(readFileSync(join(out, f), 'utf8'), f).toBe(readFileSync(join(good, f), 'utf8'));
    // and the report says first what could not be verified
    for (const page of ['summary.md', 'index.html']) {
      const text = readFileSync(join(out, page), 'utf8');
      expect(text).toContain('Read with --trust-data: not a verified run.');
      expect(text.indexOf('Read with --trust-data')).toBeLessThan(text.indexOf('games per arm, master seed'));
    }
    expect(readFileSync(join(out, 'summary.md'), 'utf8')).toContain(
      readable ? '(a record no checksum seals)' : `${run}/games.parquet: unverified`,
    );
    expect(existsSync(join(out, 'manifest.json'))).toBe(false);
    expect(contentOf(run)).toEqual(before);
  });

  it('compare --trust-data pairs it with the sound run (the same games: every difference 0) and writes nothing', async () => {
    const run = damaged(`compare-${slug}`, damage);
    const before = contentOf(run);
    const goodBefore = contentOf(good);
    const { stdout, stderr } = await cli([
      'compare',
      good,
      run,
      '--csv',
      '--trust-data',
      ...(readable ? [] : ['--experiment', exp]),
    ]);
    expect(stderr).toContain(`trust: ${good}/manifest.json: sealed and consistent`);
    expect(stderr).toContain(`trust: ${run}/manifest.json: `);
    const [head, ...rows] = stdout.trim().split('\n');
    const cols = head!.split(',');
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const cells = r.split(',');
      expect(cells[cols.indexOf('rate')]).toBe(cells[cols.indexOf('baseline_rate')]);
    }
    expect(contentOf(run)).toEqual(before);
    expect(contentOf(good)).toEqual(goodBefore);
  });

  it('the library reads it with { trustData: true }, saying what is unverified', async () => {
    const run = damaged(`library-${slug}`, damage);
    const before = contentOf(run);
    const sound = await loadRun(good);
    const read = await loadRun(run, { trustData: true, ...(readable ? {} : { experiment: exp }) });
    expect(read.summary).toEqual(sound.summary);
    expect(read.trust?.[0]).toContain(`${run}/manifest.json: `);
    expect(sound.trust).toBeUndefined();
    const c = await compare(good, run, { trustData: true, ...(readable ? {} : { experiment: exp }) });
    expect(c.trust?.b.length).toBeGreaterThan(1);
    // @ts-expect-error: a misspelt option is refused, not ignored
    await expect(loadRun(run, { trustdata: true })).rejects.toThrow('loadRun: unknown option trustdata');
    expect(contentOf(run)).toEqual(before);
  });
});

describe('what --trust-data still refuses', () => {
  it('a flipped byte of games.parquet, with a sound or a damaged manifest, flag or not; nothing written', async () => {
    for (const damage of [undefined, 'bad checksum', 'pre-checksum']) {
      const slug = damage?.replace(/ /g, '-') ?? 'sound';
      const run = damage === undefined ? join(dir, 'flip-sound') : damaged(`flip-${slug}`, damage);
      if (damage === undefined) {
        rmSync(run, { recursive: true, force: true });
        cpSync(good, run, { recursive: true });
      }
      flipByte(join(run, 'games.parquet'));
      const before = contentOf(run);
      const out = join(dir, `flip-out-${slug}`);
      for (const args of [
        ['report', run, '--trust-data', '--out', out],
        ['compare', good, run, '--trust-data'],
        ['report', run],
        ['compare', good, run],
      ]) {
        const e = await userErrorOf(args);
        // without the flag a damaged manifest is refused first
        expect(e, `${slug}: ${args.join(' ')}`).toContain(
          damage === undefined || args.includes('--trust-data')
            ? `${run}/games.parquet: its sha256 differs`
            : `${run}/manifest.json: not a valid sandtable manifest`,
        );
      }
      expect(existsSync(out)).toBe(false);
      expect(contentOf(run)).toEqual(before);
    }
  });

  it('an experiment that is not the one that played the games (games.parquet records its hash)', async () => {
    const run = damaged('wrong-exp', 'deleted');
    const other = writeExperiment(
      dir,
      { ...spec, arms: [{ id: 'a' }, { id: 'b', policies: { soviet: 'best-odds' } }] },
      'other.json',
    );
    const e = await userErrorOf([
      'report',
      run,
      '--trust-data',
      '--out',
      join(dir, 'wrong-out'),
      '--experiment',
      other,
    ]);
    expect(e).toContain(`${run}/games.parquet: records experiment hash`);
    expect(e).toContain('not the experiment that played these games');
    const g = await userErrorOf(['compare', good, run, '--trust-data', '--experiment', other]);
    expect(g).toContain('not the experiment that played these games');
  });

  it('an embedded experiment edited in a damaged manifest (it no longer matches games.parquet)', async () => {
    const run = damaged('edited-exp', 'bad checksum');
    const m = JSON.parse(readFileSync(manifestPath(run), 'utf8'));
    m.experiment.arms[1].policies.soviet = 'best-odds';
    writeFileSync(manifestPath(run), JSON.stringify(m));
    expect(await userErrorOf(['compare', good, run, '--trust-data'])).toContain(
      'not the experiment that played these games',
    );
  });

  it('a damaged manifest that says the run is partial', async () => {
    const run = damaged('partial', 'bad checksum');
    const m = JSON.parse(readFileSync(manifestPath(run), 'utf8'));
    writeFileSync(
      manifestPath(run),
      JSON.stringify({ ...m, status: 'partial', checksum: manifestChecksum(m) }),
    );
    expect(await userErrorOf(['compare', good, run, '--trust-data'])).toContain(
      '--trust-data reads only a finished run',
    );
  });

  it('--out inside the run, --out not empty, --out or --experiment without --trust-data, --trust-data without --out', async () => {
    const run = damaged('out-checks', 'bad checksum');
    const before = contentOf(run);
    expect(await userErrorOf(['report', run, '--trust-data', '--out', join(run, 'rebuilt')])).toContain(
      'inside the run directory',
    );
    const full = join(dir, 'full');
    mkdirSync(full, { recursive: true });
    writeFileSync(join(full, 'notes.txt'), 'mine');
    expect(await userErrorOf(['report', run, '--trust-data', '--out', full])).toContain('not empty');
    expect(readFileSync(join(full, 'notes.txt'), 'utf8')).toBe('mine');
    expect(await userErrorOf(['report', run, '--out', join(dir, 'x')])).toContain('only with --trust-data');
    expect(await userErrorOf(['compare', good, run, '--experiment', exp])).toContain(
      'only with --trust-data',
    );
    expect(await userErrorOf(['report', run, '--trust-data'])).toContain('--out DIR');
    expect(contentOf(run)).toEqual(before);
  });
});

describe('writeRunFile and removeRunFile: a folder swapped for a link while they work', () => {
  it('writes into the folder it checked and opened, never through the link', () => {
    const root = join(dir, 'race');
    const foreign = join(dir, 'race-foreign');
    rmSync(root, { recursive: true, force: true });
    rmSync(foreign, { recursive: true, force: true });
    mkdirSync(join(root, 'charts'), { recursive: true });
    mkdirSync(foreign);
    writeFileSync(join(foreign, 'x.svg'), 'theirs');
    writeRunFile(root, 'charts/x.svg', 'ours', {
      afterCheck: () => {
        // between the checks and the write: charts/ becomes a link to another folder
        renameSync(join(root, 'charts'), join(root, 'charts-moved'));
        symlinkSync(foreign, join(root, 'charts'));
      },
    });
    expect(readFileSync(join(foreign, 'x.svg'), 'utf8')).toBe('theirs');
    expect(readdirSync(foreign)).toEqual(['x.svg']);
    expect(readFileSync(join(root, 'charts-moved', 'x.svg'), 'utf8')).toBe('ours');
    // and a link already there when it starts is refused, naming it
    expect(() => writeRunFile(root, 'charts/y.svg', 'ours')).toThrow(/charts is a symbolic link/);
    expect(readdirSync(foreign)).toEqual(['x.svg']);
  });

  it('removeRunFile removes in the folder it checked and opened, never through the link', () => {
    const root = join(dir, 'race-rm');
    const foreign = join(dir, 'race-rm-foreign');
    rmSync(root, { recursive: true, force: true });
    rmSync(foreign, { recursive: true, force: true });
    mkdirSync(join(root, 'charts'), { recursive: true });
    mkdirSync(foreign);
    writeFileSync(join(root, 'charts', 'x.svg'), 'ours');
    writeFileSync(join(foreign, 'x.svg'), 'theirs');
    removeRunFile(root, 'charts/x.svg', {
      afterCheck: () => {
        renameSync(join(root, 'charts'), join(root, 'charts-moved'));
        symlinkSync(foreign, join(root, 'charts'));
      },
    });
    expect(readFileSync(join(foreign, 'x.svg'), 'utf8')).toBe('theirs');
    expect(readdirSync(join(root, 'charts-moved'))).toEqual([]);
    expect(() => removeRunFile(root, 'charts/x.svg')).toThrow(/charts is a symbolic link/);
    expect(readFileSync(join(foreign, 'x.svg'), 'utf8')).toBe('theirs');
  });
});
