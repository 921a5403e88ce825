/** Set-up (SFO 4): Soviets on their six hexes, US W-Z on the us-setup hexes, V (Advanced) in reserve. */
import type { GameSeed, GameSetup } from '../../core/game.js';
import { memoizeWeak } from '../../core/memo.js';
import { newRngState } from '../../core/rng.js';
import { sfoData } from './data.js';
import { mapKey, sfoMap } from './map.js';
import { SFO_STATS } from './record.js';
import { resolveRules } from './resolve.js';
import type { SfoRules, SfoState, SfoUnit } from './state.js';

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
export function initialState(rules: SfoRules, seed: GameSeed = { masterSeed: 0, gameIndex: 0 }): SfoState {
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
    rng: newRngState(seed.masterSeed, seed.gameIndex),
    turn: 1,
    phase: 'setup',
    seq: 0,
    stack: [],
    pending: null,
    over: false,
    units,
    attackedHexes: [],
    fought: [],
    replacementUsed: false,
    stats: SFO_STATS.zero(),
    expert: ex === null ? null : { held: null, placed: null },
    decisions: 0,
    lastResult: null,
  };
}

/** The rules in force for a setup, resolved once per setup object (they never change during play). */
const rulesOf = memoizeWeak(resolveRules);

/** GameDefinition.start: resolves and checks the set-up, then places the units. */
export function startGame(setup: GameSetup, seed: GameSeed): SfoState {
  return initialState(rulesOf(setup), seed);
}
