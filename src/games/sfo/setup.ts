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
  };
}

/** The initial state for resolved rules (no randomness: SFO set-up is fixed). */
export function initialState(rules: SfoRules): SfoState {
  const m = sfoMap(rules.hexCount, rules.forests);
  const units: SfoUnit[] = [];
  for (const d of sfoData.units) {
    if (d.level === 'advanced' && rules.level !== 'advanced') continue;
    let hex = -1;
    let status: SfoUnit['status'] = 'map';
    if (d.setup === 'reinforcement') status = 'reserve';
    else if (d.setup.startsWith('us-setup:')) hex = m.grid.index(rules.usSetup[Number(d.setup.slice(9))]!);
    else hex = m.grid.index(d.setup);
    units.push({
      id: d.id,
      label: d.label,
      side: d.side,
      offence: d.offence,
      defence: d.defence,
      movement: d.movement,
      hex,
      status,
      moved: false,
      attacked: false,
    });
  }
  return {
    rules,
    mapKey: mapKey(rules.hexCount, rules.forests),
    turn: 1,
    phase: 'setup',
    units,
    attackedHexes: [],
    replacementUsed: false,
    stats: emptyStats(),
    decisions: 0,
    lastResult: null,
  };
}

/** GameDefinition.start: resolves and checks the set-up, then places the units. */
export function startGame(setup: GameSetup): SfoState {
  return initialState(resolveRules(setup));
}
