/**
 * Exact combat odds for Strike Force One (SFO 9, Table 2), from the same CRT cells the simulator
 * reads (crt.ts): per column, the probability of each result given the die procedure.
 */
import { quote, UserError } from '../../core/errors.js';
import type { OddsProvider, OddsTable } from '../../core/game.js';
import {
  COMBAT_RESULTS,
  CRT_COLUMNS,
  type CrtId,
  columnLabel,
  crtColumn,
  crtFor,
  crtResult,
  type Level,
} from './crt.js';

/**
 * P(die = k) for k = 1..6 of the combat die: one fair die, or with Spetsnaz (SFO 7.1, Expert) the
 * lower of two dice, P(k) = (13 - 2k) / 36.
 */
export function combatDieDistribution(spetsnaz: boolean): number[] {
  return [1, 2, 3, 4, 5, 6].map((k) => (spetsnaz ? (13 - 2 * k) / 36 : 1 / 6));
}

/** Exact result probabilities of one CRT column under a die distribution. */
export function columnOdds(crt: CrtId, column: number, die: readonly number[]): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries(COMBAT_RESULTS.map((r) => [r, 0]));
  for (let k = 1; k <= 6; k++) out[crtResult(crt, column, k)]! += die[k - 1]!;
  return out;
}

function intOption(
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
      `odds sfo: option --${name} must be a whole number in ${min}..${max}, got ${quote(v)}`,
    );
  return n;
}

export const sfoOdds: OddsProvider = {
  description:
    'Strike Force One CRT (SFO 9, Table 2): result probabilities per column. Without --attack/--attackers the whole table; with them one battle.',
  options: [
    {
      name: 'level',
      description: 'basic | advanced | expert (default advanced; expert reads columns as advanced)',
    },
    { name: 'crt', description: 'unified (default) | chart-basic (the chart sheet table, Basic only)' },
    { name: 'attackers', description: 'Basic: number of attacking units (the column)' },
    { name: 'attack', description: 'Advanced: total offence of the attackers' },
    { name: 'defence', description: 'Advanced: total defence of the defenders (default 1)' },
    { name: 'forest', flag: true, description: 'defender in forest: +1 defence per hex (Advanced)' },
    { name: 'air', flag: true, description: 'Expert air support: +2 offence' },
    { name: 'artillery', flag: true, description: 'Expert artillery support: +1 offence' },
    { name: 'spetsnaz', flag: true, description: 'Expert Spetsnaz: roll two dice, use the lower' },
  ],
  compute(o) {
    const level = (o.level ?? 'advanced') as string;
    if (level !== 'basic' && level !== 'advanced' && level !== 'expert')
      throw new UserError(`odds sfo: option --level must be basic, advanced or expert, got ${quote(level)}`);
    const crtName = (o.crt ?? 'unified') as string;
    if (crtName !== 'unified' && crtName !== 'chart-basic')
      throw new UserError(`odds sfo: option --crt must be unified or chart-basic, got ${quote(crtName)}`);
    const crt = crtFor(level as Level, crtName === 'chart-basic');
    const die = combatDieDistribution(o.spetsnaz === true);
    const notes: string[] = [
      level === 'expert'
        ? 'EX at the Expert level: both sides eliminate one unit, the defender retreats the rest (SFO 9).'
        : 'EX is resolved as DR at the Basic and Advanced levels (SFO 9).',
    ];
    if (crtName === 'chart-basic' && level === 'basic')
      notes.push(
        'Rows 1-2 of the chart-sheet table are reconstructed (OCR lost them); rows 3-6 are printed.',
      );
    if (crtName === 'chart-basic' && level !== 'basic')
      notes.push('The chart-sheet table applies to Basic only: Table 2 is used.');
    if (o.spetsnaz === true) notes.push('Spetsnaz: the lower of two dice, P(k) = (13 - 2k)/36 (SFO 7.1).');
    let columns = Array.from({ length: CRT_COLUMNS }, (_, c) => c);
    let title = `Strike Force One CRT, ${level}, ${crt === 'unified' ? 'Table 2 (unified)' : 'chart-sheet table'}`;
    const attackers = intOption(o, 'attackers', 1, 12);
    const attack = intOption(o, 'attack', 0, 30);
    if (level === 'basic' && attackers !== undefined) {
      columns = [crtColumn('basic', attackers, 0)];
      title += `, ${attackers} attacker(s)`;
    } else if (level !== 'basic' && attack !== undefined) {
      const support = (o.air === true ? 2 : 0) + (o.artillery === true ? 1 : 0);
      const defence = (intOption(o, 'defence', 0, 30) ?? 1) + (o.forest === true ? 1 : 0);
      const diff = attack + support - defence;
      const col = crtColumn('advanced', 0, diff);
      if (col < 0)
        throw new UserError(
          `odds sfo: strength difference ${attack + support} - ${defence} = ${diff} is below 0: no attack is possible (SFO 9)`,
        );
      columns = [col];
      title += `, offence ${attack}${support > 0 ? ` + ${support} support` : ''} vs defence ${defence}${o.forest === true ? ' (forest +1)' : ''}`;
      if (diff > 5)
        notes.push(`Difference +${diff} above +5: the +5 column is used (assumption; the rules stop at +5).`);
    }
    const odds = columns.map((c) => columnOdds(crt, c, die));
    const table: OddsTable = {
      title,
      rule: 'SFO 9, Table 2',
      columns: columns.map((c) => columnLabel(level as Level, c)),
      rows: COMBAT_RESULTS.map((r) => ({ outcome: r, p: odds.map((x) => x[r]!) })),
      notes,
    };
    return [table];
  },
};
