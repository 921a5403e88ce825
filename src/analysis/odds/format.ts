import type { OddsTable } from '../../core/game.js';
import { percent } from '../../core/percent.js';

/** An odds table as aligned text: probabilities in percent with two decimals ("<0.01%" when smaller). */
export function formatOddsTable(t: OddsTable): string {
  const head = ['outcome', ...t.columns];
  const body = t.rows.map((r) => [r.outcome, ...r.p.map((p) => `${percent(p, 2)}%`)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const out = [
    `${t.title} (${t.rule})`,
    line(head),
    line(widths.map((w) => '-'.repeat(w))),
    ...body.map(line),
  ];
  for (const n of t.notes) out.push(`  ${n}`);
  return out.join('\n');
}

/** The column sums of a table (each is 1 for a complete distribution). */
export function columnTotals(t: OddsTable): number[] {
  return t.columns.map((_, c) => t.rows.reduce((s, r) => s + r.p[c]!, 0));
}
