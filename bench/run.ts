/**
 * `npm run bench`: throughput of every game and policy on one core, the speed-up of two workers,
 * the RNG floor of each game, micro-benchmarks, and (with --big) a 1,000,000-game run's time and
 * peak memory. Prints a table and writes bench/results.json. `--finish` runs only the finish-phase
 * item (bench/finish.ts: 1,000,000 synthetic SCS games to the games table, the report data and CSV
 * summaries, and games.parquet; seconds and peak RSS), for this build and, with
 * `--against=<dist>`, for another build's dist folder (say an older checkout's). `--read-back`
 * runs only the read-back item (bench/read-back.ts: a finished Dark Crusade run of 1,000,000
 * synthetic rows, or `--read-back-games=N`, then `loadRun` and `sandtable report` on it, each in
 * a process of its own: seconds and peak RSS, by /usr/bin/time -v where it exists), for this
 * build and, with `--against=<dist>`, for another build, each on the run its own finish wrote.
 * `--conformance` runs only the conformance item: for every game and scenario (or `--game=`), the
 * default pairing's games played plain and in conformance mode (the driver's sampled checks, as
 * the test suite plays them), on the same seeds: the CPU time of each and their ratio.
 * The search section (bench/search.ts) follows the games: every search policy the build lists, per
 * game and side, at its default budget; `--search` runs only that section (and writes
 * bench/search-results.json instead of bench/results.json).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { do_not_optimize, measure } from 'mitata';
import { GameSeries, playMatch, playOneGame, startMatch } from '../src/core/driver.js';
import type { Decision, GameDefinition, GameSetup, Policy } from '../src/core/game.js';
import { createPolicies } from '../src/core/policies.js';
import { randInt, streamRng } from '../src/core/rng.js';
import { isSearchPolicy } from '../src/core/search-policies.js';
import { resolveSetup } from '../src/core/setup.js';
import { gameRegistry } from '../src/games/index.js';
import { scsMap } from '../src/games/scs/map.js';
import { PocketScratch, pocketIfTaken } from '../src/games/scs/pockets.js';
import type { ChunkTask } from '../src/runner/chunk.js';
import { createPool } from '../src/runner/pool.js';
import { codeVersion, packageRoot } from '../src/runner/version.js';
import { type Ceiling, engineCeiling } from './ceiling.js';
import { type SearchRate, searchLines, searchRates } from './search.js';

const args = new Set(process.argv.slice(2));
const GAMES = gameRegistry();
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/** `--game=merkur` or BENCH_GAMES=crete,sfo: measure only these games (default: every registered game). */
const ONLY = (
  process.argv.find((a) => a.startsWith('--game='))?.slice('--game='.length) ?? process.env.BENCH_GAMES
)?.split(',');
const SEED = 20261122;
/**
 * Untimed games before a single-core rate: WARMUP_GAMES, then games for WARMUP_MS more of wall time
 * (at most WARMUP_MAX_GAMES in all), so that one-off costs met only after the first games (the SCS
 * turn-1 plan's odds entries first needed at games 38, 52 and 139) fall outside the timed window.
 */
const WARMUP_GAMES = 20;
const WARMUP_MS = 2000;
const WARMUP_MAX_GAMES = 2000;

interface GameRate {
  game: string;
  scenario: string;
  policies: Record<string, string>;
  gamesPerSecond: number;
  drawsPerGame: number;
  floorRatio: number;
  decisionsPerGame: number;
  /** Mean time a policy takes per decision, microseconds. */
  policyMicrosPerDecision: number;
  /** Share of the game's time spent inside policies. */
  policyShare: number;
  /** Wall time of the untimed first games (one-off costs of the process and configuration), ms. */
  warmupMs: number;
}

function armsOf(def: GameDefinition): { scenario: string; policies: Record<string, string> }[] {
  // Each scripted policy of each side against the other sides' defaults, in the game's main scenario.
  // Not `random` nor the generic search policies (`rollout`, `portfolio`, `mcts`): rollout plays
  // n x k continuations of a scripted policy at each of its decisions, so its rate is that policy's
  // divided by its search budget, not a throughput of the game (with it, `BENCH_GAMES=dc,merkur,crete`
  // ran past 15 minutes). The search section (bench/search.ts) measures them at a handful of games.
  const scenario = def.id === 'sfo' ? 'advanced' : def.scenarios[0]!.id;
  const out: { scenario: string; policies: Record<string, string> }[] = [
    { scenario, policies: { ...def.defaultPolicies } },
  ];
  for (const p of def.policies) {
    if (p.id === 'random' || isSearchPolicy(p.id) || def.defaultPolicies[p.side] === p.id) continue;
    out.push({ scenario, policies: { ...def.defaultPolicies, [p.side]: p.id } });
  }
  return out;
}

/** Policies that time every decision they take. */
function timedPolicies(
  def: GameDefinition,
  ids: Record<string, string>,
  clock: { ms: number; decisions: number },
): Record<string, Policy> {
  const out: Record<string, Policy> = {};
  for (const [side, p] of Object.entries(createPolicies(def, ids))) {
    out[side] = {
      id: p.id,
      choose(view, decision, rng, search) {
        const t = performance.now();
        const c = p.choose(view, decision, rng, search);
        clock.ms += performance.now() - t;
        clock.decisions++;
        return c;
      },
    };
  }
  return out;
}

/** Games per second on this thread (untimed policies), then draws and decisions per game (timed). */
function singleCore(
  def: GameDefinition,
  setup: GameSetup,
  policies: Record<string, string>,
): {
  rate: number;
  draws: number;
  decisions: number;
  policyMicros: number;
  policyShare: number;
  warmupMs: number;
} {
  // as a worker plays them: one series, workspaces and resettable policies reused
  const series = new GameSeries(def, setup, () => createPolicies(def, policies, setup.scenario));
  // The first games pay the one-off costs of a process and configuration (JIT, tables built once per
  // configuration, such as the SCS turn-1 plan's odds): timed apart, not in the rate.
  const w0 = performance.now();
  let warm = 0;
  for (; warm < WARMUP_GAMES; warm++) series.play({ masterSeed: SEED, gameIndex: warm }, {});
  const w1 = performance.now();
  for (; performance.now() - w1 < WARMUP_MS && warm < WARMUP_MAX_GAMES; warm++)
    series.play({ masterSeed: SEED, gameIndex: warm }, {});
  const warmupMs = performance.now() - w0;
  const counter = { draws: 0 };
  let games = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < SECONDS * 1000 || games < 50) {
    series.play({ masterSeed: SEED, gameIndex: warm + games }, { counter });
    games++;
  }
  const secs = (performance.now() - t0) / 1000;
  const clock = { ms: 0, decisions: 0 };
  const sample = Math.max(20, Math.min(games, 500));
  const t1 = performance.now();
  for (let g = 0; g < sample; g++) {
    playOneGame(def, setup, timedPolicies(def, policies, clock), { masterSeed: SEED, gameIndex: g });
  }
  const timedMs = performance.now() - t1;
  return {
    rate: games / secs,
    draws: counter.draws / games,
    decisions: clock.decisions / sample,
    policyMicros: (1000 * clock.ms) / Math.max(1, clock.decisions),
    policyShare: clock.ms / timedMs,
    warmupMs,
  };
}

/**
 * A copy of the view and decision the first time side's policy meets a `kind` decision on `turn`
 * in the first game that reaches it (the state is copied, so the copy stays as it was), or null.
 */
function frozenDecision(
  def: GameDefinition,
  setup: GameSetup,
  side: string,
  kind: string,
  turn: number,
): { view: unknown; decision: Decision } | null {
  let frozen: { view: unknown; decision: Decision } | null = null;
  for (let g = 0; g < 100 && frozen === null; g++) {
    const policies = createPolicies(def, def.defaultPolicies); // policies keep per-game caches
    const inner = policies[side]!;
    policies[side] = {
      id: inner.id,
      choose(view, decision, rng, search) {
        const v = view as { state: { turn: number } };
        if (frozen === null && decision.kind === kind && v.state.turn === turn)
          frozen = { view: structuredClone(view), decision: structuredClone(decision) };
        return inner.choose(view, decision, rng, search);
      },
    };
    playOneGame(def, setup, policies, { masterSeed: SEED, gameIndex: g });
  }
  return frozen;
}

/**
 * Games per second of a 1-worker and a 2-worker pool (play only: no table, files or report), each
 * fed as the runner feeds it (two tasks in flight per worker). Both pools are started and warmed
 * (every worker loads the game and compiles its hot code: three untimed rounds, as SCS's policies
 * take a while to compile) before any clock runs; then they take turns on the same games, round
 * after round, so that a slow spell of this shared machine falls on both alike. Tasks are small
 * (about 20 per worker in a 2-worker round) so that the last one does not leave a worker idle for
 * long.
 */
async function poolScaling(
  def: GameDefinition,
  setup: GameSetup,
  policies: Record<string, string>,
  gamesPerSecond: number,
): Promise<{ one: number; two: number }> {
  const roundGames = Math.max(200, Math.round(gamesPerSecond * SECONDS));
  const chunk = Math.max(1, Math.floor(roundGames / 40));
  const rounds = 6;
  const warmRounds = 3;
  const pools = [createPool(1), createPool(2)] as const;
  const task = (start: number, end: number): ChunkTask => ({
    game: def.id,
    arm: 0,
    scenario: setup.scenario,
    variants: [...setup.variants],
    params: setup.params,
    policies,
    seed: SEED,
    start,
    end,
  });
  const play = async (
    pool: (typeof pools)[number],
    workers: number,
    from: number,
    to: number,
  ): Promise<number> => {
    let next = from;
    const lane = async () => {
      while (next < to) {
        const start = next;
        next = Math.min(to, next + chunk);
        await pool.run(task(start, next));
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: 2 * workers }, lane));
    return (performance.now() - t0) / 1000;
  };
  const seconds = [0, 0];
  for (let round = 0; round < warmRounds + rounds; round++) {
    const from = round * roundGames;
    for (const w of [0, 1]) {
      const secs = await play(pools[w]!, w + 1, from, from + roundGames);
      if (round >= warmRounds) seconds[w]! += secs;
    }
  }
  await Promise.all(pools.map((p) => p.destroy()));
  return { one: (rounds * roundGames) / seconds[0]!, two: (rounds * roundGames) / seconds[1]! };
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
async function bigRun(
  game: string,
  scenario: string,
  games: number,
): Promise<{ seconds: number; peakRssMb: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'sandtable-bench-'));
  const exp = join(dir, 'big.json');
  writeFileSync(
    exp,
    JSON.stringify({ name: 'big', game, scenario, games, seed: SEED, arms: [{ id: 'default' }] }),
  );
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    [
      join(packageRoot, 'dist/src/cli/main.js'),
      'run',
      exp,
      '--out',
      join(dir, 'out'),
      '--quiet',
      '--workers',
      '2',
    ],
    { stdio: 'inherit' },
  );
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, peakRssOf(child.pid!));
  }, 200);
  const code = await new Promise<number | null>((r) => child.on('exit', r));
  clearInterval(timer);
  if (code !== 0) throw new Error(`big run failed with exit code ${code}`);
  return { seconds: (performance.now() - t0) / 1000, peakRssMb: Math.round(peak) };
}

/** What bench/finish.ts prints: seconds per phase and peak RSS of its process. */
interface FinishFigures {
  readonly dist: string;
  readonly games: number;
  readonly buildSeconds: number;
  readonly analysisSeconds: number;
  readonly parquetSeconds: number;
  readonly peakRssAfterAnalysisMb: number;
  readonly peakRssMb: number;
}

/** bench/finish.ts run on the build in `dist`, in a process of its own (its peak RSS is its own). */
async function finishBench(dist: string): Promise<FinishFigures> {
  const child = spawn(process.execPath, [join(packageRoot, 'dist', 'bench', 'finish.js'), dist], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString('utf8');
  });
  const code = await new Promise<number | null>((r) => child.on('exit', r));
  if (code !== 0) throw new Error(`finish bench of ${dist} failed with exit code ${code}`);
  return JSON.parse(out) as FinishFigures;
}

/** `--finish`: the finish-phase item only, this build first, then `--against=<dist>` if given. */
async function finishOnly(): Promise<void> {
  const against = process.argv.find((a) => a.startsWith('--against='))?.slice('--against='.length);
  const dists = [join(packageRoot, 'dist'), ...(against === undefined ? [] : [against])];
  const lines = ['build  games  table s  analysis s  parquet s  peak RSS after analysis  peak RSS'];
  for (const dist of dists) {
    const f = await finishBench(dist);
    lines.push(
      `${f.dist}  ${f.games}  ${f.buildSeconds.toFixed(2)}  ${f.analysisSeconds.toFixed(2)}  ${f.parquetSeconds.toFixed(2)}  ${f.peakRssAfterAnalysisMb} MB  ${f.peakRssMb} MB`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** A command in a process of its own: its exit code, stdout, wall seconds and peak RSS (MB). */
async function measured(
  cmd: readonly string[],
): Promise<{ out: string; seconds: number; peakRssMb: number }> {
  const time = '/usr/bin/time';
  const viaTime = existsSync(time);
  const t0 = performance.now();
  const child = spawn(viaTime ? time : cmd[0]!, viaTime ? ['-v', ...cmd] : cmd.slice(1), {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString('utf8');
  });
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString('utf8');
  });
  let polled = 0;
  const timer = setInterval(() => {
    polled = Math.max(polled, peakRssOf(child.pid!));
  }, 100);
  const code = await new Promise<number | null>((r) => child.on('exit', r));
  clearInterval(timer);
  if (code !== 0) throw new Error(`${cmd.join(' ')} failed with exit code ${code}: ${err.slice(-2000)}`);
  const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(err);
  return {
    out,
    seconds: (performance.now() - t0) / 1000,
    peakRssMb: Math.round(m === null ? polled : Number(m[1]) / 1024),
  };
}

/** `--read-back`: a big run read back by loadRun and by `sandtable report`, this build first, then `--against=<dist>`. */
async function readBackOnly(): Promise<void> {
  const against = process.argv.find((a) => a.startsWith('--against='))?.slice('--against='.length);
  const games = Number(
    process.argv.find((a) => a.startsWith('--read-back-games='))?.slice('--read-back-games='.length) ??
      1_000_000,
  );
  const script = join(packageRoot, 'dist', 'bench', 'read-back.js');
  const lines = ['build  rows  columns  loadRun s  loadRun peak RSS  report s  report peak RSS'];
  for (const dist of [join(packageRoot, 'dist'), ...(against === undefined ? [] : [against])]) {
    const dir = mkdtempSync(join(tmpdir(), 'sandtable-read-back-'));
    try {
      const run = join(dir, 'run');
      await measured([process.execPath, script, 'make', run, String(games), dist]);
      const load = await measured([process.execPath, script, 'load', run, dist]);
      const info = JSON.parse(load.out) as { rows: number; columns: number; seconds: number };
      const report = await measured([process.execPath, join(dist, 'src', 'cli', 'main.js'), 'report', run]);
      lines.push(
        `${dist}  ${info.rows}  ${info.columns}  ${info.seconds.toFixed(1)}  ${load.peakRssMb} MB  ${report.seconds.toFixed(1)}  ${report.peakRssMb} MB`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** Games per scenario in the conformance item (after as many untimed ones of each kind). */
const CONFORMANCE_GAMES = Number(process.env.BENCH_CONFORMANCE_GAMES ?? 20);

/** `--conformance`: a checked game's cost as a multiple of the plain game's, per game and scenario. */
function conformanceOnly(): void {
  const cpuMs = (f: () => void): number => {
    const a = process.cpuUsage();
    f();
    const d = process.cpuUsage(a);
    return (d.user + d.system) / 1000;
  };
  const lines = ['game    scenario                        plain ms/game  checked ms/game  ratio'];
  for (const def of GAMES.list().filter((g) => ONLY === undefined || ONLY.includes(g.id))) {
    for (const sc of def.scenarios) {
      const setup = resolveSetup(def, { scenario: sc.id }, 'bench');
      const pols = () => createPolicies(def, def.defaultPolicies, sc.id);
      const plain = (g: number) => playOneGame(def, setup, pols(), { masterSeed: SEED, gameIndex: g });
      const checked = (g: number) =>
        playMatch(startMatch(def, setup, { masterSeed: SEED, gameIndex: g }), pols(), { conformance: true });
      for (let g = 0; g < 3; g++) {
        plain(g);
        checked(g);
      }
      let p = 0;
      let c = 0;
      // alternating, so that a slower stretch of the machine falls on both
      for (let g = 0; g < CONFORMANCE_GAMES; g++) {
        p += cpuMs(() => plain(100 + g));
        c += cpuMs(() => checked(100 + g));
      }
      lines.push(
        `${def.id.padEnd(8)}${sc.id.padEnd(32)}${(p / CONFORMANCE_GAMES).toFixed(1).padStart(13)}${(c / CONFORMANCE_GAMES).toFixed(1).padStart(17)}${(c / p).toFixed(2).padStart(7)}`,
      );
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** `--search`: the search section only, for every game (or `--game=`). */
function searchOnly(): void {
  const started = performance.now();
  const stage = (what: string) =>
    process.stderr.write(`bench: ${what} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
  const rates = GAMES.list()
    .filter((g) => ONLY === undefined || ONLY.includes(g.id))
    .flatMap((def) => searchRates(def, stage));
  process.stdout.write(`${searchLines(rates).join('\n')}\n`);
  writeFileSync(
    join(packageRoot, 'bench', 'search-results.json'),
    `${JSON.stringify({ when: new Date().toISOString(), code: codeVersion(), search: rates }, null, 2)}\n`,
  );
}

async function main(): Promise<void> {
  if (args.has('--conformance')) return conformanceOnly();
  if (args.has('--search')) return searchOnly();
  if (args.has('--finish')) return finishOnly();
  if (args.has('--read-back')) return readBackOnly();
  const code = codeVersion(); // the commit measured, read before a long run (the tree may move on meanwhile)
  const rng = streamRng(1, 1, 'bench');
  const draw = await measure(() => do_not_optimize(randInt(rng, 1, 6)));
  const drawNs = draw.avg;
  const rates: GameRate[] = [];
  const scaling: { game: string; oneWorker: number; twoWorkers: number; speedup: number }[] = [];
  const ceilings: ({ game: string; policies: Record<string, string>; games: number } & Ceiling)[] = [];
  const started = performance.now();
  /** One progress line on stderr per stage, with the wall time so far (stdout keeps the table). */
  const stage = (what: string) =>
    process.stderr.write(`bench: ${what} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
  for (const def of GAMES.list().filter((g) => ONLY === undefined || ONLY.includes(g.id))) {
    for (const arm of armsOf(def)) {
      stage(`${def.id} ${arm.scenario} ${Object.values(arm.policies).join(' vs ')}: one core`);
      const setup = resolveSetup(def, { scenario: arm.scenario }, 'bench');
      const { rate, draws, decisions, policyMicros, policyShare, warmupMs } = singleCore(
        def,
        setup,
        arm.policies,
      );
      const floorSeconds = (draws * drawNs) / 1e9;
      rates.push({
        game: def.id,
        scenario: arm.scenario,
        policies: arm.policies,
        gamesPerSecond: Math.round(rate),
        drawsPerGame: Math.round(draws * 10) / 10,
        floorRatio: Math.round(1 / rate / floorSeconds),
        decisionsPerGame: Math.round(decisions * 10) / 10,
        policyMicrosPerDecision: Math.round(policyMicros * 10) / 10,
        policyShare: Math.round(policyShare * 100) / 100,
        warmupMs: Math.round(warmupMs),
      });
    }
    const main = armsOf(def)[0]!;
    const setup = resolveSetup(def, { scenario: main.scenario }, 'bench');
    const rate = rates.find((r) => r.game === def.id)!.gamesPerSecond;
    // the engine's ceiling: the default policies' games replayed from their recorded choices (about SECONDS of play)
    const sample = Math.max(50, Math.round(rate * SECONDS));
    stage(`${def.id}: engine ceiling, ${sample} games`);
    const c = engineCeiling(def, setup, main.policies, SEED, sample);
    ceilings.push({
      game: def.id,
      policies: main.policies,
      games: sample,
      policyRate: Math.round(c.policyRate),
      replayRate: Math.round(c.replayRate),
    });
    stage(`${def.id}: 1 and 2 workers`);
    const { one, two } = await poolScaling(def, setup, main.policies, rate);
    scaling.push({
      game: def.id,
      oneWorker: Math.round(one),
      twoWorkers: Math.round(two),
      speedup: Math.round((two / one) * 100) / 100,
    });
  }
  const search: SearchRate[] = [];
  for (const def of GAMES.list().filter((g) => ONLY === undefined || ONLY.includes(g.id)))
    search.push(...searchRates(def, stage));
  const micro: { name: string; ns: number }[] = [];
  if ((ONLY === undefined || ONLY.includes('scs')) && GAMES.list().some((g) => g.id === 'scs')) {
    // SCS 8.4: is a pocket threatened if this hex is taken? (the check every capture makes)
    const def = GAMES.list().find((g) => g.id === 'scs')!;
    const state = def.start(resolveSetup(def, {}, 'bench'), {
      masterSeed: SEED,
      gameIndex: 0,
    }) as unknown as {
      control: number[];
    };
    const out: number[] = [];
    const sc = new PocketScratch();
    const h2513 = scsMap.index('2513');
    const h2410 = scsMap.index('2410');
    micro.push({
      name: 'scs pocket check, 2513 (threatens 2612+2613)',
      ns: (await measure(() => do_not_optimize(pocketIfTaken(state.control, h2513, out, sc)))).avg,
    });
    micro.push({
      name: 'scs pocket check, 2410 (no pocket)',
      ns: (await measure(() => do_not_optimize(pocketIfTaken(state.control, h2410, out, sc)))).avg,
    });
    // the default policy's decisions, frozen at their first occurrence on turn 3
    const setup = resolveSetup(def, {}, 'bench');
    const side = Object.keys(def.defaultPolicies)[0]!;
    const policyDef = def.policies.find((p) => p.id === def.defaultPolicies[side])!;
    const rng = streamRng(SEED, 0, 'bench-policy');
    for (const kind of ['force', 'step']) {
      const frozen = frozenDecision(def, setup, side, kind, 3);
      if (frozen === null) continue;
      const warm = policyDef.create();
      warm.choose(frozen.view, frozen.decision, rng);
      micro.push({
        name: `scs ${policyDef.id} ${kind} decision (turn 3, ${frozen.decision.options.length} options), policy caches warm`,
        ns: (await measure(() => do_not_optimize(warm.choose(frozen.view, frozen.decision, rng)))).avg,
      });
      micro.push({
        name: `scs ${policyDef.id} ${kind} decision (turn 3), fresh policy (hex values and pockets computed)`,
        ns: (
          await measure(() => do_not_optimize(policyDef.create().choose(frozen.view, frozen.decision, rng)))
        ).avg,
      });
    }
  }
  let big: { game: string; games: number; seconds: number; peakRssMb: number } | undefined;
  if (args.has('--big')) {
    const game = GAMES.list().some((g) => g.id === 'scs') ? 'scs' : 'sfo';
    const def = GAMES.list().find((g) => g.id === game)!;
    const r = await bigRun(game, game === 'sfo' ? 'advanced' : def.scenarios[0]!.id, 1_000_000);
    big = { game, games: 1_000_000, ...r };
  }
  const results = {
    when: new Date().toISOString(),
    machine: {
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    code,
    rngDrawNs: Math.round(drawNs * 100) / 100,
    singleCore: rates,
    workers: scaling,
    engineCeiling: ceilings,
    search,
    micro: micro.map((m) => ({ name: m.name, ns: Math.round(m.ns) })),
    ...(big === undefined ? {} : { bigRun: big }),
  };
  const lines = [
    `machine: ${results.machine.cpu}, ${results.machine.cores} cores, node ${results.machine.node}`,
    `RNG: one randInt(1..6) draw costs ${results.rngDrawNs} ns`,
    '',
    'game  scenario   policies                                   games/s/core  draws/game  time/RNG floor  decisions/game  us/decision  policy share  warm-up ms',
    ...rates.map(
      (r) =>
        `${r.game.padEnd(5)} ${r.scenario.padEnd(10)} ${Object.entries(r.policies)
          .map(([s, p]) => `${s}=${p}`)
          .join(' ')
          .padEnd(
            42,
          )} ${String(r.gamesPerSecond).padStart(12)}  ${String(r.drawsPerGame).padStart(10)}  ${String(r.floorRatio).padStart(13)}x  ${String(r.decisionsPerGame).padStart(14)}  ${String(r.policyMicrosPerDecision).padStart(11)}  ${(100 * r.policyShare).toFixed(0).padStart(11)}%  ${String(r.warmupMs).padStart(10)}`,
    ),
    '',
    "engine ceiling (the same games replayed from the default policies' recorded choices)",
    "game  games  with policies games/s  replayed games/s  policies' share",
    ...ceilings.map(
      (c) =>
        `${c.game.padEnd(5)} ${String(c.games).padStart(5)}  ${String(c.policyRate).padStart(22)}  ${String(c.replayRate).padStart(16)}  ${(100 * (1 - c.policyRate / c.replayRate)).toFixed(0).padStart(15)}%`,
    ),
    '',
    'game  1 worker games/s  2 workers games/s  speed-up',
    ...scaling.map(
      (s) =>
        `${s.game.padEnd(5)} ${String(s.oneWorker).padStart(16)}  ${String(s.twoWorkers).padStart(17)}  ${s.speedup.toFixed(2)}x`,
    ),
  ];
  if (search.length > 0) lines.push('', ...searchLines(search));
  if (micro.length > 0) lines.push('', ...micro.map((m) => `${m.name}: ${Math.round(m.ns)} ns`));
  if (big !== undefined)
    lines.push(
      '',
      `${big.games.toLocaleString('en-US')} ${big.game} games to a finished report: ${big.seconds.toFixed(1)} s, peak RSS ${big.peakRssMb} MB`,
    );
  process.stdout.write(`${lines.join('\n')}\n`);
  writeFileSync(join(packageRoot, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
}

await main();
