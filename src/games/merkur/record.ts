/**
 * The record of a finished Merkur game (10.0) and every statistic of docs/games/merkur.md "Statistics", declared once here:
 * the column, the counter the rules keep in the state, and the value recorded.
 */
import type { GameRecord } from '../../core/game.js';
import { defineStats } from '../../core/game-stats.js';
import { MAP } from './map.js';
import type { MerkurState } from './state.js';
import { occupancy } from './units.js';
import { cwObjectiveFlags, outcome } from './victory.js';

interface End {
  readonly flags: readonly number[];
}

const OBJ_NAMES = [
  'maleme',
  'platanias',
  'prison',
  'galatas',
  'canee',
  'souda',
  'rethymnon',
  'rethymnon_af',
  'heraklion',
  'heraklion_af',
] as const;

const obj = (k: number) => (_: MerkurState, e: End) => e.flags[k]!;
const c = (description: string) => ({ kind: 'int', description }) as const;
const turnStat = (description: string, f: (s: MerkurState) => number) =>
  ({ kind: 'int', description, missing: -1, unit: 'turn', final: (s: MerkurState) => f(s) }) as const;

export const MERKUR_STATS = defineStats<MerkurState, End>((s) => ({ flags: cwObjectiveFlags(s) }))({
  cw_objectives_end: {
    kind: 'int',
    description: 'Objectives the CW holds at the end (10.0; contested ones by V-CONTESTED).',
    final: (_, e) => e.flags.reduce((a, b) => a + b, 0),
  },
  obj_maleme_cw_end: {
    kind: 'int',
    description: 'CW holds Maleme airfield / Hill 107 (2) at the end.',
    final: obj(0),
  },
  obj_platanias_cw_end: { kind: 'int', description: 'CW holds Platanias (4) at the end.', final: obj(1) },
  obj_prison_cw_end: {
    kind: 'int',
    description: 'CW holds Vallée de la Prison (7) at the end.',
    final: obj(2),
  },
  obj_galatas_cw_end: { kind: 'int', description: 'CW holds Galatas (9) at the end.', final: obj(3) },
  obj_canee_cw_end: { kind: 'int', description: 'CW holds La Canée (11) at the end.', final: obj(4) },
  obj_souda_cw_end: { kind: 'int', description: 'CW holds Souda (14) at the end.', final: obj(5) },
  obj_rethymnon_cw_end: { kind: 'int', description: 'CW holds Rethymnon (22) at the end.', final: obj(6) },
  obj_rethymnon_af_cw_end: {
    kind: 'int',
    description: 'CW holds Rethymnon airfield (26) at the end.',
    final: obj(7),
  },
  obj_heraklion_cw_end: { kind: 'int', description: 'CW holds Heraklion (32) at the end.', final: obj(8) },
  obj_heraklion_af_cw_end: {
    kind: 'int',
    description: 'CW holds Heraklion airfield (35) at the end.',
    final: obj(9),
  },
  cw_objectives_t6: c('CW-held objectives at the end of turn 6.'),
  cw_objectives_t12: c('CW-held objectives at the end of turn 12.'),
  cw_objectives_t18: c('CW-held objectives at the end of turn 18.'),
  german_airfields_t3: c('Airfields German-controlled and uncontested at the end of turn 3.'),
  german_airfields_t6: c(
    'Airfields German-controlled and uncontested at the end of turn 6 (Chiavini anchor).',
  ),
  german_2airfields_t6: c(
    '1 when the German holds 2 or more airfields at the end of turn 6, else 0 (docs/games/merkur.md, calibration: the Chiavini anchor, a share < 0.5 in solitaire).',
  ),
  german_airfields_t12: c('Airfields German-controlled and uncontested at the end of turn 12.'),
  german_airfields_t24: c('Airfields German-controlled and uncontested at the end of turn 24.'),
  airfield_first_turn_maleme: turnStat(
    'First turn Maleme airfield ended German-controlled; null if never.',
    (s) => s.airfieldFirst[0]!,
  ),
  airfield_first_turn_rethymnon: turnStat(
    'First turn Rethymnon airfield ended German-controlled; null if never.',
    (s) => s.airfieldFirst[1]!,
  ),
  airfield_first_turn_heraklion: turnStat(
    'First turn Heraklion airfield ended German-controlled; null if never.',
    (s) => s.airfieldFirst[2]!,
  ),
  first_airlanding_turn: turnStat(
    'Turn of the first air-landing (5.3); null if never.',
    (s) => s.firstAirLanding,
  ),
  landing_tests: c('Landing tests made (5.2).'),
  landing_reduced: c('Units reduced by the landing test (5.2).'),
  glider_reduced: c('Glider units reduced by the landing test (5.2).'),
  paras_dispersed: c('Paras dispersed on landing (3.2).'),
  landing_combats: c('Combats on landing (5.2).'),
  landing_combats_won: c('Combats on landing won by the paras (band 4-5).'),
  undispersed_by_initiative: c('Dispersed para zones re-activated with the initiative (3.1).'),
  air_landed_units: c('Units air-landed (5.3), on airfields or not.'),
  nonfield_landings: c('Non-field air-landings in plaine zones (5.3 b).'),
  nonfield_reduced: c('Non-field air-landings reduced by the landing test.'),
  b1_fate: {
    kind: 'int',
    description: 'Convoy B1 (5.4): 0 passed, 1 intercepted, 2 destroyed, 3 not yet decided.',
    final: (s) => s.b1.fate,
  },
  b1_delays: c('Royal Navy tests that delayed B1 (5.4).'),
  b1_units_landed: c('B1 units debarked (5.4).'),
  b1_landing_turn: turnStat('Turn B1 debarked; null if never.', (s) => (s.b1.landed ? s.b1.landTurn : -1)),
  cw_move_activations_t1_5: {
    kind: 'float',
    description: 'Mean CW movement activations rolled in turns 1-5 (4.0, 4.1).',
    final: (s: MerkurState): number => s.cwMovesT15 / 5,
  },
  cw_conc_bonus_turns: c('Turns 1-5 with a 4.1 concentration bonus.'),
  initiative_uses_german: c('Initiative uses by the German (3.1).'),
  initiative_uses_cw: c('Initiative uses by the CW (3.1).'),
  assaults: c('Assaults, combat on landing included (7.0).'),
  fires: c('Fire combats into adjacent zones (7.0).'),
  bombardments_art: c('Artillery bombardments (8.0).'),
  bombardments_air: c('Air bombardments (8.0).'),
  bombardments_pre: c('Pre-invasion bombardments (8.4).'),
  band1: c('Combats with result band 1 (7.4).'),
  band2: c('Combats with result band 2.'),
  band3: c('Combats with result band 3.'),
  band4: c('Combats with result band 4.'),
  band5: c('Combats with result band 5.'),
  collateral_hits: c('Bombardments that halved a unit of the firer (8.0).'),
  aa_hits: c('Air units halved by AA (8.0).'),
  air_units_lost: c('Air units eliminated.'),
  german_units_eliminated: c('German units eliminated.'),
  german_steps_lost: c('German steps lost.'),
  cw_units_eliminated: c('CW units eliminated.'),
  cw_steps_lost: c('CW steps lost.'),
  para_units_eliminated: c('Para units eliminated (9.0).'),
  paras_regrouped: c('Paras regrouped (9.0).'),
  paras_retired: c('Paras retired for good (9.0).'),
  em_destroyed_german: c('German EMs destroyed (2.4).'),
  em_destroyed_cw: c('CW EMs destroyed (2.4).'),
  forts_destroyed: c('Forts destroyed (3.2).'),
  forts_sacrificed: c('Forts sacrificed to absorb a loss (3.2).'),
  maori_attacks: c('Maori night attacks (11.0).'),
  maori_wins: c('Maori night attacks with band 4-5.'),
  preinvasion_hits: c('Pre-invasion bombardments that hit (8.4).'),
  cw_units_unplaced_solo: c('Solitaire: CW units the placement could not place (V-SOLOOVERFLOW).'),
});

export type MerkurCounters = ReturnType<typeof MERKUR_STATS.zero>;

export const OBJECTIVE_STAT_NAMES = OBJ_NAMES;

/** GameDefinition.record (10.0); cells: zones German-controlled at the end. */
export function record(s: MerkurState): GameRecord {
  const flags = cwObjectiveFlags(s);
  const { result, level } = outcome(flags.reduce((a, b) => a + b, 0));
  const cells: number[] = [];
  const occ = occupancy(s);
  for (let z = 0; z < MAP.count; z++) if (occ.g[z]! > 0 && occ.c[z]! === 0) cells.push(z);
  return {
    result,
    endTurn: s.turn,
    endReason: 'turn-limit',
    victoryLevel: level,
    stats: MERKUR_STATS.record(s, s.stats),
    cells,
  };
}
