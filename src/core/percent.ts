/**
 * A probability or share (0..1) as a percentage with `decimals` decimals, without the % sign, that
 * never claims more than it shows: a value above 0 that would round to 0 prints as "<0.1" (for one
 * decimal; "<0.01" for two, "<1" for none) and one below 1 that would round to 100 as ">99.9".
 * Exactly 0 and 1 print as "0.0" and "100.0". Every percentage a person reads goes through here.
 */
export function percent(x: number, decimals = 1): string {
  const shown = (100 * x).toFixed(decimals);
  const step = 10 ** -decimals;
  if (x > 0 && Number(shown) === 0) return `<${step.toFixed(decimals)}`;
  if (x < 1 && Number(shown) === 100) return `>${(100 - step).toFixed(decimals)}`;
  return shown;
}
