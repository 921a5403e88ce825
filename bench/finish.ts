/**
 * The finish phase's analysis on 1,000,000 synthetic SCS games, in a process of its own:
 * `node dist/bench/finish.js [BUILD_DIST] [GAMES]` builds the games table from column-major worker
 * blocks laid out as src/runner/layout.ts lays them out (random but valid values: result, end
 * reason and victory codes in range, end turns within the game, integer statistics, "not reached"
 * one time in ten where a statistic has it), then computes the report data and the CSV summaries
 * (no charts), then writes games.parquet to a temporary directory. BUILD_DIST (default: this
 * build's dist) is the `dist` folder of the build measured, so one script times two builds.
 * Prints one JSON line: seconds per phase and the peak RSS (VmHWM) after the analysis and at the end.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { GameDefinition } from '../src/core/game.js';
import { random, syntheticBlock } from './synthetic.js';

const dist = resolve(process.argv[2] ?? join(import.meta.dirname, '..'));
const games = Number(process.argv[3] ?? 1_000_000);
const ARMS = 4;
const BLOCK = 1000;

/** A module of the measured build. */
const load = (path: string) => import(pathToFileURL(join(dist, path)).href);

/** Peak resident set of this process so far, MB. */
function peakRssMb(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m === null ? Math.round(process.memoryUsage().rss / 2 ** 20) : Math.round(Number(m[1]) / 1024);
}

async function main(): Promise<void> {
  const { gameRegistry } = await load('src/games/index.js');
  const { GamesTableBuilder, gamesTableColumns } = await load('src/analysis/games-table.js');
  const { computeReportData, summaryFiles } = await load('src/analysis/report-data.js');
  const { writeGamesParquet } = await load('src/runner/outputs.js');
  const def = gameRegistry().get('scs') as GameDefinition;
  const perArm = Math.ceil(games / ARMS);
  const arms = Array.from({ length: ARMS }, (_, a) => ({
    arm: `arm-${a}`,
    scenario: def.scenarios[0]!.id,
    from: 0,
    to: perArm,
  }));
  const t0 = performance.now();
  const builder = new GamesTableBuilder(def, arms);
  const next = random(20261125);
  for (let a = 0; a < ARMS; a++)
    for (let start = 0; start < perArm; start += BLOCK) {
      const end = Math.min(perArm, start + BLOCK);
      builder.add(a, start, end, syntheticBlock(def, end - start, next));
    }
  const table = builder.table();
  const t1 = performance.now();
  const manifestArms = arms.map((a) => ({ id: a.arm }));
  const data = computeReportData(def, table, manifestArms, 'arm-0', []);
  const files = summaryFiles(data) as Record<string, string>;
  const t2 = performance.now();
  const afterAnalysis = peakRssMb();
  const dir = mkdtempSync(join(tmpdir(), 'sandtable-finish-'));
  const missing: Record<string, number> = {};
  for (const s of def.stats) if (s.missing !== undefined) missing[s.id] = s.missing;
  writeGamesParquet(join(dir, 'games.parquet'), table, gamesTableColumns(def), 'bench', {
    arms: [],
    missing,
    kv: {},
  });
  const t3 = performance.now();
  rmSync(dir, { recursive: true, force: true });
  process.stdout.write(
    `${JSON.stringify({
      dist,
      games: perArm * ARMS,
      buildSeconds: (t1 - t0) / 1000,
      analysisSeconds: (t2 - t1) / 1000,
      parquetSeconds: (t3 - t2) / 1000,
      peakRssAfterAnalysisMb: afterAnalysis,
      peakRssMb: peakRssMb(),
      csvBytes: Object.values(files).reduce((n, f) => n + f.length, 0),
    })}\n`,
  );
}

await main();
