import * as aq from 'arquero';
import type { GameDefinition } from '../core/game.js';
import type { Table } from './games-table.js';
import { wilson } from './intervals.js';

/** One line of summary.csv: how often an outcome happened in an arm, with its Wilson 95% interval. */
export interface OutcomeRow {
  readonly arm: string;
  readonly kind: 'winner' | 'result';
  readonly outcome: string;
  readonly count: number;
  readonly games: number;
  readonly rate: number;
  readonly lo95: number;
  readonly hi95: number;
}

/**
 * Outcome rates per arm: each side's wins and games without a winner (kind "winner"), then each
 * result category (kind "result"); every rate with its Wilson 95% interval (DESIGN §4).
 */
export function outcomeSummary(def: GameDefinition, table: Table, armOrder: readonly string[]): OutcomeRow[] {
  const counts = new Map<string, number>();
  const key = (arm: string, kind: string, outcome: string) => `${arm}\u0000${kind}\u0000${outcome}`;
  for (const kind of ['winner', 'result'] as const) {
    const g = table.groupby('arm', kind).count().objects() as { arm: string; count: number; [k: string]: unknown }[];
    for (const r of g) counts.set(key(r.arm, kind, String(r[kind])), r.count);
  }
  const gamesPerArm = new Map((table.groupby('arm').count().objects() as { arm: string; count: number }[]).map((r) => [r.arm, r.count]));
  const rows: OutcomeRow[] = [];
  for (const arm of armOrder) {
    const games = gamesPerArm.get(arm) ?? 0;
    const outcomes: [OutcomeRow['kind'], string][] = [
      ...def.sides.map((s): [OutcomeRow['kind'], string] => ['winner', s.id]),
      ['winner', 'none'],
      ...def.results.map((r): [OutcomeRow['kind'], string] => ['result', r.id]),
    ];
    for (const [kind, outcome] of outcomes) {
      const count = counts.get(key(arm, kind, outcome)) ?? 0;
      const ci = wilson(count, games);
      rows.push({ arm, kind, outcome, count, games, rate: games === 0 ? 0 : count / games, lo95: ci.low, hi95: ci.high });
    }
  }
  return rows;
}

/** Per-arm distribution of each of the game's statistics: mean, sd, min, quartiles, max. */
export interface StatRow {
  readonly arm: string;
  readonly stat: string;
  readonly mean: number;
  readonly sd: number;
  readonly min: number;
  readonly q25: number;
  readonly median: number;
  readonly q75: number;
  readonly max: number;
}

export function statSummary(def: GameDefinition, table: Table, armOrder: readonly string[]): StatRow[] {
  const names = ['end_turn', ...def.stats.map((s) => s.id)];
  const spec: Record<string, unknown> = {};
  names.forEach((n, i) => {
    spec[`mean${i}`] = aq.op.mean(n);
    spec[`sd${i}`] = aq.op.stdev(n);
    spec[`min${i}`] = aq.op.min(n);
    spec[`q25${i}`] = aq.op.quantile(n, 0.25);
    spec[`med${i}`] = aq.op.median(n);
    spec[`q75${i}`] = aq.op.quantile(n, 0.75);
    spec[`max${i}`] = aq.op.max(n);
  });
  const agg = table.groupby('arm').rollup(spec as Parameters<Table['rollup']>[0]).objects() as Record<string, number | string>[];
  const byArm = new Map(agg.map((r) => [r.arm as string, r]));
  const rows: StatRow[] = [];
  for (const arm of armOrder) {
    const r = byArm.get(arm);
    if (r === undefined) continue;
    names.forEach((stat, i) => {
      const n = (k: string) => Number(r[`${k}${i}`] ?? Number.NaN);
      rows.push({ arm, stat, mean: n('mean'), sd: n('sd'), min: n('min'), q25: n('q25'), median: n('med'), q75: n('q75'), max: n('max') });
    });
  }
  return rows;
}
