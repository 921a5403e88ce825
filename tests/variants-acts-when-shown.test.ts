/**
 * A variant's actsWhen (the condition under which it can change play) is shown where a reader
 * meets the variant: beside it in `sandtable list`, and beside each arm using it in the report
 * (both commands run in process, tests/helpers/cli.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crete } from '../src/games/crete/index.js';
import { cliOk, tempDir, writeExperiment } from './helpers/cli.js';

const when = crete.variants.find((v) => v.id === 'ca-limited-table')!.actsWhen!;

describe('actsWhen is shown', () => {
  it('sandtable list prints it beside the variant', async () => {
    const r = await cliOk(['list', 'crete']);
    const line = r.stdout.split('\n').find((l) => l.trim().startsWith('ca-limited-table'))!;
    expect(line).toContain(`(inert unless: ${when})`);
    const plain = r.stdout.split('\n').find((l) => l.trim().startsWith('ca-chain'))!;
    expect(plain).not.toContain('inert unless');
  });

  it('the report prints it beside the arm that switches the variant on, not beside the others', async () => {
    const dir = tempDir('acts-when');
    const body = {
      name: 'acts-when',
      game: 'crete',
      scenario: 'campaign',
      games: 12,
      seed: 3,
      baseline: 'defaults',
      arms: [{ id: 'defaults' }, { id: 'limited-ca', variants: { 'ca-limited-table': true } }],
    };
    const out = join(dir, 'run');
    await cliOk(['run', writeExperiment(dir, body), '--out', out, '--quiet', '--workers', '1']);
    const summary = readFileSync(join(out, 'summary.md'), 'utf8').split('\n');
    const arm = (id: string) => summary.find((l) => l.startsWith(`- **${id}**`))!;
    expect(arm('limited-ca')).toContain(`Variant ca-limited-table is inert unless: ${when}.`);
    expect(arm('defaults')).not.toContain('inert unless');
  });
});
