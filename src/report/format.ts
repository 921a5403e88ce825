import type { GameDefinition } from '../core/game.js';
import { percent, percentBound } from '../core/percent.js';

/** A rate as a percentage with one decimal, e.g. 0.1234 -> "12.3", 0.0002 -> "<0.1" (see percent). */
export function pct(x: number): string {
  return percent(x, 1);
}

/** A rate as a CSS percentage (a length, not text): 0.1234 -> "12.3". */
export function cssPct(x: number): string {
  return (100 * x).toFixed(1);
}

/**
 * "12.3% [11.8, 13.1]": a rate with its 95% interval, never a bare percentage; an exact 0 or 1
 * bound prints as 0 or 100 ("0.0% [0, 0.8]").
 */
export function rateWithCi(rate: number, lo: number, hi: number): string {
  return `${pct(rate)}% [${percentBound(lo)}, ${percentBound(hi)}]`;
}

/** 10000 -> "10,000". */
export function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** A rate difference in percentage points with one decimal: 0.031 -> "3.1". */
export function points(x: number): string {
  return (100 * x).toFixed(1);
}

/** A parameter value short enough for a sentence: long lists become their length. */
export function shortValue(v: unknown): string {
  return Array.isArray(v) && v.length > 6 ? `[${v.length} values]` : JSON.stringify(v);
}

/** A side's name without its parenthesis: "US (with West German allies)" -> "US". */
export function sideName(def: GameDefinition, side: string): string {
  return (def.sides.find((s) => s.id === side)?.name ?? side).replace(/ \(.*\)$/, '');
}
