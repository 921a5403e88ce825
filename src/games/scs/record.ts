/** The flat record of one SCS game (docs/architecture.md "Records"). */
import type { GameRecord, ResultDef, StatDef } from '../../core/game.js';
import { sovietHexes } from './board.js';
import type { ScsState } from './state.js';
import { fortifiedTaken, westOf13 } from './victory.js';

export const results: readonly ResultDef[] = [
  {
    id: 'soviet-win',
    winner: 'soviet',
    description: 'SCS 4.5: 4+ fortified localities and 3+ hexes in/west of column 13 at the end of turn 6',
  },
  { id: 'sudden-death', winner: 'soviet', description: 'SCS 4.8: the German force pool was found empty' },
  {
    id: 'draw',
    winner: null,
    description: 'SCS 4.6: 3 fortified localities and 2+ hexes in/west of column 13 (the historical outcome)',
  },
  {
    id: 'german-win',
    winner: 'german',
    description: 'SCS 4.7: neither a Soviet win nor a draw at the end of turn 6',
  },
  {
    id: 'turn1-loss',
    winner: 'german',
    description: 'SCS 4.2: a German hex next to Moscow or Tula at the end of turn 1',
  },
  {
    id: 'turn3-loss',
    winner: 'german',
    description: 'SCS 4.3: fewer than 18 of the 34 K-area hexes Soviet at the end of turn 3',
  },
];

export const victoryLevels = [
  'sudden-death',
  'territorial',
  'historic-draw',
  'end-of-game',
  'turn-1-check',
  'turn-3-check',
] as const;
export const endReasons = ['turn-limit', 'sudden-death', 'turn-1-check', 'turn-3-check'] as const;

const LEVEL: Record<string, string> = {
  'soviet-win': 'territorial',
  'sudden-death': 'sudden-death',
  draw: 'historic-draw',
  'german-win': 'end-of-game',
  'turn1-loss': 'turn-1-check',
  'turn3-loss': 'turn-3-check',
};

const int = (id: string, description: string): StatDef => ({ id, description, kind: 'int' });
/** A statistic recorded as -1 in games that end before it is measured (left out of its distribution). */
const ifReached = (id: string, description: string): StatDef => ({ ...int(id, description), missing: -1 });

export const stats: readonly StatDef[] = [
  int('fortified_taken', 'fortified localities Soviet-controlled at the end (10.13, 4.5)'),
  int('west13_held', 'Soviet hexes in or west of column 13 at the end (4.5)'),
  ifReached(
    'k_line_at_t3',
    'Soviet hexes of the 34-hex K-area at the turn-3 check, null if not reached (4.3)',
  ),
  int('pockets_threatened', 'hex entries that threatened a pocket (8.4)'),
  int('relief_battles', 'relief (break-in) battles (8.5, 10.2)'),
  int('relief_soviet_wins', 'relief battles the Soviets won (relief defeated)'),
  int('relief_german_wins', 'relief battles the Germans won (pocket kept open)'),
  int('breakouts', 'pocket breakout battles (8.6)'),
  int('breakout_german_wins', 'breakouts that succeeded (8.7)'),
  int('breakout_soviet_wins', 'breakouts that failed: pocket taken (8.8)'),
  int('german_pocketed', 'German units set aside after failed breakouts (8.8)'),
  int('hexes_taken', 'hexes that switched to Soviet control (3.8)'),
  int('soviet_steps_lost', 'Soviet steps lost in combat'),
  int('soviet_armies_destroyed', 'Soviet armies destroyed (7.4)'),
  int('german_eliminated', 'German units eliminated in combat (7.6)'),
  int('min_pool', 'smallest German force pool size (4.8)'),
  int('battles', 'hex entries that led to a battle or a marker-only fall'),
  int('battles_won', 'of which the Soviets took the hex'),
  int('marker_only_falls', 'hexes that fell to marker-only defences (8.10)'),
  ...[1, 2, 3, 4, 5, 6].map((t) =>
    ifReached(`hexes_t${t}`, `Soviet-controlled hexes at the end of turn ${t}, null if not reached`),
  ),
];

export function buildRecord(s: ScsState): GameRecord {
  const st = s.stats;
  const values: Record<string, number> = {
    fortified_taken: fortifiedTaken(s),
    west13_held: westOf13(s),
    k_line_at_t3: st.kLineAtT3,
    pockets_threatened: st.pocketsThreatened,
    relief_battles: st.reliefBattles,
    relief_soviet_wins: st.reliefSovietWins,
    relief_german_wins: st.reliefGermanWins,
    breakouts: st.breakouts,
    breakout_german_wins: st.breakoutGermanWins,
    breakout_soviet_wins: st.breakouts - st.breakoutGermanWins,
    german_pocketed: st.germanPocketed,
    hexes_taken: st.hexesTaken,
    soviet_steps_lost: st.sovietStepsLost,
    soviet_armies_destroyed: st.armiesDestroyed,
    german_eliminated: st.germanEliminated,
    min_pool: st.minPool,
    battles: st.battles,
    battles_won: st.battlesWon,
    marker_only_falls: st.markerOnlyFalls,
  };
  for (let t = 1; t <= 6; t++) values[`hexes_t${t}`] = st.hexesByTurn[t]!;
  return {
    result: s.result,
    endTurn: s.turn,
    endReason: s.endReason,
    victoryLevel: LEVEL[s.result] ?? 'unfinished',
    stats: values,
    cells: sovietHexes(s.control),
  };
}
