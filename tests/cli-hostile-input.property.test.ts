import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UserError } from '../src/core/errors.js';
import { cliOutput, tempDir } from './helpers/cli.js';

// Hostile experiment files and flags, generated: every one is refused with exit 2 and one line
// that names the bad field or flag, with no stack trace, and nothing is written at all (the
// sandbox the CLI runs in, where every output path points, is left exactly as it was). Run in
// process: a refusal is a one-line UserError, which src/cli/program.ts main prints after
// "sandtable: " with exit code 2 (tests/cli-smoke.test.ts checks that mapping once, spawned).

const sandbox = tempDir('hostile');
const aFile = join(sandbox, 'a-file.txt');
writeFileSync(aFile, 'not a directory\n');

const valid = {
  name: 'hostile',
  game: 'sfo',
  scenario: 'advanced',
  games: 20,
  seed: 1,
  chunkSize: 10,
  arms: [{ id: 'a' }, { id: 'b', policies: { soviet: 'zoc-pin' } }],
};
type Exp = typeof valid & Record<string, unknown>;

/** A change that makes an experiment invalid, and the words the refusal must contain. */
interface Mutation {
  readonly kind: string;
  readonly apply: (e: Exp) => Exp;
  readonly names: readonly string[];
}
const top = (kind: string, value: unknown, names: readonly string[] = [kind]): Mutation => ({
  kind,
  apply: (e) => ({ ...e, [kind]: value }),
  names,
});
const armB = (kind: string, arm: object, names: readonly string[]): Mutation => ({
  kind: `arm-b-${kind}`,
  apply: (e) => ({ ...e, arms: [e.arms[0]!, { ...e.arms[1]!, ...arm }] }),
  names: ['arms[1] (b)', ...names],
});

/** Fields of the top level and of arm a's schema: any number of them can be wrong at once. */
const schemaMutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.constantFrom(-5, 0, 1.5, 'ten', 1e12, null, true).map((v) => top('games', v)),
  fc.constantFrom(-1, 2 ** 60, 'x', [], 0.5).map((v) => top('seed', v)),
  fc.constantFrom(0, -1, 1e7, 'x').map((v) => top('chunkSize', v)),
  fc
    .oneof(
      fc.constantFrom('', '../evil', '<script>alert(1)</script>', 'x/y', ' lead'),
      fc.integer({ min: 65, max: 400 }).map((n) => 'n'.repeat(n)),
    )
    .map((v) => top('name', v)),
  fc
    .string({ minLength: 1, maxLength: 20 })
    .filter(
      (k) =>
        /^[a-z][a-zA-Z]*$/.test(k) &&
        !(k in valid) &&
        ![
          'description',
          'baseline',
          'sweep',
          'matrix',
          'roundRobin',
          'ladder',
          'tuned',
          'prototype',
          'constructor',
        ].includes(k),
    )
    .map((k) => ({
      kind: 'unknown-key',
      apply: (e: Exp) => ({ ...e, [k]: 1 }),
      names: [`unknown field "${k}"`],
    })),
  fc
    .oneof(
      fc.constantFrom('', 'a b', 'é', '-x'),
      fc.integer({ min: 129, max: 1000 }).map((n) => 'a'.repeat(n)),
    )
    .map((id) => ({
      kind: 'arm-a-id',
      apply: (e: Exp) => ({ ...e, arms: [{ id }, e.arms[1]!] }),
      names: ['arms[0].id'],
    })),
);

/** What only the game can check, in arm b; one at a time (one may hide another in the same arm). */
const semanticMutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc
    .string({ minLength: 1, maxLength: 12 })
    .filter((p) => /^[a-z]+$/.test(p) && !['best', 'random'].includes(p))
    .map((p) =>
      armB('policy', { policies: { soviet: p } }, ['field policies.soviet', `unknown policy "${p}"`]),
    ),
  fc.constant(
    armB('side', { policies: { germans: 'random' } }, ['field policies', 'unknown side "germans"']),
  ),
  fc.constant(
    armB('contradiction', { variants: { 'elim-one': true, 'elim-all': true } }, [
      'field variants',
      'alternatives',
    ]),
  ),
  fc.constant(armB('variant', { variants: { 'night-rule': true } }, ['field variants', '"night-rule"'])),
  fc.constant({
    ...armB('not-boolean', { variants: { 'elim-one': 'yes' } }, []),
    names: ['field arms[1].variants.elim-one'],
  }),
  fc.constant(armB('param', { params: { weather: 3 } }, ['field params', '"weather"'])),
  fc.constant(
    armB('scope', { params: { 'vp-marginal': 3 } }, ['field params.vp-marginal', 'applies only to']),
  ),
  fc
    .constantFrom(['0208', '0703'], ['0703', '0703'], ['0405', '0703'])
    .map((f) => armB('forests', { params: { forests: f } }, ['parameter forests'])),
  fc.constant(
    armB(
      'events',
      {
        scenario: 'expert-standard',
        params: { 'soviet-events-air': 12, 'us-events-air': 1, 'soviet-events-artillery': 6 },
      },
      ['the table has 12'],
    ),
  ),
);

/** Hostile values refused before any schema sees them; each alone, as it stops the check. */
const earlyText: fc.Arbitrary<{ text: (json: string) => string; names: readonly string[] }> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype').map((k) => ({
    text: (json: string) => json.replace('{"id":"b"', `{"${k}":{"polluted":1},"id":"b"`),
    names: [`field arms[1].${k}: the key "${k}" is not allowed`],
  })),
  fc.integer({ min: 33, max: 30_000 }).map((n) => ({
    text: (json: string) =>
      json.replace('{"id":"b"', `{"params":{"forests":${'['.repeat(n)}${']'.repeat(n)}},"id":"b"`),
    names: ['not valid JSON', 'line 1, column', 'nested more than 32 levels deep'],
  })),
  fc.integer({ min: 10_001, max: 200_000 }).map((n) => ({
    text: (json: string) =>
      json.replace('"name":"hostile"', `"name":"hostile","description":"${'d'.repeat(n)}"`),
    names: [`field description: a string of ${n} characters`],
  })),
  fc.integer({ min: 1, max: 120 }).map((cut) => ({
    text: (json: string) => json.slice(0, Math.min(cut, json.length - 1)),
    names: ['not valid JSON (experiment file) at line 1, column'],
  })),
);

const badFlag: fc.Arbitrary<{ flags: string[]; names: readonly string[] }> = fc.oneof(
  fc
    .constantFrom('0', '-1', '1e8', 'abc', '100000001', '')
    .map((v) => ({ flags: ['--games', v], names: ['--games'] })),
  fc.constantFrom('-1', 'x', '9007199254740992').map((v) => ({ flags: ['--seed', v], names: ['--seed'] })),
  fc
    .constantFrom('0', '-2', 'x', String(4 * availableParallelism() + 1), String(64 * availableParallelism()))
    .map((v) => ({ flags: ['--workers', v], names: ['--workers'] })),
  fc
    .constantFrom('0', '1000001', 'big')
    .map((v) => ({ flags: ['--chunk-size', v], names: ['--chunk-size'] })),
  fc.constantFrom('3/3', 'x', '0/0', '1/100000').map((v) => ({ flags: ['--shard', v], names: ['--shard'] })),
  fc
    .oneof(
      fc.constantFrom('', aFile, join(aFile, 'sub'), '/dev/null', '/proc/x', '/sys/x', '/dev/x'),
      fc.integer({ min: 201, max: 400 }).map((n) => join(sandbox, 'o'.repeat(n))),
    )
    .map((v) => ({ flags: ['--out', v], names: ['option --out'] })),
);

type Case =
  | { readonly type: 'experiment'; readonly mutations: readonly Mutation[] }
  | { readonly type: 'early'; readonly text: (json: string) => string; readonly names: readonly string[] }
  | { readonly type: 'flag'; readonly flags: string[]; readonly names: readonly string[] };

const hostileCase: fc.Arbitrary<Case> = fc.oneof(
  fc
    .uniqueArray(schemaMutation, { minLength: 1, maxLength: 3, selector: (m) => m.kind })
    .map((mutations): Case => ({ type: 'experiment', mutations })),
  fc
    .tuple(
      semanticMutation,
      fc
        .uniqueArray(schemaMutation, { maxLength: 2, selector: (m) => m.kind })
        .map((ms) => ms.filter((m) => m.kind !== 'arm-a-id')),
    )
    .map(([s, ms]): Case => ({ type: 'experiment', mutations: [s, ...ms] })),
  earlyText.map((e): Case => ({ type: 'early', ...e })),
  badFlag.map((f): Case => ({ type: 'flag', ...f })),
);

/** Every path under the sandbox with its size and modification time. */
function tree(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      const st = statSync(p);
      out.set(relative(sandbox, p), `${e.isDirectory() ? 'd' : st.size}:${st.mtimeMs}`);
      if (e.isDirectory()) walk(p);
    }
  };
  walk(sandbox);
  return out;
}

async function runCase(c: Case): Promise<{ error: unknown; output: string; names: readonly string[] }> {
  const json = JSON.stringify(valid);
  let text = json;
  let names: readonly string[] = [];
  let flags: string[] = [];
  if (c.type === 'experiment') {
    text = JSON.stringify(c.mutations.reduce((e, m) => m.apply(e), valid as Exp));
    names = c.mutations.flatMap((m) => m.names);
  } else if (c.type === 'early') {
    text = c.text(json);
    names = c.names;
  } else {
    flags = c.flags;
    names = c.names;
  }
  const file = join(sandbox, 'exp.json');
  writeFileSync(file, text);
  const before = tree();
  const r = await cliOutput(['run', file, '--out', join(sandbox, 'out'), '--quiet', ...flags], {
    cwd: sandbox,
  });
  const after = tree();
  expect([...after.entries()], 'nothing is written on a rejected input').toEqual([...before.entries()]);
  return { error: r.error, output: r.stdout + r.stderr, names };
}

describe('hostile experiment files and flags (generated)', () => {
  it('are refused with exit 2 and one line naming the field, no stack trace, nothing written', async () => {
    mkdirSync(sandbox, { recursive: true });
    await fc.assert(
      fc.asyncProperty(hostileCase, async (c) => {
        const r = await runCase(c);
        // the refusal is a UserError (exit 2), and it is all the command says
        expect(r.error).toBeInstanceOf(UserError);
        expect(r.output).toBe('');
        const line = (r.error as UserError).message;
        expect(line).not.toContain('\n');
        expect(line).not.toMatch(/\n\s+at |Error:|TypeError|RangeError/);
        for (const n of r.names) expect(line, `names ${n}`).toContain(n);
      }),
      // A case costs milliseconds in process (it cost a CLI start, about a second, when spawned), so
      // five times the cases of the spawned version; no shrinking, the counterexample is printed as found.
      { numRuns: 200, endOnFailure: true },
    );
  }, 600_000);
});
