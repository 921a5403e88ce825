/**
 * The record of a finished SFO game (SFO 10): the result and level, and every statistic declared
 * once here — the column, the counter the rules keep in the state, and the value recorded.
 */
import type { GameRecord } from '../../core/game.js';
import { defineStats } from '../../core/game-stats.js';
import type { SfoState } from './state.js';
import { outcome, sovietTownFlags } from './victory.js';

/** What the final statistics share, computed once per record. */
interface End {
  readonly towns: readonly number[];
  readonly outcome: ReturnType<typeof outcome>;
}

const town = (k: number) => (_: SfoState, e: End) => e.towns[k]!;

const eventStat = (side: 'soviet' | 'us', what: string) =>
  ({
    kind: 'int',
    description: `Expert: ${side === 'soviet' ? 'Soviet' : 'US'} random events taking effect that were ${what} (SFO 7.1).`,
  }) as const;

export const SFO_STATS = defineStats<SfoState, End>((s) => ({
  towns: sovietTownFlags(s),
  outcome: outcome(s),
}))({
  soviet_towns_end: {
    kind: 'int',
    description: 'Towns occupied by Soviet units at the end (SFO 10).',
    final: (_, e) => e.towns[0]! + e.towns[1]! + e.towns[2]!,
  },
  soviet_units_lost: { kind: 'int', description: 'Soviet eliminations, including units later replaced.' },
  us_units_lost: { kind: 'int', description: 'US and West German units eliminated.' },
  battles: { kind: 'int', description: 'Battles fought by both sides.' },
  res_ae: { kind: 'int', description: 'Battles with result AE.' },
  res_ar: { kind: 'int', description: 'Battles with result AR.' },
  res_ne: { kind: 'int', description: 'Battles with result NE.' },
  res_dr: { kind: 'int', description: 'Battles with result DR.' },
  res_de: { kind: 'int', description: 'Battles with result DE.' },
  res_ex: { kind: 'int', description: 'Battles with result EX (treated as DR, SFO 9).' },
  soviet_replacements: { kind: 'int', description: 'Soviet units replaced (Advanced, SFO 7; 0-2).' },
  v_arrival_turn: {
    kind: 'int',
    description: 'Turn the West German V arrived (Advanced, SFO 7); 0 = never.',
  },
  esselben_held: { kind: 'int', description: 'Soviets occupy Esselben (0405) at the end.', final: town(0) },
  ganheim_held: { kind: 'int', description: 'Soviets occupy Ganheim (0107) at the end.', final: town(1) },
  town3_held: {
    kind: 'int',
    description: 'Soviets occupy the third town (0303, reconstructed) at the end.',
    final: town(2),
  },
  vp_soviet: {
    kind: 'int',
    description: 'Expert: Soviet victory points at the end (SFO 10, Table 3); 0 at Basic/Advanced.',
    final: (_, e) => e.outcome.vp.soviet,
  },
  vp_us: {
    kind: 'int',
    description: 'Expert: US victory points at the end (SFO 10, Table 3); 0 at Basic/Advanced.',
    final: (_, e) => e.outcome.vp.us,
  },
  us_replacements: { kind: 'int', description: 'Expert: US units replaced by Replacement events (SFO 7.1).' },
  ev_soviet_planned: eventStat(
    'soviet',
    'As planned (including spent reinforcements and replacements with nothing to replace)',
  ),
  ev_soviet_air: eventStat('soviet', 'Air support'),
  ev_soviet_artillery: eventStat('soviet', 'Artillery support'),
  ev_soviet_spetsnaz: eventStat('soviet', 'Spetsnaz'),
  ev_soviet_friction: eventStat('soviet', 'Enemy SNAFU'),
  ev_soviet_replacement: eventStat('soviet', 'Replacement'),
  ev_soviet_reinforce: eventStat('soviet', 'a one-time Reinforcement'),
  ev_us_planned: eventStat(
    'us',
    'As planned (including spent reinforcements and replacements with nothing to replace)',
  ),
  ev_us_air: eventStat('us', 'Air support'),
  ev_us_artillery: eventStat('us', 'Artillery support'),
  ev_us_friction: eventStat('us', 'Command problems'),
  ev_us_replacement: eventStat('us', 'Replacement'),
  ev_us_reinforce: eventStat('us', 'a one-time Reinforcement'),
  supported_battles: {
    kind: 'int',
    description: 'Expert: battles fought with an Air, Artillery or Spetsnaz chit (SFO 7.1).',
  },
  breakthroughs: { kind: 'int', description: 'Expert optional Armour in the open: breakthroughs (SFO 9.2).' },
  exploitations: {
    kind: 'int',
    description: 'Expert optional Armour in the open: tanks advancing a second hex (SFO 9.3).',
  },
  infiltrations: {
    kind: 'int',
    description: 'Expert optional Armour in the open: tank infiltration moves (SFO 8.3).',
  },
  soviet_armour_lost: { kind: 'int', description: 'Expert: Soviet tank eliminations.' },
  us_armour_lost: { kind: 'int', description: 'Expert: US armour eliminations.' },
});

/** The counters an SFO state keeps during play. */
export type SfoCounters = ReturnType<typeof SFO_STATS.zero>;

/** GameDefinition.record: the flat record of a finished game (SFO 10). */
export function record(state: SfoState): GameRecord {
  const { result, level } = outcome(state);
  return {
    cells: state.fought,
    result,
    endTurn: state.turn,
    endReason: 'turn-limit',
    victoryLevel: level,
    stats: SFO_STATS.record(state, state.stats),
  };
}
