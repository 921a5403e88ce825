/**
 * Set-up (DC 4, 2.A.1, 8.C.1): the 22 June 1941 set-up (reconstructed; the chart is missing) at the
 * Introductory level (no HQs, divisions, STAVKA or 1MM), the 11 starting factories, starting control
 * (DC 20: each side of the 1941 border), and the Soviet counters not yet in play (the counter mix).
 */
import type { GameSeed, GameSetup } from '../../core/game.js';
import { newRngState } from '../../core/rng.js';
import { dcData } from './data.js';
import { mapByKey } from './map.js';
import { startPregame } from './pregame.js';
import { initialCounters } from './record.js';
import { reinforcementUnits } from './reinforcements.js';
import { type DcRules, resolveRules } from './resolve.js';
import { newSiberia } from './siberia.js';
import { type DcState, type DcUnit, type SideIx, unit } from './state.js';

export function initialState(rules: DcRules, seed: GameSeed = { masterSeed: 0, gameIndex: 0 }): DcState {
  const m = mapByKey(rules.mapKey);
  const typeIx = new Map(rules.types.map((t, i) => [t.id, i]));
  const units: DcUnit[] = [];
  const onMap = new Map<string, number>();
  for (const [sideName, side] of [
    ['axis', 0],
    ['soviet', 1],
  ] as const) {
    for (const e of dcData.setup[sideName]) {
      let count = e.count;
      // parameter memel-infantry: corps moved between Konigsberg and Memel (DC 3.B.1 limit checked in resolve)
      if (e.point === 'MEM' && e.type === 'ger-inf') count = rules.memelInfantry;
      if (e.point === 'KON' && e.type === 'ger-inf') count = e.count - (rules.memelInfantry - 2);
      // DC 2.A.1: Advanced-level counters are absent from the Introductory game
      const t = typeIx.get(e.type);
      if (t === undefined) continue;
      for (let k = 0; k < count; k++) {
        const label =
          count > 1 || e.label === '' ? `${e.label || rules.types[t]!.name} ${k + 1}`.trim() : e.label;
        units.push(unit(t, side, label, m.index.get(e.point)!, 'dispersed' in e && e.dispersed === true));
      }
      onMap.set(e.type, (onMap.get(e.type) ?? 0) + count);
    }
  }
  // DC 21.F (variant paratroops-on): five parachute units at reconstructed 1941 stations (data/dc.json paratroopSetup)
  const para = typeIx.get('sov-para');
  if (rules.paratroops && para !== undefined) {
    for (const e of dcData.paratroopSetup.units)
      units.push(unit(para, 1, e.label, m.index.get(e.point)!, false));
    onMap.set('sov-para', (onMap.get('sov-para') ?? 0) + dcData.paratroopSetup.units.length);
  }
  const factory = typeIx.get('factory')!;
  for (const f of dcData.factories) units.push(unit(factory, 1, f.id, m.index.get(f.point)!, false));
  // DC 8.B: the Order of Appearance, out of play until each unit arrives
  const reinfBase = units.length;
  units.push(...reinforcementUnits(rules.types));
  // DC 8.A.2: Soviet counters not yet in play (the counter mix, reconstructed), kept as counts per type
  const pool = rules.types.map((t) => {
    const mix = rules.counterMix[t.id];
    return mix === undefined ? 0 : Math.max(0, mix - (onMap.get(t.id) ?? 0));
  });
  const control: SideIx[] = [];
  const everAxis: number[] = [];
  for (let p = 0; p < m.n; p++) {
    control.push(m.side1941[p] === 1 ? 1 : 0);
    everAxis.push(m.side1941[p] === 1 ? 0 : 1);
  }
  return {
    rules,
    rng: newRngState(seed.masterSeed, seed.gameIndex),
    turn: 2,
    first: 2,
    free: false,
    mud: [],
    camp: { noSoviet: 0, cities: 0, citiesTurn: true, sovCities: 0, sovWest: 0 },
    exits: [],
    fac: { picked: [], due: [], ent: [], sea: [] },
    drops: [],
    sovAirBt: false,
    sibRepl: { held: [], strat: 0, op: [] },
    reinfBase,
    stratUsed: 0,
    seq: 0,
    stack: [],
    pending: null,
    over: false,
    weather: 0,
    springCol: 1,
    autumnCol: 2,
    air: 0,
    airFree: 0,
    w44: 0,
    repl: [],
    allyStatus: [0, 0],
    airAt: [],
    airUp: [],
    airBt: [],
    control,
    cv: 0,
    everAxis,
    units,
    load: new Array<number>(2 * m.lines).fill(0),
    hunFree: false,
    hunRel: -1,
    partisans: [],
    pool,
    sib: newSiberia(),
    gerInf: 0,
    gerArm: 0,
    allyRepl: [0, 0, 0],
    factoriesLost: 0,
    result: null,
    stats: initialCounters(),
    decisions: 0,
  };
}

/**
 * GameDefinition.start: resolves and checks the set-up (UserError on bad input), places the units,
 * and begins with the pre-game (pregame.ts: start month, free set-up, first factory, fortification).
 */
export function startGame(setup: GameSetup, seed: GameSeed): DcState {
  const s = initialState(resolveRules(setup), seed);
  startPregame(s);
  return s;
}
