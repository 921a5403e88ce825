/**
 * `npm run bench`: throughput of every game and policy on one core, the speed-up of two workers,
 * the RNG floor of each game, micro-benchmarks, and (with --big) a 1,000,000-game run's time and
 * peak memory. Prints a table and writes bench/results.json.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { do_not_optimize, measure } from 'mitata';
import type { GameDefinition, GameSetup } from '../src/core/game.js';
import { randInt, streamRng } from '../src/core/rng.js';
import { resolveSetup } from '../src/core/setup.js';
import { listGames } from '../src/games/index.js';
import type { ChunkTask } from '../src/runner/chunk.js';
import { createPolicies } from '../src/runner/play.js';
import { createPool } from '../src/runner/pool.js';
import { codeVersion, packageRoot } from '../src/runner/version.js';
import { countingStreams } from './counting-streams.js';

const args = new Set(process.argv.slice(2));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const SEED = 20261122;

interface GameRate {
  game: string;
  scenario: string;
  policies: Record<string, string>;
  gamesPerSecond: number;
  drawsPerGame: number;
  floorRatio: number;
}

function armsOf(def: GameDefinition): { scenario: string; policies: Record<string, string> }[] {
  // Each scripted policy of each side against the other sides' defaults, in the game's main scenario.
  const scenario = def.id === 'sfo' ? 'advanced' : def.scenarios[0]!.id;
  const out: { scenario: string; policies: Record<string, string> }[] = [{ scenario, policies: { ...def.defaultPolicies } }];
  for (const p of def.policies) {
    if (p.id === 'random' || def.defaultPolicies[p.side] === p.id) continue;
    out.push({ scenario, policies: { ...def.defaultPolicies, [p.side]: p.id } });
  }
  return out;
}

/** Games per second on this thread, and 32-bit draws per game, over about SECONDS seconds. */
function singleCore(def: GameDefinition, setup: GameSetup, policies: Record<string, string>): { rate: number; draws: number } {
  const counter = { draws: 0 };
  let games = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < SECONDS * 1000 || games < 50) {
    const streams = countingStreams(SEED, games, counter);
    const state = def.start(setup, streams);
    def.play(state, { streams, policies: createPolicies(def, policies) });
    games++;
  }
  const secs = (performance.now() - t0) / 1000;
  return { rate: games / secs, draws: counter.draws / games };
}

/** Games per second of the worker pool (play only: no table, files or report). */
async function poolRate(def: GameDefinition, setup: GameSetup, policies: Record<string, string>, workers: number, games: number): Promise<number> {
  const pool = createPool(workers);
  const chunk = 1000;
  const tasks: ChunkTask[] = [];
  for (let s = 0; s < games; s += chunk) {
    tasks.push({ game: def.id, arm: 0, scenario: setup.scenario, variants: [...setup.variants], params: setup.params, policies, seed: SEED, start: s, end: Math.min(games, s + chunk) });
  }
  await pool.run(tasks[0]!); // warm every worker's module cache before timing
  const t0 = performance.now();
  await Promise.all(tasks.map((t) => pool.run(t)));
  const secs = (performance.now() - t0) / 1000;
  await pool.destroy();
  return games / secs;
}

function peakRssOf(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m === null ? 0 : Number(m[1]) / 1024;
  } catch {
    return 0;
  }
}

/** A whole run through the CLI: wall time to the finished report and peak resident memory. */
async function bigRun(game: string, scenario: string, games: number): Promise<{ seconds: number; peakRssMb: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'sandtable-bench-'));
  const exp = join(dir, 'big.json');
  writeFileSync(exp, JSON.stringify({ name: 'big', game, scenario, games, seed: SEED, arms: [{ id: 'default' }] }));
  const t0 = performance.now();
  const child = spawn(process.execPath, [join(packageRoot, 'dist/src/cli/main.js'), 'run', exp, '--out', join(dir, 'out'), '--quiet', '--workers', '2'], { stdio: 'inherit' });
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, peakRssOf(child.pid!));
  }, 200);
  const code = await new Promise<number | null>((r) => child.on('exit', r));
  clearInterval(timer);
  if (code !== 0) throw new Error(`big run failed with exit code ${code}`);
  return { seconds: (performance.now() - t0) / 1000, peakRssMb: Math.round(peak) };
}

async function main(): Promise<void> {
  const rng = streamRng(1, 1, 'bench');
  const draw = await measure(() => do_not_optimize(randInt(rng, 1, 6)));
  const drawNs = draw.avg;
  const rates: GameRate[] = [];
  const scaling: { game: string; oneWorker: number; twoWorkers: number; speedup: number }[] = [];
  for (const def of listGames()) {
    for (const arm of armsOf(def)) {
      const setup = resolveSetup(def, { scenario: arm.scenario }, 'bench');
      const { rate, draws } = singleCore(def, setup, arm.policies);
      const floorSeconds = (draws * drawNs) / 1e9;
      rates.push({ game: def.id, scenario: arm.scenario, policies: arm.policies, gamesPerSecond: Math.round(rate), drawsPerGame: Math.round(draws * 10) / 10, floorRatio: Math.round(1 / rate / floorSeconds) });
    }
    const main = armsOf(def)[0]!;
    const setup = resolveSetup(def, { scenario: main.scenario }, 'bench');
    const n = Math.max(4000, Math.round(rates.find((r) => r.game === def.id)!.gamesPerSecond * SECONDS * 2));
    const one = await poolRate(def, setup, main.policies, 1, n);
    const two = await poolRate(def, setup, main.policies, 2, n);
    scaling.push({ game: def.id, oneWorker: Math.round(one), twoWorkers: Math.round(two), speedup: Math.round((two / one) * 100) / 100 });
  }
  let big: { game: string; games: number; seconds: number; peakRssMb: number } | undefined;
  if (args.has('--big')) {
    const game = listGames().some((g) => g.id === 'scs') ? 'scs' : 'sfo';
    const def = listGames().find((g) => g.id === game)!;
    const r = await bigRun(game, game === 'sfo' ? 'advanced' : def.scenarios[0]!.id, 1_000_000);
    big = { game, games: 1_000_000, ...r };
  }
  const results = {
    when: new Date().toISOString(),
    machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, memoryGb: Math.round(totalmem() / 2 ** 30), node: process.version },
    code: codeVersion(),
    rngDrawNs: Math.round(drawNs * 100) / 100,
    singleCore: rates,
    workers: scaling,
    ...(big === undefined ? {} : { bigRun: big }),
  };
  const lines = [
    `machine: ${results.machine.cpu}, ${results.machine.cores} cores, node ${results.machine.node}`,
    `RNG: one randInt(1..6) draw costs ${results.rngDrawNs} ns`,
    '',
    'game  scenario   policies                                   games/s/core  draws/game  time/RNG floor',
    ...rates.map((r) => `${r.game.padEnd(5)} ${r.scenario.padEnd(10)} ${Object.entries(r.policies).map(([s, p]) => `${s}=${p}`).join(' ').padEnd(42)} ${String(r.gamesPerSecond).padStart(12)}  ${String(r.drawsPerGame).padStart(10)}  ${String(r.floorRatio).padStart(13)}x`),
    '',
    'game  1 worker games/s  2 workers games/s  speed-up',
    ...scaling.map((s) => `${s.game.padEnd(5)} ${String(s.oneWorker).padStart(16)}  ${String(s.twoWorkers).padStart(17)}  ${s.speedup.toFixed(2)}x`),
  ];
  if (big !== undefined) lines.push('', `${big.games.toLocaleString('en-US')} ${big.game} games to a finished report: ${big.seconds.toFixed(1)} s, peak RSS ${big.peakRssMb} MB`);
  process.stdout.write(`${lines.join('\n')}\n`);
  writeFileSync(join(packageRoot, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
}

await main();
