/** Set-up (SFO 4): Soviets on their six hexes, US W-Z on the us-setup hexes, V (Advanced) in reserve. */
import type { GameSetup } from '../../core/game.js';
import { sfoData } from './data.js';
import { mapKey, sfoMap } from './map.js';
import { resolveRules } from './rules.js';
import type { SfoRules, SfoState, SfoUnit } from './state.js';

export function emptyStats(): SfoState['stats'] {
  return {
    battles: 0,
    res_ae: 0,
    res_ar: 0,
    res_ne: 0,
    res_dr: 0,
    res_de: 0,
    res_ex: 0,
    soviet_units_lost: 0,
    us_units_lost: 0,
    soviet_replacements: 0,
    v_arrival_turn: 0,
    us_replacements: 0,
    ev_soviet_planned: 0,
    ev_soviet_air: 0,
    ev_soviet_artillery: 0,
    ev_soviet_spetsnaz: 0,
    ev_soviet_friction: 0,
    ev_soviet_replacement: 0,
    ev_soviet_reinforce: 0,
    ev_us_planned: 0,
    ev_us_air: 0,
    ev_us_artillery: 0,
    ev_us_friction: 0,
    ev_us_replacement: 0,
    ev_us_reinforce: 0,
    supported_battles: 0,
    breakthroughs: 0,
    exploitations: 0,
    infiltrations: 0,
    soviet_armour_lost: 0,
    us_armour_lost: 0,
  };
}

const RANK = { basic: 0, advanced: 1, expert: 2 } as const;

/** The units of a level: Basic infantry; Advanced adds the West German V; Expert adds Ж, the З tank and US armour. */
export function unitsOfLevel(level: SfoRules['level']): typeof sfoData.units {
  return sfoData.units.filter((d) => RANK[d.level] <= RANK[level]);
}

/**
 * The initial state for resolved rules (no randomness: SFO set-up is fixed). Expert scenarios with
 * their own set-up (SFO 12, 13) place the listed units; every other unit waits in reserve for its
 * scheduled turn or its random event.
 */
export function initialState(rules: SfoRules): SfoState {
  const m = sfoMap(rules.hexCount, rules.forests);
  const units: SfoUnit[] = [];
  const ex = rules.expert;
  for (const d of unitsOfLevel(rules.level)) {
    let hex = -1;
    let status: SfoUnit['status'] = 'map';
    if (ex?.setup != null) {
      const at = ex.setup[d.id];
      if (at === undefined) status = 'reserve';
      else hex = m.grid.index(at);
    } else if (d.setup === 'reinforcement') status = 'reserve';
    else if (d.setup.startsWith('us-setup:')) hex = m.grid.index(rules.usSetup[Number(d.setup.slice(9))]!);
    else hex = m.grid.index(d.setup);
    const pioneer = ex !== null && d.type === 'pioneer';
    units.push({
      id: d.id,
      label: d.label,
      side: d.side,
      offence: pioneer ? ex.pioneer.offence : d.offence,
      defence: pioneer ? ex.pioneer.defence : d.defence,
      movement: d.movement,
      type: d.type,
      hex,
      status,
      moved: false,
      attacked: false,
      disrupted: false,
    });
  }
  return {
    rules,
    mapKey: mapKey(rules.hexCount, rules.forests),
    turn: 1,
    phase: 'setup',
    units,
    attackedHexes: [],
    fought: [],
    replacementUsed: false,
    stats: emptyStats(),
    expert: ex === null ? null : { held: null, placed: null },
    decisions: 0,
    lastResult: null,
  };
}

/** GameDefinition.start: resolves and checks the set-up, then places the units. */
export function startGame(setup: GameSetup): SfoState {
  return initialState(resolveRules(setup));
}
