/**
 * Reading a game's odds calculator options (OddsProvider.compute): the one check every game's
 * numeric options share, so `sandtable odds <game>` refuses a bad number with the same line.
 */
import { quote, UserError } from './errors.js';

/** Option `name` as a whole number in min..max; undefined when absent; UserError otherwise. */
export function oddsInt(
  game: string,
  o: Readonly<Record<string, string | true>>,
  name: string,
  min: number,
  max: number,
): number | undefined {
  const v = o[name];
  if (v === undefined) return undefined;
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UserError(
      `odds ${game}: option --${name} must be a whole number in ${min}..${max}, got ${quote(v)}`,
    );
  return n;
}
