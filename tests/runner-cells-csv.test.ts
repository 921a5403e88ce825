import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveSetup } from '../src/core/setup.js';
import { sfo } from '../src/games/sfo/index.js';
import { playGame } from '../src/runner/play.js';
import { cliOk, tempDir, writeExperiment } from './helpers/cli.js';

// The runner's per-cell heat: cells.csv has one row per arm and board cell, in board order, and
// each count is the number of the arm's games whose record marks the cell (GameRecord.cells, once
// per game), whatever the chunking.

const dir = tempDir('cells');
const GAMES = 45;
const SEED = 9090;
const arms = [
  { id: 'advanced', scenario: 'advanced', policies: { soviet: 'zoc-pin', us: 'counterattack' } },
  {
    id: 'basic-72',
    scenario: 'basic',
    policies: { soviet: 'town-rush', us: 'elastic' },
    params: { 'map-hexes': '72' },
  },
];
const exp = writeExperiment(dir, { name: 'cells', game: 'sfo', games: GAMES, seed: SEED, arms });
const out = join(dir, 'run');

beforeAll(async () => {
  // in process (tests/helpers/cli.ts)
  const r = await cliOk(['run', exp, '--out', out, '--quiet', '--chunk-size', '13', '--workers', '2']);
  expect(r.stderr).toBe('');
});

describe('cells.csv', () => {
  it('counts, per arm and cell in board order, the games whose record marks the cell', () => {
    const lines: string[] = ['arm,cell,count,games,share'];
    for (const a of arms) {
      const setup = resolveSetup(sfo, { scenario: a.scenario, params: a.params }, 'test');
      const cells = sfo.board!(setup).cells;
      const counts = new Array<number>(cells.length).fill(0);
      for (let g = 0; g < GAMES; g++)
        for (const c of new Set(playGame(sfo, setup, a.policies, SEED, g).cells)) counts[c]!++;
      cells.forEach((c, i) => {
        const share = counts[i]! / GAMES;
        lines.push(
          `${a.id},${c.id},${counts[i]},${GAMES},${Number.isInteger(share) ? share : share.toFixed(6)}`,
        );
      });
    }
    const csv = readFileSync(join(out, 'cells.csv'), 'utf8');
    expect(csv).toBe(`${lines.join('\n')}\n`);
    // 68 hexes on the default board, 72 with map-hexes 72; some hexes were fought over
    expect(csv.split('\n').filter((l) => l.startsWith('advanced,'))).toHaveLength(68);
    expect(csv.split('\n').filter((l) => l.startsWith('basic-72,'))).toHaveLength(72);
    expect(lines.slice(1).some((l) => !l.includes(',0,45,0'))).toBe(true);
    expect(existsSync(join(out, 'hexes.csv'))).toBe(false);
    const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(Object.keys(m.outputs)).toContain('cells.csv');
  });
});
