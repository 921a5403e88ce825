/**
 * A calibration or tuning run in a directory (docs/calibrate.md): every evaluation (one
 * candidate, one arm, a range of game indices) is played on the worker pool and written atomically
 * to evals/ as it finishes, so an interrupted search continues with `--resume` without replaying
 * any of them; the directory is locked while it is written, and `search.json` binds it to the
 * problem's hash and the code, like a run's manifest. The search decides only from the games'
 * records, which depend on (seed, game index) alone: the result is the same for any worker count.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { UserError } from '../core/errors.js';
import { recordColumns } from '../runner/layout.js';
import { acquireLock } from '../runner/lock.js';
import { checkOutPath, removeTemps } from '../runner/out-dir.js';
import { sha256, writeAtomic } from '../runner/outputs.js';
import { codeLabel, codeVersion } from '../runner/version.js';
import {
  completeDirManifest,
  createLanes,
  type DirManifest,
  manifestBase,
  readDirManifest,
  readKept,
  writeDirManifest,
} from './eval-dir.js';
import { chooseOnFresh, type FreshChoice, type HalvingResult, successiveHalving } from './halving.js';
import type { SearchProblem } from './problem.js';
import { writeSearchOutputs } from './report.js';
import { type ArmObservations, measureAt, targetStats, totalLoss } from './targets.js';

export const SEARCH_MANIFEST = 'search.json';
const EVALS = 'evals';

export interface SearchOptions {
  readonly out: string;
  readonly workers: number;
  readonly resume: boolean;
  readonly force: boolean;
  readonly quiet?: boolean;
  readonly signal?: AbortSignal;
  readonly warn?: (message: string) => void;
  /** The file searched, named in the report's reproduce line and in tuned.json. */
  readonly source?: string;
}

/** What the directory's search.json says. */
export interface SearchManifest extends DirManifest {
  readonly kind: 'calibrate' | 'tune';
}

/** Observations of every candidate so far: obs[candidate][arm], by game index. */
export type Observations = ArmObservations[][];

export interface SearchOutcome {
  readonly status: 'complete' | 'interrupted';
  readonly out: string;
  readonly played: number;
  readonly reused: number;
  readonly halving?: HalvingResult;
  /** The finalists re-played on the fresh games and the one chosen there. */
  readonly fresh?: FreshChoice;
  readonly obs: Observations;
  /** Games each candidate has from index 0 (the last round it was judged in). */
  readonly judged: readonly number[];
  readonly manifest: SearchManifest;
}

/** One evaluation: candidate `c`, arm `a`, games [start, end). */
interface EvalTask {
  readonly c: number;
  readonly a: number;
  readonly start: number;
  readonly end: number;
}

const evalFile = (p: SearchProblem, t: EvalTask) =>
  `c${t.c}-${sha256(p.candidates[t.c]!.key).slice(0, 10)}-a${t.a}-${t.start}-${t.end}.json`;

const readManifest = (out: string) => readDirManifest<SearchManifest>(out, SEARCH_MANIFEST, 'search');

const newManifest = (p: SearchProblem, workers: number, created?: string): SearchManifest => ({
  ...manifestBase(p, workers, created),
  kind: p.mode,
});

const writeManifest = (out: string, m: SearchManifest) => writeDirManifest(out, SEARCH_MANIFEST, m);

/** Files a search writes besides evals/ (removed by --force). */
export const SEARCH_OUTPUTS = ['result.json', 'candidates.csv', 'report.html', 'tuned.json'];

/**
 * Decides whether the search may start, continue or replace what `out` holds (a user error naming
 * the directory otherwise); returns the manifest to continue from, if any. Only with `apply`
 * (under the lock) does it remove a replaced search's files.
 */
function plan(p: SearchProblem, opts: SearchOptions, apply: boolean): SearchManifest | undefined {
  const out = opts.out;
  const old = readManifest(out);
  if (old === undefined) {
    if (opts.resume) throw new UserError(`${out}: --resume: no ${p.mode} run to resume here`);
    if (existsSync(out) && readdirSync(out).some((f) => f !== 'sandtable.lock'))
      throw new UserError(`${out}: not empty and not a ${p.mode} run; choose another --out`);
    return undefined;
  }
  if (opts.force) {
    if (apply) {
      rmSync(`${out}/${EVALS}`, { recursive: true, force: true });
      for (const f of SEARCH_OUTPUTS) rmSync(`${out}/${f}`, { force: true });
    }
    return undefined;
  }
  if (!opts.resume)
    throw new UserError(
      `${out}: already holds a ${old.kind} run; use --resume to continue it, --force to replace it`,
    );
  if (old.hash !== p.hash)
    throw new UserError(
      `${out}: --resume: this directory holds a different search (hash ${old.hash.slice(0, 12)} vs ${p.hash.slice(0, 12)}); the same file is needed`,
    );
  const here = codeVersion();
  if (old.code !== here.code)
    throw new UserError(
      `${out}: --resume: this search was started by ${codeLabel(old)}, this is ${codeLabel(here)}; results of different code are never mixed (start again with --force)`,
    );
  if (old.status === 'complete')
    throw new UserError(`${out}: --resume: this ${old.kind} run is already complete`);
  return old;
}

/**
 * Runs the search of `p` into `opts.out`: racing (src/search/halving.ts) on games [0, maxGames),
 * then the finalists (and for tune the untuned policy) on the fresh games
 * [maxGames, maxGames + finalGames), where the chosen one is the finalist with the lowest loss.
 * Returns the observations; `writeSearchOutputs` (src/search/report.ts) writes the results.
 */
export async function runSearch(p: SearchProblem, opts: SearchOptions): Promise<SearchOutcome> {
  const out = opts.out;
  const warn = opts.warn ?? ((m: string) => process.stderr.write(`${m}\n`));
  checkOutPath(out, '--out');
  plan(p, opts, false); // refusals first, nothing written
  mkdirSync(out, { recursive: true });
  const lock = await acquireLock(out, { waitMs: 0, warn });
  try {
    const old = plan(p, opts, true);
    const manifest = newManifest(p, opts.workers, old?.created);
    writeManifest(out, manifest);
    removeTemps(out, '', (base) => base === SEARCH_MANIFEST);
    const evalDir = `${out}/${EVALS}`;
    mkdirSync(evalDir, { recursive: true });

    const statIds = targetStats(p.targets);
    const cols = recordColumns(p.game);
    const statCol = new Map(statIds.map((s) => [s, cols.findIndex((c) => c.name === s)]));
    const obs: Observations = p.candidates.map(() =>
      p.armIds.map(() => ({
        result: [],
        stats: Object.fromEntries(statIds.map((s) => [s, [] as number[]])),
      })),
    );
    const have = new Set<string>();
    const fill = (
      t: EvalTask,
      result: readonly number[],
      stats: Readonly<Record<string, readonly number[]>>,
    ) => {
      const o = obs[t.c]![t.a]!;
      for (let i = 0; i < result.length; i++) o.result[t.start + i] = result[i]!;
      for (const s of statIds)
        for (let i = 0; i < result.length; i++) o.stats[s]![t.start + i] = stats[s]![i]!;
      have.add(evalFile(p, t));
    };
    // kept evaluations: bound to the candidate's key and the problem's hash
    let reused = 0;
    readKept(
      evalDir,
      (f, path) => {
        const m = /^c(\d+)-[0-9a-f]{10}-a(\d+)-(\d+)-(\d+)\.json$/.exec(f);
        const t =
          m === null
            ? undefined
            : { c: Number(m[1]), a: Number(m[2]), start: Number(m[3]), end: Number(m[4]) };
        if (t === undefined || t.c >= p.candidates.length || t.a >= p.armIds.length || evalFile(p, t) !== f)
          return false;
        const e = JSON.parse(readFileSync(path, 'utf8')) as {
          hash: string;
          key: string;
          result: number[];
          stats: Record<string, number[]>;
        };
        const n = t.end - t.start;
        const ok =
          e.hash === p.hash &&
          e.key === p.candidates[t.c]!.key &&
          e.result.length === n &&
          statIds.every((s) => e.stats[s]?.length === n);
        if (ok) {
          fill(t, e.result, e.stats);
          reused += n;
        }
        return ok;
      },
      (path) => `sandtable: ${path}: not an evaluation of this search; removed, its games are played again`,
      warn,
    );

    const lanes = createLanes(p.name, opts, lock.touch);
    const playTasks = (tasks: readonly EvalTask[]) =>
      lanes.play(
        tasks.filter((t) => !have.has(evalFile(p, t))),
        (t) => {
          const arm = p.candidates[t.c]!.arms![t.a]!;
          return {
            game: p.game.id,
            arm: t.a,
            scenario: arm.scenario,
            variants: arm.variants,
            params: arm.params,
            policies: arm.policies,
            ...(p.gameModule === undefined
              ? {}
              : { gameModule: p.gameModule.path, gameModuleHash: p.gameModule.sha256 }),
            seed: p.seed,
            start: t.start,
            end: t.end,
          };
        },
        (t, buf) => {
          const block = new Float64Array(buf);
          const rows = t.end - t.start;
          const result = Array.from(block.subarray(0, rows));
          const stats: Record<string, number[]> = {};
          for (const s of statIds) {
            const c = statCol.get(s)!;
            stats[s] = Array.from(block.subarray(c * rows, (c + 1) * rows));
          }
          writeAtomic(
            `${evalDir}/${evalFile(p, t)}`,
            JSON.stringify({ hash: p.hash, key: p.candidates[t.c]!.key, ...t, result, stats }),
          );
          fill(t, result, stats);
        },
      );
    const tasksFor = (cands: readonly number[], from: number, to: number): EvalTask[] =>
      cands.flatMap((c) =>
        p.armIds.flatMap((_, a) => {
          const ts: EvalTask[] = [];
          for (let s = from; s < to; s += p.chunk)
            ts.push({ c, a, start: s, end: Math.min(to, s + p.chunk) });
          return ts;
        }),
      );
    const judged = p.candidates.map(() => 0);
    const lossAt = (c: number, games: readonly number[]) =>
      totalLoss(
        p.targets,
        p.targets.map((t) => measureAt(t, obs[c]!, games)),
      );
    let halving: HalvingResult | undefined;
    let fresh: FreshChoice | undefined;
    try {
      const feasible = p.candidates.flatMap((c, i) => (c.arms === undefined ? [] : [i]));
      halving = await successiveHalving(
        feasible,
        p.plan,
        async (cands, games) => {
          await playTasks(tasksFor(cands, 0, games));
          if (lanes.interrupted) throw new Interrupted();
          for (const c of cands) judged[c] = games;
        },
        lossAt,
        { seed: p.seed },
      );
      const finalists = halving.finalists;
      const holdout = [
        ...finalists,
        ...(p.mode === 'tune' && !finalists.includes(0) && p.candidates[0]!.arms ? [0] : []),
      ];
      const from = p.plan.maxGames;
      await playTasks(tasksFor(holdout, from, from + p.finalGames));
      if (lanes.interrupted) throw new Interrupted();
      fresh = chooseOnFresh(finalists, from, from + p.finalGames, lossAt, { seed: p.seed });
    } catch (e) {
      if (!(e instanceof Interrupted)) throw e;
    } finally {
      await lanes.close();
    }
    const played = lanes.played;
    if (lanes.interrupted || halving === undefined || fresh === undefined)
      return { status: 'interrupted', out, played, reused, obs, judged, manifest };
    const done: SearchOutcome = {
      status: 'complete',
      out,
      played,
      reused,
      halving,
      fresh,
      obs,
      judged,
      manifest,
    };
    lock.touch();
    const { files } = await writeSearchOutputs(p, done, opts.source ?? `${p.name}.json`);
    return { ...done, manifest: completeManifest(out, manifest, files) };
  } finally {
    lock.release();
  }
}

class Interrupted extends Error {}

/** Marks the run complete with its output files' checksums (after they are written). */
export const completeManifest = (out: string, m: SearchManifest, files: readonly string[]): SearchManifest =>
  completeDirManifest(out, SEARCH_MANIFEST, m, files);
