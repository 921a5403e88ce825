/**
 * The options of every SFO decision, as plain data (DESIGN §3). Unit and hex fields are indices
 * into `state.units` and the state's map.
 */
import type { Battle } from './combat.js';
import type { EventCell, SupportKind } from './state.js';

export type SfoOption =
  /** SFO 8: move unit to hex `to` (a legal destination this phase). */
  | { readonly type: 'move'; readonly unit: number; readonly from: number; readonly to: number }
  /** SFO 8.4: an arriving unit enters the map and ends in `to`. */
  | { readonly type: 'enter'; readonly unit: number; readonly to: number }
  /** End the movement phase (units not moved stay). */
  | { readonly type: 'end-movement' }
  /** SFO 9: fight one battle. */
  | { readonly type: 'battle'; readonly battle: Battle }
  /** End the combat phase. */
  | { readonly type: 'end-combat' }
  /** SFO 9.2: retreat a unit to `to`. */
  | { readonly type: 'retreat'; readonly unit: number; readonly to: number }
  /** SFO 9.1 (variant elim-one): this unit is the one eliminated. */
  | { readonly type: 'eliminate'; readonly unit: number }
  /** SFO 9.3: advance `unit` into the vacated hex `to`, or not. */
  | { readonly type: 'advance'; readonly unit: number; readonly to: number }
  | { readonly type: 'no-advance' }
  /** SFO 7: bring in `count` Soviet replacements now (0 = not this turn). */
  | { readonly type: 'replace'; readonly count: number }
  /** SFO 7.1 (Expert): bring back these eliminated units (none = decline). */
  | { readonly type: 'replace-units'; readonly units: readonly number[] }
  /** SFO 7 Optional Guards / Hardened NATO: take this one of the two events rolled. */
  | { readonly type: 'event'; readonly cell: EventCell }
  /** SFO 7.1: place the support chit on the enemy hex `hex` (a defender to be attacked)... */
  | { readonly type: 'support'; readonly kind: SupportKind; readonly hex: number }
  /** ...or do not place it (it is lost). */
  | { readonly type: 'no-support' }
  /** SFO 7.1 Enemy SNAFU / Command problems: flip this enemy unit out of action. */
  | { readonly type: 'disrupt'; readonly unit: number };

/**
 * Decision kinds: move, attack, retreat, eliminate, advance, replace; Expert: event (Guards /
 * Hardened NATO), support, disrupt, exploit (armour in the open: 'advance' options for the tank's second hex).
 */
export type SfoDecisionKind =
  | 'move'
  | 'attack'
  | 'retreat'
  | 'eliminate'
  | 'advance'
  | 'replace'
  | 'event'
  | 'support'
  | 'disrupt'
  | 'exploit';
