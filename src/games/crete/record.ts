/**
 * The record of a finished Crete game (K3): result and level under the victory reading, and every
 * statistic (docs/games/crete.md "Statistics") declared once here: a counter the rules keep in the state, or `final`.
 * The heatmap marks the squares German-occupied at the end.
 */
import type { GameRecord } from '../../core/game.js';
import { defineStats } from '../../core/game-stats.js';
import { creteData } from './data.js';
import type { CreteState } from './state.js';
import { type Outcome, outcome } from './victory.js';

const c = (description: string) => ({ kind: 'int', description }) as const;
const openTurn = (k: number, name: string) =>
  ({
    kind: 'int',
    missing: -1,
    unit: 'turn',
    description: `First turn that ended with no British unit on the ${name} airfield (K17; null if never).`,
    final: (s: CreteState) => (s.airfieldOpen[k]! > 0 ? s.airfieldOpen[k]! : -1),
  }) as const;

/** Set at each turn end by turn-sequence.ts (airfields()): the first turn an airfield ended German-held. */
const germanTurn = (name: string) =>
  ({
    kind: 'int',
    missing: -1,
    unit: 'turn',
    description: `First turn that ended with a German ground unit on the ${name} airfield (the turn it fell; null if never).`,
  }) as const;

export const CRETE_STATS = defineStats<CreteState, Outcome>(outcome)({
  german_points: {
    kind: 'int',
    description: 'German points at the end (K3).',
    final: (_, o) => o.score.german,
  },
  british_points: {
    kind: 'int',
    description: 'British points at the end (K3).',
    final: (_, o) => o.score.british,
  },
  german_points_kills: {
    kind: 'int',
    description: 'German points from Allied CF destroyed (K3: 1 per CF).',
    final: (s) => s.points.german * creteData.victoryPoints.perCf,
  },
  german_points_suda: {
    kind: 'int',
    description: 'German points from Suda Bay held at the end (K3: 10).',
    final: (_, o) => o.score.sudaGerman * creteData.victoryPoints.suda,
  },
  german_points_airfields: {
    kind: 'int',
    description: 'German points from airfields held at the end (K3: 5 each).',
    final: (_, o) => o.score.airfieldsGerman * creteData.victoryPoints.perAirfield,
  },
  british_points_kills: {
    kind: 'int',
    description:
      'British points from German CF destroyed (K3: 1 per CF; drowned paras only under drowned-scores).',
    final: (s) => s.points.british * creteData.victoryPoints.perCf,
  },
  british_points_suda: {
    kind: 'int',
    description: 'British points from Suda Bay held at the end (K3: 10).',
    final: (_, o) => o.score.sudaBritish * creteData.victoryPoints.suda,
  },
  british_points_airfields: {
    kind: 'int',
    description: 'British points from airfields held at the end (K3: 5 each).',
    final: (_, o) => o.score.airfieldsBritish * creteData.victoryPoints.perAirfield,
  },
  point_margin: {
    kind: 'int',
    description: 'German minus British points.',
    final: (_, o) => o.score.german - o.score.british,
  },
  german_cf_lost: c('German ground CF destroyed (drowned paras included).'),
  german_para_cf_lost: c('German para CF destroyed.'),
  german_mtn_cf_lost: c('German mountain CF destroyed.'),
  british_cf_lost: c('Allied CF destroyed (German points from kills, K3).'),
  para_units_eliminated: c(
    'Para battalions eliminated, drowned included (the errata threshold input, V-VIC).',
  ),
  errata_downgraded: {
    kind: 'int',
    description: '1 if the errata para-loss rule lowered a German win (victory-errata).',
    final: (_, o) => (o.downgraded && o.score.german > o.score.british ? 1 : 0),
  },
  paras_dropped_t1: c('Para battalions dropped on turn 1 (K6.1).'),
  paras_dropped_later: c('Para battalions dropped on turns 2-10 (K7 Step 1).'),
  paras_t1_suda: c('Turn-1 drops on Suda Bay.'),
  paras_t1_retimo: c('Turn-1 drops on Retimo.'),
  paras_t1_heraklion: c('Turn-1 drops on Heraklion.'),
  paras_dropped_suda: c('Para battalions dropped on Suda Bay, all turns (K15).'),
  paras_dropped_retimo: c('Para battalions dropped on Retimo, all turns.'),
  paras_dropped_heraklion: c('Para battalions dropped on Heraklion, all turns.'),
  paras_scattered: c('Paras that failed the scatter test (K15.3).'),
  paras_drowned: c('Paras scattered into the sea or off the board and lost (V-SEA).'),
  paras_scattered_onto_enemy: c('Paras scattered onto a British square (K15.5).'),
  scatter_attacks_won: c('Forced scatter attacks after which the paras hold the square.'),
  mountain_landed: c('Mountain battalions air-landed (K17).'),
  first_mountain_turn: {
    kind: 'int',
    missing: -1,
    description: 'Turn of the first mountain landing (null if never).',
  },
  airfield_open_turn_maleme: openTurn(0, 'Maleme'),
  airfield_open_turn_retimo: openTurn(1, 'Retimo'),
  airfield_open_turn_heraklion: openTurn(2, 'Heraklion'),
  airfield_german_turn_maleme: germanTurn('Maleme'),
  airfield_german_turn_retimo: germanTurn('Retimo'),
  airfield_german_turn_heraklion: germanTurn('Heraklion'),
  airfields_german_end: {
    kind: 'int',
    description: 'Airfields German-occupied at the end (0-3).',
    final: (_, o) => o.score.airfieldsGerman,
  },
  airfields_british_end: {
    kind: 'int',
    description: 'Airfields British-occupied at the end (0-3).',
    final: (_, o) => o.score.airfieldsBritish,
  },
  suda_german_end: {
    kind: 'int',
    description: 'German unit on Suda Bay at the end (0/1).',
    final: (_, o) => o.score.sudaGerman,
  },
  suda_british_end: {
    kind: 'int',
    description: 'British unit on Suda Bay at the end (0/1).',
    final: (_, o) => o.score.sudaBritish,
  },
  battles_all_out: c('Battles on the all-out table (counter-attacks and scatter attacks included).'),
  battles_limited: c('Battles on the limited table.'),
  res_ae: c('Battles with result AE.'),
  res_ar: c('Battles with result AR.'),
  res_ne: c('Battles with result NE.'),
  res_ca: c('Battles with result CA.'),
  res_ex: c('Battles with result EX.'),
  res_dr: c('Battles with result DR.'),
  res_de: c('Battles with result DE.'),
  battles_german: c(
    'Battles the German chose to fight (K10.1; counter-attacks and scatter attacks not counted).',
  ),
  battles_british: c('Battles the British chose to fight (K10.1; counter-attacks not counted).'),
  counterattacks: c('Counter-attacks fought after a CA (K10.13).'),
  counterattacks_british: c('Counter-attacks fought by the British after a CA in a German attack (K10.13).'),
  counterattacks_german: c('Counter-attacks fought by the German after a CA in a British attack (K10.13).'),
  ca_destroyed: c('Counter-attacks that ended in AE or EX for the counter-attacker.'),
  retreat_destroyed: c('Units destroyed for want of a legal retreat square (K10.13, K10.14).'),
  luftwaffe_cf_used: c('Luftwaffe CF committed to attacks (K16).'),
  board_transits_german: c('German units crossing to another board (K14).'),
  board_transits_british: c('British units crossing to another board (K14).'),
  british_cf_suda_setup: c('Allied CF set up on Suda Bay (K6.2).'),
  british_cf_retimo_setup: c('Allied CF set up on Retimo.'),
  british_cf_heraklion_setup: c('Allied CF set up on Heraklion.'),
});

export type CreteCounters = ReturnType<typeof CRETE_STATS.zero>;

/** GameDefinition.record. */
export function record(s: CreteState): GameRecord {
  const o = outcome(s);
  const cells: number[] = [];
  for (const u of s.units)
    if (u.side === 'german' && u.kind !== 'air' && u.loc >= 0 && !cells.includes(u.loc)) cells.push(u.loc);
  cells.sort((a, b) => a - b);
  return {
    result: o.result,
    endTurn: s.turn,
    endReason: 'turn-limit',
    victoryLevel: o.level,
    stats: CRETE_STATS.record(s, s.stats),
    cells,
  };
}
