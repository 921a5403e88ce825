/**
 * The verdict of a run's policy matrices: each matrix's meta-game (src/analysis/metagame.ts) read
 * from the games table, the row side's per-game score (win 1, draw or no winner 1/2, loss 0) on
 * the game indices every cell played.
 */
import type { GameDefinition } from '../core/game.js';
import type { GamesTable } from './games-table.js';
import type { PolicyMatrix } from './headline.js';
import {
  againstRulesSentence,
  type BalanceBand,
  DEFAULT_BALANCE_BAND,
  type LpSolver,
  type MetaGame,
  metaGame,
  metaGameSentence,
} from './metagame.js';
import type { Robustness } from './robustness.js';

/** One matrix's verdict: the meta-game and the sentence that states it. */
export interface MatrixVerdict {
  readonly matrix: PolicyMatrix;
  readonly meta: MetaGame;
  readonly sentence: string;
  /** The value under each of the game's verdict readings the run played (src/analysis/robustness.ts). */
  readonly robustness?: Robustness;
  /** The band in one sentence (robustnessSentence). */
  readonly robustnessSentence?: string;
}

/** A side's score of a game from its winner column: 1 won, 0 lost, 1/2 when no side won. */
export function sideScore(winner: string, side: string): number {
  return winner === side ? 1 : winner === 'none' ? 0.5 : 0;
}

/**
 * `side`'s score per game of each of `arms`, on the game indices every one of them played (in
 * index order), so the arms line up game by game.
 */
export function armScores(table: GamesTable, arms: readonly string[], side: string): Float64Array[] {
  const armCol = table.column('arm');
  const gameCol = table.column('game');
  const winnerCol = table.column('winner');
  if (armCol === undefined || gameCol === undefined || winnerCol === undefined) {
    throw new Error('verdict: the games table has no arm, game or winner column');
  }
  const byArm = new Map<string, Map<number, number>>(arms.map((a) => [a, new Map()]));
  for (let i = 0; i < table.numRows(); i++) {
    const games = byArm.get(String(armCol.at(i)));
    if (games !== undefined) games.set(Number(gameCol.at(i)), sideScore(String(winnerCol.at(i)), side));
  }
  const cells = arms.map((a) => byArm.get(a)!);
  const common = [...cells[0]!.keys()].filter((g) => cells.every((c) => c.has(g))).sort((x, y) => x - y);
  return cells.map((c) => Float64Array.from(common, (g) => c.get(g)!));
}

/**
 * The row side's score per game of every cell of `matrix`, on the game indices all its cells
 * played (in index order), so the cells line up game by game.
 */
export function matrixScores(table: GamesTable, matrix: PolicyMatrix): Float64Array[][] {
  const flat = armScores(table, matrix.arms.flat(), matrix.rowSide);
  const cols = matrix.cols.length;
  return matrix.arms.map((_, r) => flat.slice(r * cols, (r + 1) * cols));
}

/**
 * The row side's score per game of every cell of each of `matrices`, on the game indices every
 * cell of every matrix played (in index order), so all their cells line up game by game.
 */
export function jointScores(table: GamesTable, matrices: readonly PolicyMatrix[]): Float64Array[][][] {
  const armCol = table.column('arm');
  const gameCol = table.column('game');
  const winnerCol = table.column('winner');
  if (armCol === undefined || gameCol === undefined || winnerCol === undefined) {
    throw new Error('verdict: the games table has no arm, game or winner column');
  }
  const rowSide = new Map(matrices.flatMap((m) => m.arms.flat().map((a) => [a, m.rowSide] as const)));
  const byArm = new Map<string, Map<number, number>>();
  for (let i = 0; i < table.numRows(); i++) {
    const arm = String(armCol.at(i));
    const side = rowSide.get(arm);
    if (side === undefined) continue;
    let games = byArm.get(arm);
    if (games === undefined) {
      games = new Map();
      byArm.set(arm, games);
    }
    games.set(Number(gameCol.at(i)), sideScore(String(winnerCol.at(i)), side));
  }
  const cells = matrices.flatMap((m) => m.arms.flat()).map((a) => byArm.get(a) ?? new Map<number, number>());
  const common = [...cells[0]!.keys()].filter((g) => cells.every((c) => c.has(g))).sort((a, b) => a - b);
  return matrices.map((m) =>
    m.arms.map((row) =>
      row.map((arm) => {
        const games = byArm.get(arm) ?? new Map<number, number>();
        return Float64Array.from(common, (g) => games.get(g)!);
      }),
    ),
  );
}

/**
 * The verdict of each matrix of the run (the caller loads the solver once: loadLpSolver); a
 * matrix against the rules (a solitaire side's policies) is stated as the best policy's score. The
 * bootstrap's stream is seeded by the run's master seed, so a rebuilt report prints the same
 * interval. Matrices without a common game index are left out.
 */
export function matrixVerdicts(
  lp: LpSolver,
  def: GameDefinition,
  table: GamesTable,
  matrices: readonly PolicyMatrix[],
  opts: {
    readonly seed: number;
    readonly resamples?: number;
    readonly band?: BalanceBand;
    /** A side's name in the sentence (default: the game's side name). */
    readonly sideName?: (side: string) => string;
  },
): MatrixVerdict[] {
  const title = opts.sideName ?? ((side: string) => def.sides.find((s) => s.id === side)?.name ?? side);
  const out: MatrixVerdict[] = [];
  for (const matrix of matrices) {
    const scores = matrixScores(table, matrix);
    if (scores[0]![0]!.length === 0) continue;
    const meta = metaGame(lp, scores, {
      seed: opts.seed,
      ...(opts.resamples !== undefined ? { resamples: opts.resamples } : {}),
    });
    const names = {
      rowSide: title(matrix.rowSide),
      colSide: title(matrix.colSide),
      rows: matrix.rows,
      cols: matrix.cols,
    };
    const band = opts.band ?? DEFAULT_BALANCE_BAND;
    const sentence =
      matrix.againstRules === true
        ? againstRulesSentence(meta, names, band)
        : metaGameSentence(meta, names, band);
    out.push({ matrix, meta, sentence });
  }
  return out;
}

/**
 * metagame.json: each matrix's payoff, value, interval, mixes and exploitability, for scripts
 * (`againstRules` on a solitaire side's matrix against the rules, whose value is its best policy's score).
 */
export function metaGameJson(verdicts: readonly MatrixVerdict[]): string {
  return `${JSON.stringify(
    verdicts.map((v) => ({
      rowSide: v.matrix.rowSide,
      colSide: v.matrix.colSide,
      ...(v.matrix.againstRules === true ? { againstRules: true } : {}),
      rows: v.matrix.rows,
      cols: v.matrix.cols,
      arms: v.matrix.arms,
      games: v.meta.games,
      payoff: v.meta.payoff,
      value: v.meta.value,
      interval: v.meta.interval,
      level: v.meta.level,
      resamples: v.meta.resamples,
      rowMix: v.meta.rowMix,
      colMix: v.meta.colMix,
      rowSupport: v.meta.rowSupport,
      colSupport: v.meta.colSupport,
      exploitability: v.meta.exploitability,
      sentence: v.sentence,
    })),
    null,
    2,
  )}\n`;
}

/** robustness.json: each matrix's value under the rules as written and under each reading, for scripts. */
export function robustnessJson(verdicts: readonly MatrixVerdict[]): string {
  return `${JSON.stringify(
    verdicts.flatMap((v) =>
      v.robustness === undefined
        ? []
        : [
            {
              rowSide: v.matrix.rowSide,
              colSide: v.matrix.colSide,
              ...(v.matrix.againstRules === true ? { againstRules: true } : {}),
              rows: v.matrix.rows,
              cols: v.matrix.cols,
              arms: v.matrix.arms,
              ...v.robustness,
              mostImportant: v.robustness.mostImportant.id,
              sentence: v.robustnessSentence,
            },
          ],
    ),
    null,
    2,
  )}\n`;
}
