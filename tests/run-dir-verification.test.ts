import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../src/core/errors.js';
import { canonicalJson, inspectManifest, manifestChecksum } from '../src/runner/manifest.js';
import { loadRun } from '../src/runner/read-run.js';
import { cliOk, tempDir, userErrorOf, writeExperiment } from './helpers/cli.js';
import { resealManifest } from './helpers/manifest.js';
import { liveMarkup } from './helpers/markup.js';

// Every command that reads a run checks the manifest's checksum and every file it uses against the
// sizes and sha256 the manifest records, and refuses a mismatch naming the file: a flipped byte,
// another run's games.parquet, an edited cells.csv or an edited manifest never yields numbers.
// The commands run in process (tests/helpers/cli.ts): a refusal is the one-line UserError the CLI
// prints with exit code 2.

const dir = tempDir('verify');
const exp = writeExperiment(dir, {
  name: 'verify',
  game: 'sfo',
  scenario: 'advanced',
  games: 400,
  seed: 1975,
  chunkSize: 100,
  baseline: 'a',
  arms: [{ id: 'a' }, { id: 'b', policies: { soviet: 'zoc-pin' } }],
});
const good = join(dir, 'good');
const other = join(dir, 'other');

/** A fresh copy of the good run to damage. */
function copyOf(name: string): string {
  const d = join(dir, name);
  rmSync(d, { recursive: true, force: true });
  cpSync(good, d, { recursive: true });
  return d;
}

async function refusal(run: string): Promise<string> {
  const e = await loadRun(run).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(UserError);
  return (e as Error).message;
}

async function expectRefused(args: readonly string[], ...fragments: string[]) {
  const m = await userErrorOf(args);
  expect(m).not.toContain('\n'); // one line, so no stack trace
  for (const f of fragments) expect(m).toContain(f);
}

beforeAll(async () => {
  for (const [out, seed] of [
    [good, '1975'],
    [other, '7'],
  ] as const) {
    await cliOk(['run', exp, '--out', out, '--seed', seed, '--csv', '--quiet', '--workers', '1']);
  }
});

describe('games.parquet is checked against the manifest before it is read', () => {
  it('every one of 40 single-byte flips across the file is refused, naming the file', async () => {
    const run = copyOf('flips');
    const path = join(run, 'games.parquet');
    const original = readFileSync(path);
    for (let k = 0; k < 40; k++) {
      const at = Math.floor((k * (original.length - 1)) / 39);
      const bytes = Buffer.from(original);
      bytes[at]! ^= 1 << (k % 8);
      writeFileSync(path, bytes);
      expect(await refusal(run), `byte ${at}`).toContain(`${path}: its sha256 differs from the manifest's`);
    }
    writeFileSync(path, original);
    await expect(loadRun(run)).resolves.toBeDefined();
  });

  it('report and compare refuse a flipped byte (exit 2, the file named) and report rewrites nothing', async () => {
    const run = copyOf('flip-cli');
    const path = join(run, 'games.parquet');
    const bytes = readFileSync(path);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    writeFileSync(path, bytes);
    const summary = readFileSync(join(run, 'summary.csv'));
    const manifest = readFileSync(join(run, 'manifest.json'));
    await expectRefused(['report', run], path, 'sha256 differs');
    await expectRefused(['compare', good, run], path, 'sha256 differs');
    expect(readFileSync(join(run, 'summary.csv')).equals(summary)).toBe(true);
    expect(readFileSync(join(run, 'manifest.json')).equals(manifest)).toBe(true);
  });

  it("another run's games.parquet dropped into the directory is refused", async () => {
    const run = copyOf('swapped');
    cpSync(join(other, 'games.parquet'), join(run, 'games.parquet'));
    expect(await refusal(run)).toContain(`${join(run, 'games.parquet')}:`);
    await expectRefused(['report', run], 'games.parquet');
  });

  it('a missing or truncated listed file is named', async () => {
    const run = copyOf('missing');
    rmSync(join(run, 'games.csv'));
    expect(await refusal(run)).toContain(`${join(run, 'games.csv')}: missing`);
    const cut = copyOf('cut');
    writeFileSync(join(cut, 'stats.csv'), readFileSync(join(cut, 'stats.csv')).subarray(0, 10));
    expect(await refusal(cut)).toContain(`${join(cut, 'stats.csv')}: 10 bytes, the manifest says`);
  });
});

describe('report rebuilds only from files that match, and never rewrites a recorded hash of an input', () => {
  it('an edited cells.csv is refused, and the manifest keeps its hash', async () => {
    const run = copyOf('cells');
    const path = join(run, 'cells.csv');
    const text = readFileSync(path, 'utf8');
    writeFileSync(
      path,
      text.replace(/,0\.(\d)/, (_m, d: string) => `,0.${(Number(d) + 1) % 10}`),
    );
    const before = readFileSync(join(run, 'manifest.json'));
    await expectRefused(['report', run], `${path}: its sha256 differs`);
    expect(readFileSync(join(run, 'manifest.json')).equals(before)).toBe(true);
  });

  it('on an intact run it rewrites the report and the manifest still checks out', async () => {
    const run = copyOf('rebuild');
    await cliOk(['report', run]);
    expect(readFileSync(join(run, 'summary.csv')).equals(readFileSync(join(good, 'summary.csv')))).toBe(true);
    expect(inspectManifest(run).kind).toBe('valid');
    await cliOk(['compare', good, run]);
  });
});

describe('the manifest is checked against its checksum and its own experiment hash', () => {
  it('single-byte flips are refused, or change nothing the manifest says', async () => {
    const run = copyOf('manifest-flips');
    const path = join(run, 'manifest.json');
    const original = readFileSync(path);
    const content = canonicalJson(JSON.parse(original.toString('utf8')));
    let refused = 0;
    for (let at = 0; at < original.length; at += 7) {
      const bytes = Buffer.from(original);
      bytes[at]! ^= 0x04;
      writeFileSync(path, bytes);
      const state = inspectManifest(run);
      if (state.kind === 'valid') {
        // Only a flip that leaves the content as it was (whitespace between tokens) passes.
        expect(canonicalJson(state.manifest), `byte ${at}`).toBe(content);
      } else {
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(original.length / 7 / 2);
    writeFileSync(path, original.toString('utf8').replace('"seed": 1975', '"seed": 1977'));
    await expectRefused(['report', run], `${path}: not a valid sandtable manifest`);
    await expectRefused(['replay', run, '--game', '3'], `${path}: not a valid sandtable manifest`);
  });

  it('seed, game count or variants edited and resealed are refused by the experiment hash', async () => {
    for (const [name, change] of [
      ['seed', { seed: 7 }],
      ['games', { games: 300 }],
      [
        'variants',
        {
          arms: JSON.parse(readFileSync(join(good, 'manifest.json'), 'utf8')).arms.map(
            (a: { variants: string[] }) => ({ ...a, variants: ['crt-unified', 'elim-one'] }),
          ),
        },
      ],
    ] as const) {
      const run = copyOf(`edited-${name}`);
      resealManifest(run, change);
      await expectRefused(
        ['report', run],
        `${join(run, 'manifest.json')}: not a valid sandtable manifest: its experiment hash`,
        'edited',
      );
    }
  });

  it('a forged manifest whose hashes are all recomputed still cannot claim another game count', async () => {
    const run = copyOf('forged');
    const m = JSON.parse(readFileSync(join(run, 'manifest.json'), 'utf8'));
    const { experimentHashOf } = await import('../src/runner/manifest.js');
    const experimentHash = experimentHashOf({ ...m, game: m.game.id, games: 300 });
    resealManifest(run, { games: 300, experimentHash });
    // Refused by the experiment hash, the embedded experiment or the games table's 800 rows.
    expect(await refusal(run)).toMatch(/does not match|800 rows, the manifest says 300 games x 2 arms/);
  });

  it('a manifest with a missing key, or a partial one with chunkSize 0, is one line and exit 2', async () => {
    const run = copyOf('no-games');
    const { checksum: _, games: _g, ...rest } = JSON.parse(readFileSync(join(run, 'manifest.json'), 'utf8'));
    writeFileSync(join(run, 'manifest.json'), JSON.stringify({ ...rest, checksum: manifestChecksum(rest) }));
    await expectRefused(['report', run], 'not a valid sandtable manifest: field games: missing');
    const partial = copyOf('chunk-zero');
    resealManifest(partial, { status: 'partial', chunkSize: 0 });
    // (run --resume recovers such a run from the experiment file: tests/run-dir-recovery.test.ts)
    await expectRefused(['report', partial], 'field chunkSize');
  });
});

describe('a crafted manifest cannot put live markup into the report', () => {
  it('report on a manifest full of <script> and "><img onerror> writes them as text', async () => {
    const run = copyOf('crafted');
    const payload = '<script>alert(1)</script>"><img src=x onerror=alert(2)>';
    resealManifest(run, {
      description: `${payload}\n# not a heading\n[link](javascript:alert(3))`,
      commit: payload,
      node: payload.slice(0, 60),
      version: payload.slice(0, 60),
      game: { id: 'sfo', title: payload },
    });
    await cliOk(['report', run]);
    const page = readFileSync(join(run, 'index.html'), 'utf8');
    expect(liveMarkup(page)).toEqual([]);
    expect(page).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;',
    );
    const md = readFileSync(join(run, 'summary.md'), 'utf8');
    expect(md).toContain(
      '\\<script\\>alert(1)\\</script\\>"\\>\\<img src=x onerror=alert(2)\\> \\# not a heading \\[link\\](javascript:alert(3))',
    );
    // the title, then only the report's own section headings
    const headings = md.split('\n').filter((l) => l.startsWith('#'));
    expect(headings[0]).toMatch(/^# verify: /);
    for (const h of headings.slice(1))
      expect(h).toMatch(
        /^(## (Contents|Headline|Each arm|Game statistics: mean per game|Provenance)|### (Outcomes per arm|What moves the result|Strategy effects|.+ policies ranked \(.+\)))$/,
      );
  });
});
