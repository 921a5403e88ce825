/**
 * How well a game's value of a position (SteppedGame.evaluate) predicts the end of the game: games
 * are played over several policy pairings, the position is taken at fixed fractions of each game's
 * decisions (a quarter, half, three quarters), and evaluate's Brier score there is compared with
 * the constant predictor's (each side's mean result in training games of the same scenario, a
 * disjoint set of seeds). The Brier skill score 1 - B_evaluate / B_constant is above 0 when the
 * value tells more than the base rate. docs/statistics.md "Value of a position" explains the score.
 */
import { playMatch, startMatch } from '../core/driver.js';
import type { Policy, SteppedGame } from '../core/game.js';
import { createPolicies, playerSides } from '../core/policies.js';
import { isSearchPolicy } from '../core/search-policies.js';
import { resolveSetup } from '../core/setup.js';
import { returns } from '../core/values.js';

/** One pairing: a scenario and the policy of each side that differs from the default. */
export interface SkillArm {
  readonly scenario: string;
  readonly policies: Readonly<Record<string, string>>;
}

export interface EvaluateSkillOptions {
  /** The pairings played (default: skillArms(game)). */
  readonly arms?: readonly SkillArm[];
  /** Training games per arm (the constant predictor's base rate). */
  readonly train: number;
  /** Held-out games per arm (where both predictors are scored). */
  readonly test: number;
  /** Master seed of the held-out games (default 1). */
  readonly testSeed?: number;
  /** Master seed of the training games (default 7). */
  readonly trainSeed?: number;
  /** Fractions of a game's decisions at which its position is taken (default 1/4, 1/2, 3/4). */
  readonly quarters?: readonly number[];
}

/** The score of one side at one fraction of the game, in one scenario. */
export interface SkillRow {
  readonly scenario: string;
  readonly side: string;
  readonly quarter: number;
  /** Held-out games scored. */
  readonly n: number;
  /** Brier score of evaluate. */
  readonly brier: number;
  /** Brier score of the constant predictor (the training base rate). */
  readonly constant: number;
  /** The training base rate: the side's mean result. */
  readonly baseRate: number;
  /** 1 - brier / constant (NaN when the constant predictor is exact). */
  readonly skill: number;
}

/**
 * The default pairings: in every scenario, the default policies, and each side's other scripted
 * policies (not `random`, not the search policy) against the others' defaults.
 */
export function skillArms(game: SteppedGame): SkillArm[] {
  const out: SkillArm[] = [];
  for (const sc of game.scenarios) {
    out.push({ scenario: sc.id, policies: {} });
    for (const side of playerSides(game, sc.id))
      for (const p of game.policies)
        if (
          p.side === side &&
          p.id !== game.defaultPolicies[side] &&
          p.id !== 'random' &&
          !isSearchPolicy(p.id)
        )
          out.push({ scenario: sc.id, policies: { [side]: p.id } });
  }
  return out;
}

/** One played game: every side's value before each decision that pended, and its result. */
interface Played {
  readonly values: Readonly<Record<string, number[]>>;
  readonly result: Readonly<Record<string, number>>;
}

function playOne(
  game: SteppedGame,
  arm: SkillArm,
  masterSeed: number,
  gameIndex: number,
  withValues: boolean,
): Played {
  const setup = resolveSetup(game, { scenario: arm.scenario }, `${game.id} evaluate-skill`);
  const sides = game.sides.map((s) => s.id);
  const match = startMatch(game, setup, { masterSeed, gameIndex });
  const values: Record<string, number[]> = Object.fromEntries(sides.map((s) => [s, []]));
  const made = createPolicies(game, { ...game.defaultPolicies, ...arm.policies }, arm.scenario);
  const policies: Record<string, Policy> = {};
  for (const [side, p] of Object.entries(made))
    policies[side] = {
      id: p.id,
      choose(view, d, rng, search) {
        if (withValues)
          for (const s of sides) {
            const v = game.evaluate(match.state, s);
            if (!(v >= 0 && v <= 1)) throw new Error(`${game.id}: evaluate(${s}) = ${v}, not in [0, 1]`);
            values[s]!.push(v);
          }
        return p.choose(view, d, rng, search);
      },
    };
  const rec = playMatch(match, policies);
  return { values, result: returns(game, rec) };
}

/**
 * Plays `train` and `test` games of every arm and scores evaluate against the constant predictor
 * at each fraction, per scenario and side. Deterministic: the games depend only on the seeds.
 */
export function evaluateSkill(game: SteppedGame, opts: EvaluateSkillOptions): SkillRow[] {
  const arms = opts.arms ?? skillArms(game);
  const quarters = opts.quarters ?? [0.25, 0.5, 0.75];
  const sides = game.sides.map((s) => s.id);
  const scenarios = [...new Set(arms.map((a) => a.scenario))];
  const rows: SkillRow[] = [];
  for (const scenario of scenarios) {
    const mine = arms.filter((a) => a.scenario === scenario);
    const base: Record<string, number> = Object.fromEntries(sides.map((s) => [s, 0]));
    let trained = 0;
    for (const arm of mine)
      for (let g = 0; g < opts.train; g++) {
        const p = playOne(game, arm, opts.trainSeed ?? 7, g, false);
        for (const s of sides) base[s]! += p.result[s]!;
        trained++;
      }
    for (const s of sides) base[s]! /= Math.max(1, trained);
    const sums = quarters.map(() => Object.fromEntries(sides.map((s) => [s, { n: 0, b: 0, c: 0 }])));
    for (const arm of mine)
      for (let g = 0; g < opts.test; g++) {
        const p = playOne(game, arm, opts.testSeed ?? 1, g, true);
        quarters.forEach((q, qi) => {
          for (const s of sides) {
            const v = p.values[s]!;
            if (v.length === 0) continue;
            const at = v[Math.min(v.length - 1, Math.floor(q * v.length))]!;
            const y = p.result[s]!;
            const acc = sums[qi]![s]!;
            acc.n++;
            acc.b += (at - y) ** 2;
            acc.c += (base[s]! - y) ** 2;
          }
        });
      }
    quarters.forEach((q, qi) => {
      for (const s of sides) {
        const { n, b, c } = sums[qi]![s]!;
        const brier = b / Math.max(1, n);
        const constant = c / Math.max(1, n);
        rows.push({
          scenario,
          side: s,
          quarter: q,
          n,
          brier,
          constant,
          baseRate: base[s]!,
          skill: constant > 0 ? 1 - brier / constant : Number.NaN,
        });
      }
    });
  }
  return rows;
}

/** The rows as a text table (one line per scenario, side and fraction). */
export function formatSkill(game: SteppedGame, rows: readonly SkillRow[]): string {
  const lines = [
    `${game.id}: evaluate against the constant predictor (Brier; skill = 1 - evaluate/constant)`,
  ];
  for (const r of rows)
    lines.push(
      `  ${r.scenario.padEnd(24)} ${r.side.padEnd(14)} at ${(r.quarter * 100).toFixed(0).padStart(3)}%  n=${String(r.n).padStart(4)}  evaluate ${r.brier.toFixed(4)}  constant ${r.constant.toFixed(4)} (base ${r.baseRate.toFixed(3)})  skill ${r.skill.toFixed(3)}`,
    );
  return lines.join('\n');
}
