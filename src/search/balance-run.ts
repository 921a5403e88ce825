/**
 * A balance run in a directory (docs/cli.md "balance"): every pairing of policies the loop needs
 * (src/search/balance.ts) is played on the worker pool in chunks of game indices, each chunk's
 * scores written atomically to cells/ as it finishes; each finished round is written to rounds/,
 * so `--resume` continues from the last finished round without replaying a game. The directory is
 * locked while it is written, and balance-run.json binds it to the problem's hash and the code.
 * Every pairing plays game indices 0..games-1 with the same master seed (common random numbers),
 * so the matrix stays paired however it grew; the loop decides from the scores alone, so the
 * result is the same on any worker count and whether or not the run was resumed.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { type LpSolver, loadLpSolver } from '../analysis/metagame.js';
import { UserError } from '../core/errors.js';
import { acquireLock } from '../runner/lock.js';
import { checkOutPath, removeTemps } from '../runner/out-dir.js';
import { sha256, TEMP_MARK, writeAtomic } from '../runner/outputs.js';
import { codeLabel, codeVersion } from '../runner/version.js';
import {
  balanceLoop,
  type Cell,
  type LoopConfig,
  type LoopOutcome,
  type PayoffSource,
  type RoundRecord,
  roundLine,
} from './balance.js';
import type { BalanceProblem } from './balance-problem.js';
import { writeBalanceOutputs } from './balance-report.js';
import {
  completeDirManifest,
  createLanes,
  type DirManifest,
  manifestBase,
  readDirManifest,
  readKept,
  writeDirManifest,
} from './eval-dir.js';

export const BALANCE_MANIFEST = 'balance-run.json';
const CELLS = 'cells';
const ROUNDS = 'rounds';

/** Files a balance run writes besides cells/ and rounds/ (removed by --force). */
export const BALANCE_OUTPUTS = ['balance.json', 'report.html'];

export interface BalanceOptions {
  readonly out: string;
  readonly workers: number;
  readonly resume: boolean;
  readonly force: boolean;
  readonly quiet?: boolean;
  readonly signal?: AbortSignal;
  readonly warn?: (message: string) => void;
  /** Told each round's line as the round finishes (and each kept round's on a resume). */
  readonly say?: (line: string) => void;
  /** The file run, named in the report's reproduce line. */
  readonly source?: string;
}

/** What the directory's balance-run.json says. */
export interface BalanceManifest extends DirManifest {
  readonly kind: 'balance';
  readonly games: number;
  /** The round limit of the last invocation. */
  readonly rounds: number;
}

export interface BalanceOutcome {
  readonly status: 'complete' | 'interrupted';
  readonly out: string;
  /** Games played by this invocation, and read back from cells/. */
  readonly played: number;
  readonly reused: number;
  /** Rounds read back from rounds/ (a resume). */
  readonly kept: number;
  readonly loop?: LoopOutcome;
  readonly manifest: BalanceManifest;
}

class Interrupted extends Error {}

const readManifest = (out: string) => readDirManifest<BalanceManifest>(out, BALANCE_MANIFEST, 'balance');

const writeManifest = (out: string, m: BalanceManifest) => writeDirManifest(out, BALANCE_MANIFEST, m);

const roundFile = (k: number) => `round-${String(k).padStart(3, '0')}.json`;

/** The rounds a previous run finished, in order, each bound to the problem's hash. */
function readRounds(
  p: BalanceProblem,
  out: string,
  warn: (m: string) => void,
  remove: boolean,
): RoundRecord[] {
  const dir = `${out}/${ROUNDS}`;
  const done: RoundRecord[] = [];
  if (!existsSync(dir)) return done;
  if (remove)
    for (const f of readdirSync(dir)) if (f.includes(TEMP_MARK)) rmSync(`${dir}/${f}`, { force: true });
  for (let k = 1; ; k++) {
    const path = `${dir}/${roundFile(k)}`;
    if (!existsSync(path)) break;
    let rec: RoundRecord | undefined;
    try {
      const body = JSON.parse(readFileSync(path, 'utf8')) as { hash?: unknown; round?: RoundRecord };
      if (body.hash === p.hash && body.round?.round === k) rec = body.round;
    } catch {
      rec = undefined;
    }
    if (rec === undefined) {
      // this round and the ones after it are decided again from the kept games
      if (remove) {
        warn(`sandtable: ${path}: not a round of this balance run; it and later rounds are decided again`);
        for (const g of readdirSync(dir)) if (g >= roundFile(k)) rmSync(`${dir}/${g}`, { force: true });
      }
      break;
    }
    done.push(rec);
  }
  return done;
}

/**
 * Decides whether the run may start, continue or replace what `out` holds (a user error naming the
 * directory otherwise); returns the manifest to continue from, if any. Only with `apply` (under the
 * lock) does it remove a replaced run's files.
 */
function plan(p: BalanceProblem, opts: BalanceOptions, apply: boolean): BalanceManifest | undefined {
  const out = opts.out;
  const old = readManifest(out);
  if (old === undefined) {
    if (opts.resume) throw new UserError(`${out}: --resume: no balance run to resume here`);
    if (existsSync(out) && readdirSync(out).some((f) => f !== 'sandtable.lock'))
      throw new UserError(`${out}: not empty and not a balance run; choose another --out`);
    return undefined;
  }
  if (opts.force) {
    if (apply) {
      rmSync(`${out}/${CELLS}`, { recursive: true, force: true });
      rmSync(`${out}/${ROUNDS}`, { recursive: true, force: true });
      for (const f of BALANCE_OUTPUTS) rmSync(`${out}/${f}`, { force: true });
    }
    return undefined;
  }
  if (!opts.resume)
    throw new UserError(
      `${out}: already holds a balance run; use --resume to continue it, --force to replace it`,
    );
  if (old.games !== p.games)
    throw new UserError(
      `${out}: --resume: this run plays ${old.games} games a pairing, not ${p.games} (give --games ${old.games}, or start again with --force)`,
    );
  if (old.hash !== p.hash)
    throw new UserError(
      `${out}: --resume: this directory holds a different balance run (hash ${old.hash.slice(0, 12)} vs ${p.hash.slice(0, 12)}); the same file is needed`,
    );
  const here = codeVersion();
  if (old.code !== here.code)
    throw new UserError(
      `${out}: --resume: this run was started by ${codeLabel(old)}, this is ${codeLabel(here)}; results of different code are never mixed (start again with --force)`,
    );
  return old;
}

const cellKey = (c: Cell) => sha256(`${c.row}\n${c.col}`).slice(0, 16);
const cellFile = (c: Cell, start: number, end: number) => `${cellKey(c)}-${start}-${end}.json`;

/** The loop's configuration from the problem. */
export function loopConfig(p: BalanceProblem): LoopConfig {
  return {
    seed: p.seed,
    rounds: p.rounds,
    alpha: p.alpha,
    resamples: p.resamples,
    band: p.band,
    row: p.row,
    col: p.col,
  };
}

/**
 * Runs the balance loop of `p` into `opts.out` (starting, resuming or replacing a run as the
 * options say), then writes balance.json and report.html (src/search/balance-report.ts).
 */
export async function runBalance(
  p: BalanceProblem,
  opts: BalanceOptions,
  lpGiven?: LpSolver,
): Promise<BalanceOutcome> {
  const out = opts.out;
  const warn = opts.warn ?? ((m: string) => process.stderr.write(`${m}\n`));
  checkOutPath(out, '--out');
  plan(p, opts, false); // refusals first, nothing written
  const pre = readManifest(out);
  if (pre !== undefined && opts.resume && !opts.force) {
    const finished = readRounds(p, out, () => {}, false).length;
    if (finished > p.rounds)
      throw new UserError(
        `${out}: --resume: this run has ${finished} finished rounds, more than --rounds ${p.rounds} (give --rounds ${finished} or more)`,
      );
  }
  mkdirSync(out, { recursive: true });
  const lock = await acquireLock(out, { waitMs: 0, warn });
  try {
    const old = plan(p, opts, true);
    const manifest: BalanceManifest = {
      ...manifestBase(p, opts.workers, old?.created),
      kind: 'balance',
      games: p.games,
      rounds: p.rounds,
    };
    writeManifest(out, manifest);
    removeTemps(out, '', (base) => base === BALANCE_MANIFEST || BALANCE_OUTPUTS.includes(base));
    const cellDir = `${out}/${CELLS}`;
    const roundDir = `${out}/${ROUNDS}`;
    mkdirSync(cellDir, { recursive: true });
    mkdirSync(roundDir, { recursive: true });
    const done = readRounds(p, out, warn, true);
    const row = p.row.id;
    const col = p.col.id;
    // the row side's score per result code: 1 when it wins, 0 when the column side does, 1/2 otherwise
    const scoreOf = p.game.results.map((r) => (r.winner === row ? 1 : r.winner === col ? 0 : 0.5));

    // kept chunks, by file name: bound to the problem's hash and the cell's policies
    const chunks = new Map<string, Float64Array>();
    let reused = 0;
    readKept(
      cellDir,
      (f, path) => {
        const e = JSON.parse(readFileSync(path, 'utf8')) as {
          hash: string;
          row: string;
          col: string;
          start: number;
          end: number;
          scores: number[];
        };
        const ok =
          e.hash === p.hash &&
          cellFile({ row: e.row, col: e.col }, e.start, e.end) === f &&
          Array.isArray(e.scores) &&
          e.scores.length === e.end - e.start &&
          e.scores.every((s) => s === 0 || s === 0.5 || s === 1);
        if (ok) chunks.set(f, Float64Array.from(e.scores));
        return ok;
      },
      (path) => `sandtable: ${path}: not a pairing of this balance run; removed, its games are played again`,
      warn,
    );

    const lanes = createLanes(p.name, opts, lock.touch);
    const ranges: [number, number][] = [];
    for (let s = 0; s < p.games; s += p.chunk) ranges.push([s, Math.min(p.games, s + p.chunk)]);
    const cells = new Map<string, Float64Array>();
    const key = (c: Cell) => `${c.row}\n${c.col}`;
    const source: PayoffSource = {
      async ensure(wanted) {
        const missing = new Map<string, Cell>();
        for (const c of wanted) if (!cells.has(key(c))) missing.set(key(c), c);
        const tasks = [...missing.values()].flatMap((c) =>
          ranges
            .filter(([s, e]) => !chunks.has(cellFile(c, s, e)))
            .map(([start, end]) => ({ cell: c, start, end })),
        );
        for (const t of [...missing.values()].flatMap((c) => ranges.map(([s, e]) => cellFile(c, s, e))))
          if (chunks.has(t)) reused += chunks.get(t)!.length;
        if (tasks.length > 0) {
          if (lanes.interrupted) throw new Interrupted();
          await lanes.play(
            tasks,
            (t) => ({
              game: p.game.id,
              arm: 0,
              scenario: p.setup.scenario,
              variants: p.setup.variants,
              params: p.setup.params,
              policies: { [row]: t.cell.row, [col]: t.cell.col },
              ...(p.gameModule === undefined
                ? {}
                : { gameModule: p.gameModule.path, gameModuleHash: p.gameModule.sha256 }),
              seed: p.seed,
              start: t.start,
              end: t.end,
            }),
            (t, buf) => {
              const codes = new Float64Array(buf).subarray(0, t.end - t.start);
              const scores = Float64Array.from(codes, (k) => scoreOf[k]!);
              const f = cellFile(t.cell, t.start, t.end);
              writeAtomic(
                `${cellDir}/${f}`,
                JSON.stringify({
                  hash: p.hash,
                  row: t.cell.row,
                  col: t.cell.col,
                  start: t.start,
                  end: t.end,
                  scores: Array.from(scores),
                }),
              );
              chunks.set(f, scores);
            },
          );
          if (lanes.interrupted) throw new Interrupted();
        }
        for (const c of missing.values()) {
          const all = new Float64Array(p.games);
          for (const [s, e] of ranges) all.set(chunks.get(cellFile(c, s, e))!, s);
          cells.set(key(c), all);
        }
      },
      scores(c) {
        const s = cells.get(key(c));
        if (s === undefined) throw new Error(`balance: pairing ${c.row} x ${c.col} was not played`);
        return s;
      },
    };
    const cfg = loopConfig(p);
    const say = opts.say ?? (() => {});
    for (const r of done) say(`${roundLine(r, cfg)} (kept)`);
    let loop: LoopOutcome | undefined;
    try {
      const lp = lpGiven ?? (await loadLpSolver());
      loop = await balanceLoop(lp, source, cfg, {
        done,
        onRound: (r) => {
          writeAtomic(
            `${roundDir}/${roundFile(r.round)}`,
            `${JSON.stringify({ hash: p.hash, round: r }, null, 2)}\n`,
          );
          lock.touch();
          say(roundLine(r, cfg));
        },
      });
    } catch (e) {
      if (!(e instanceof Interrupted)) throw e;
    } finally {
      await lanes.close();
    }
    const played = lanes.played;
    if (lanes.interrupted || loop === undefined)
      return { status: 'interrupted', out, played, reused, kept: done.length, manifest };
    lock.touch();
    const files = await writeBalanceOutputs(p, loop, out, opts.source ?? `${p.name}.json`);
    const complete = completeDirManifest(out, BALANCE_MANIFEST, manifest, files);
    return { status: 'complete', out, played, reused, kept: done.length, loop, manifest: complete };
  } finally {
    lock.release();
  }
}
