/**
 * Exact combat odds for Strike Force One (SFO 9, Table 2), computed by enumerating the game's own
 * combat code (docs/architecture.md "Chance is explicit"): a battle is set up in a position, chosen through the real attack
 * decision, and every outcome of its chance point (the combat die; with Spetsnaz both dice) is
 * applied to a copy of the game, whose result is read. Columns, supports, capping and the CRT
 * lookup are the simulator's, not a second implementation.
 */

import { enumerateChance, GameMatch } from '../../core/driver.js';
import { quote, UserError } from '../../core/errors.js';
import type { GameSetup, OddsProvider, OddsTable, SteppedGame } from '../../core/game.js';
import { oddsInt } from '../../core/odds-options.js';
import type { Battle } from './combat.js';
import { COMBAT_RESULTS, CRT_COLUMNS, type CrtId, columnLabel, crtResult, type Level } from './crt.js';
import type { SfoDecision } from './decisions.js';
import { mapOf } from './map.js';
import { resolveRules } from './resolve.js';
import { initialState } from './setup.js';
import type { SfoState, SfoUnit, SupportKind } from './state.js';
import { sfoWorkspace } from './workspace.js';

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

/** One battle to enumerate: its attackers (Basic: how many 1-offence units; Advanced: total offence), the defence, terrain and support. */
export interface OddsBattle {
  readonly level: Level;
  readonly chartBasic: boolean;
  /** Basic: the number of attacking units (one per neighbouring hex, two per hex beyond six). */
  readonly attackers?: number;
  /** Advanced and Expert: the attackers' total offence (one unit). */
  readonly attack?: number;
  readonly defence: number;
  readonly forest: boolean;
  readonly support: SupportKind | null;
}

/** The defender's hex: clear Esselben (0405) or the fixed forest 0506 (SFO 3.1), each with six neighbours on the map. */
const CLEAR_HEX = '0405';
const FOREST_HEX = '0506';

/**
 * A position in which the Soviets may fight exactly `b`: the combat phase of turn 1, the defender
 * (one US unit of defence `b.defence`) on its hex, the attackers around it, every other unit off the
 * map, the support chit placed. The state is plain data the engine plays like any other.
 */
function oddsPosition(b: OddsBattle): { state: SfoState; setup: GameSetup } {
  const scenario = b.level === 'expert' ? 'expert-standard' : b.level;
  const variants = new Set([b.chartBasic ? 'crt-chart-basic' : 'crt-unified', 'elim-all']);
  const setup: GameSetup = { scenario, variants, params: {} };
  const state = initialState(resolveRules(setup), { masterSeed: 0, gameIndex: 0 });
  const m = mapOf(state);
  const target = m.grid.index(b.forest ? FOREST_HEX : CLEAR_HEX);
  const ring = m.neighbours[target]!;
  const soviet = state.units.find((u) => u.side === 'soviet')!;
  const us = state.units.find((u) => u.side === 'us')!;
  const off = (u: SfoUnit): SfoUnit => ({ ...u, hex: -1, status: 'eliminated' });
  const units: SfoUnit[] = state.units.map(off);
  units[state.units.indexOf(us)] = { ...us, defence: b.defence, hex: target, status: 'map' };
  if (b.level === 'basic') {
    const n = b.attackers ?? 1;
    for (let k = 0; k < n; k++)
      units.push({ ...soviet, id: `odds-${k}`, offence: 1, hex: ring[k % ring.length]!, status: 'map' });
  } else {
    units.push({ ...soviet, id: 'odds-attacker', offence: b.attack ?? 1, hex: ring[0]!, status: 'map' });
  }
  state.units = units;
  state.phase = 'soviet-combat';
  state.seq = 3;
  state.stack = [{ t: 'combat', side: 'soviet' }];
  if (b.support !== null) state.expert = { held: null, placed: { kind: b.support, hex: target } };
  return { state, setup };
}

/**
 * A game standing just after the Soviets chose battle `b` (with every attacker) in the attack
 * decision: next comes its combat die, drawn from stream `combat` of game `seed`, or in explicit
 * mode a chance point. Null when the engine offers no such battle (a difference below 0, SFO 9).
 */
export function battleMatch(
  game: SteppedGame,
  b: OddsBattle,
  explicitChance: boolean,
  seed = 0,
): { match: GameMatch; battle: Battle } | null {
  const { state, setup } = oddsPosition(b);
  state.rng = { seed, game: 0, streams: {} };
  const ws = sfoWorkspace(state);
  ws.explicitChance = explicitChance;
  const match = new GameMatch(game, setup, state, ws);
  const d = match.pending() as SfoDecision | null;
  if (d === null || d.kind !== 'attack') return null;
  let best = -1;
  let most = 0;
  d.options.forEach((o, i) => {
    if (o.type === 'battle' && o.battle.attackers.length > most) {
      best = i;
      most = o.battle.attackers.length;
    }
  });
  const chosen = d.options[best];
  if (chosen === undefined || chosen.type !== 'battle') return null;
  match.apply(best);
  return { match, battle: chosen.battle };
}

/**
 * The exact result distribution of battle `b`, from the game's own code: every outcome of the
 * roll's chance point is applied to a copy of `battleMatch`'s game and the CRT result read, the
 * walk stopping once the result is known.
 */
export function battleOdds(
  game: SteppedGame,
  b: OddsBattle,
): { battle: Battle; p: Map<string, number> } | null {
  const m = battleMatch(game, b, true);
  if (m === null) return null;
  // the walk ends where the CRT result is known: the game would go on to later chance points
  // (SFO 7's random events of the next turn) that do not bear on this battle
  (m.match.state as SfoState).lastResult = null;
  const p = enumerateChance(
    m.match,
    (s) => String((s as SfoState).lastResult),
    (s) => (s as SfoState).lastResult !== null,
  );
  return { battle: m.battle, p };
}

export const sfoOdds = (game: () => SteppedGame): OddsProvider => ({
  description:
    "Strike Force One CRT (SFO 9, Table 2): result probabilities per column, enumerated through the game's own combat code. Without --attack/--attackers the whole table; with them one battle.",
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
    const supports = (['air', 'artillery', 'spetsnaz'] as const).filter((k) => o[k] === true);
    if (supports.length > 1)
      throw new UserError(
        `odds sfo: options --${supports.join(' and --')}: a battle has one support chit (SFO 7.1)`,
      );
    if (supports.length > 0 && level !== 'expert')
      throw new UserError(
        `odds sfo: option --${supports[0]} needs --level expert (support chits are Expert, SFO 7.1)`,
      );
    const support: SupportKind | null = supports[0] ?? null;
    const chartBasic = crtName === 'chart-basic';
    const notes: string[] = [
      "Enumerated through the game's own combat code: every outcome of the combat die (with Spetsnaz, of both dice) applied to a copy of a position in which the battle is fought.",
      level === 'expert'
        ? 'EX at the Expert level: both sides eliminate one unit, the defender retreats the rest (SFO 9).'
        : 'EX is resolved as DR at the Basic and Advanced levels (SFO 9).',
    ];
    if (chartBasic && level === 'basic')
      notes.push(
        'Rows 1-2 of the chart-sheet table are reconstructed (OCR lost them); rows 3-6 are printed.',
      );
    if (chartBasic && level !== 'basic')
      notes.push('The chart-sheet table applies to Basic only: Table 2 is used.');
    if (support === 'spetsnaz') notes.push('Spetsnaz: the lower of two dice (SFO 7.1).');
    const attackers = oddsInt('sfo', o, 'attackers', 1, 12);
    const attack = oddsInt('sfo', o, 'attack', 0, 30);
    const defence = oddsInt('sfo', o, 'defence', 0, 30) ?? 1;
    const forest = o.forest === true;
    let battles: OddsBattle[];
    let title = `Strike Force One CRT, ${level}, ${level === 'basic' && chartBasic ? 'chart-sheet table' : 'Table 2 (unified)'}`;
    if (level === 'basic' && attackers !== undefined) {
      battles = [{ level, chartBasic, attackers, defence, forest, support }];
      title += `, ${attackers} attacker(s)`;
    } else if (level !== 'basic' && attack !== undefined) {
      battles = [{ level, chartBasic, attack, defence, forest, support }];
      title += `, offence ${attack} vs defence ${defence}${forest ? ' (forest +1)' : ''}${support === null ? '' : ` with ${support} support`}`;
    } else {
      // the whole table: column c from c + 1 attacking units (Basic) or a strength difference of c;
      // Air and Artillery only move a battle to another column, Spetsnaz changes the die
      const dice = support === 'spetsnaz' ? support : null;
      if (support !== null && dice === null)
        notes.push(
          `--${support} adds offence, which moves a battle to another column: give --attack to see one battle.`,
        );
      battles = Array.from({ length: CRT_COLUMNS }, (_, c) =>
        level === 'basic'
          ? { level, chartBasic, attackers: c + 1, defence: 1, forest: false, support: dice }
          : { level, chartBasic, attack: c + 1, defence: 1, forest: false, support: dice },
      );
    }
    const g = game();
    const out = battles.map((b) => {
      const r = battleOdds(g, b);
      if (r === null) {
        const bonus = b.support === 'air' ? 2 : b.support === 'artillery' ? 1 : 0;
        const total = (b.attack ?? 0) + bonus;
        const d = b.defence + (b.forest ? 1 : 0);
        throw new UserError(
          `odds sfo: strength difference ${total} - ${d} = ${total - d} is below 0: no attack is possible (SFO 9)`,
        );
      }
      if (b.level !== 'basic' && r.battle.difference > CRT_COLUMNS - 1)
        notes.push(
          `Difference +${r.battle.difference} is beyond the last column: the +${CRT_COLUMNS - 1} column is used (SFO 9, crt.ts).`,
        );
      return r;
    });
    const table: OddsTable = {
      title,
      rule: 'SFO 9, Table 2',
      columns: out.map((r) => columnLabel(level as Level, r.battle.column)),
      rows: COMBAT_RESULTS.map((res) => ({ outcome: res, p: out.map((r) => r.p.get(res) ?? 0) })),
      notes,
    };
    return [table];
  },
});
