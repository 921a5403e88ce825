import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliOk, tempDir, userErrorOf, writeExperiment } from './helpers/cli.js';

// Each arm is compared with its own baseline when it names one (e.g. one base arm per scenario),
// else with the experiment's baseline; a baseline that is not another arm is refused.

const dir = tempDir('baselines');
const body = {
  name: 'baselines',
  game: 'sfo',
  games: 300,
  seed: 3,
  baseline: 'adv',
  arms: [
    { id: 'adv', scenario: 'advanced' },
    { id: 'adv-elim-one', scenario: 'advanced', variants: { 'elim-one': true } },
    { id: 'basic', scenario: 'basic' },
    { id: 'basic-chart', scenario: 'basic', variants: { 'crt-chart-basic': true }, baseline: 'basic' },
  ],
};

describe('per-arm baselines', () => {
  // in process (tests/helpers/cli.ts): a refusal is the one-line UserError the CLI prints, exit 2
  it('pair each arm with its own baseline or the experiment one', async () => {
    const out = join(dir, 'run');
    await cliOk(['run', writeExperiment(dir, body), '--out', out, '--quiet', '--workers', '1']);
    const pairs = readFileSync(join(out, 'comparisons.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .filter((l) => l.includes('win:soviet'))
      .map((l) => l.split(',').slice(0, 2).join('>'));
    expect(pairs).toEqual(['adv-elim-one>adv', 'basic>adv', 'basic-chart>basic']);
  });

  it('refuse a baseline that is not another arm', async () => {
    const bad = { ...body, arms: [...body.arms.slice(0, 3), { ...body.arms[3], baseline: 'nope' }] };
    const m = await userErrorOf([
      'run',
      writeExperiment(dir, bad, 'bad.json'),
      '--out',
      join(dir, 'bad'),
      '--quiet',
    ]);
    expect(m).toContain('arms[3] (basic-chart): field baseline: "nope"');
  });
});
