/** Closer than this to 0 or 1 is rounding error of an exact 0 or 1 (no run has 10^12 games). */
export const EXACT = 1e-12;

/**
 * A probability or share (0..1) as a percentage with `decimals` decimals, without the % sign, that
 * never claims more than it shows: a value above 0 that would round to 0 prints as "<0.1" (for one
 * decimal; "<0.01" for two, "<1" for none) and one below 1 that would round to 100 as ">99.9".
 * Exactly 0 and 1 print as "0.0" and "100.0", and so do values within EXACT of them (floating-point
 * sums of exact probabilities: six 1/6 add to 0.9999999999999999). Every percentage a person reads
 * goes through here.
 */
export function percent(x: number, decimals = 1): string {
  if (Math.abs(x) < EXACT || Math.abs(1 - x) < EXACT) return (100 * Math.round(x)).toFixed(decimals);
  const shown = (100 * x).toFixed(decimals);
  const step = 10 ** -decimals;
  if (x > 0 && Number(shown) === 0) return `<${step.toFixed(decimals)}`;
  if (x < 1 && Number(shown) === 100) return `>${(100 - step).toFixed(decimals)}`;
  return shown;
}

/**
 * An interval bound as a percentage: an exact 0 or 1 (within EXACT: Wilson's lower bound for no
 * successes is 4e-19, not 0) prints as "0" or "100", without decimals, as no rounding is involved;
 * any other bound as percent prints it.
 */
export function percentBound(x: number, decimals = 1): string {
  if (Math.abs(x) < EXACT) return '0';
  if (Math.abs(1 - x) < EXACT) return '100';
  return percent(x, decimals);
}
