/** CSV text as the run's files hold it. */

/** One CSV cell: integers as they are, other numbers with six decimals, text quoted when it must be. */
export function csvCell(v: unknown): string {
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toFixed(6);
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** CSV text with a header row; numbers that are not integers get six decimals. */
export function toCsv(rows: readonly object[], columns?: readonly string[]): string {
  if (rows.length === 0) return columns === undefined ? '' : `${columns.join(',')}\n`;
  const cols = columns ?? Object.keys(rows[0]!);
  const lines = [cols.join(',')];
  for (const r of rows) lines.push(cols.map((c) => csvCell((r as Record<string, unknown>)[c])).join(','));
  return `${lines.join('\n')}\n`;
}
