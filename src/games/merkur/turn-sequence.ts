/**
 * The turn sequence (Merkur 4.0, 1.2, 11.0; docs/games/merkur.md "What is modelled") as the state machine the driver steps:
 * set-up (forts 3.2, pre-invasion bombardment 8.4, or the solitaire draw 12.0), then 24 turns of a
 * German turn (arrivals 5.2-5.4, air missions 8.0, zone activations) and a CW turn (activation
 * roll 4.0/4.1, Maori 11.0, activations), and the end of turn (control 3.2, RN test 5.4, 10.0).
 */
import { d6 } from '../../core/dice.js';
import {
  answerMachine,
  type DecisionOf,
  expectKind,
  runMachine,
  type TaskOf,
  type TurnMachine,
  unreachable,
} from '../../core/kernel.js';
import { randInt } from '../../core/rng.js';
import { airValue, bombardTargets, resolveBombard } from './bombard.js';
import {
  bandOps,
  type CombatSpec,
  combatBand,
  combatValues,
  defenders,
  finishCombat,
  type LossOp,
  maoriOps,
  runLosses,
  twoD6,
} from './combat.js';
import { artilleryValue, markFired, supporters } from './command.js';
import { merkurData } from './data.js';
import type {
  ActivationOption,
  AirLandOption,
  AirOption,
  AirUnitOption,
  DropOption,
  FortOption,
  InitiativeOption,
  MaoriOption,
  MerkurDecision,
  MerkurPending,
  OrderOption,
  SeaOption,
  SetupZoneOption,
} from './decisions.js';
import { landingTerrain, MAP } from './map.js';
import { reachable } from './movement.js';
import { describeOption, tell } from './narrate.js';
import { placeMap, soloChoose, soloDraw, soloForts } from './solitaire.js';
import {
  type Bombard,
  CW,
  dayOf,
  GER,
  isDay,
  type MerkurState,
  type MUnit,
  type Order,
  type Task,
} from './state.js';
import {
  checkForts,
  combatUnits,
  controlledBy,
  countIn,
  moveOf,
  type Occupancy,
  occupancy,
  room,
  STACK_LIMIT,
  unitsIn,
} from './units.js';
import { cwObjectiveFlags, germanAirfields, markSoleAtStart, updateControl } from './victory.js';
import type { MerkurWorkspace } from './workspace.js';

/** 3.2: the Sturm Regiment units that may receive the 4 solitaire glider markers. */
export const STURM_REGIMENT: readonly string[] = ['Sturm/I', 'Sturm/II', 'Sturm/III', 'Sturm/IV', 'Meindl'];

const TURN_PHASES = [
  'german-start',
  'drops',
  'air-landing',
  'sea',
  'air-missions',
  'german-activations',
  'beach-assaults',
  'cw-start',
  'maori',
  'cw-activations',
  'end',
] as const;

/** A decision of kind `kind` for `side`. */
function dec<K extends MerkurDecision['kind']>(
  kind: K,
  side: 0 | 1,
  rule: string,
  options: DecisionOf<MerkurDecision, K>['options'],
): DecisionOf<MerkurDecision, K> {
  // the members of MerkurDecision differ only in `kind` and the option type, both fixed by K
  return { kind, side: side === GER ? 'german' : 'commonwealth', rule, options } as DecisionOf<
    MerkurDecision,
    K
  >;
}

/** Starts the next phase (or turn), or ends the game after turn 24 (1.2, 10.0). */
function nextPhase(s: MerkurState, ws: MerkurWorkspace): void {
  if (s.turn === 0) {
    if (s.seq === 0) {
      s.seq = 1;
      s.phase = 'setup';
      if (s.rules.solitaire) soloDraw(s, ws);
      else {
        s.stack.push({ t: 'preinvasion', zones: [], i: 0 });
        s.stack.push({ t: 'forts', placed: 0 });
        // V-CWSETUP cw-setup-free: the CW places every unit (13.0 is missing)
        if (s.rules.v['cw-setup-free']) s.stack.push({ t: 'cw-setup', i: 0 });
      }
      return;
    }
    s.turn = 1;
    s.seq = 0;
  }
  if (s.seq >= TURN_PHASES.length) {
    s.seq = 0;
    s.turn++;
    if (s.turn > 24) {
      s.turn = 24;
      s.over = true;
      s.phase = 'over';
      return;
    }
  }
  const phase = TURN_PHASES[s.seq]!;
  s.seq++;
  s.phase = phase;
  switch (phase) {
    case 'german-start':
      startSideTurn(s, GER);
      markSoleAtStart(s);
      // 3.2: dispersion markers placed last turn are removed
      for (const u of s.units) if (u.dispersed && u.dispersedTurn < s.turn) u.dispersed = false;
      return;
    case 'drops': {
      const arrivals = merkurData.arrivals.filter((a) => a.turn === s.turn);
      const units: number[] = [];
      for (const a of arrivals) for (const x of a.drops) units.push(unitIndex(s, x.unit));
      const solo = s.rules.solitaire && (s.turn === 1 || s.turn === 2);
      if (units.length === 0 && !solo) return;
      // V-SOLOTEST: the landing tests after the CW placement (default) or before it
      const testFirst = solo && s.rules.v['test-at-placement'];
      if (testFirst) s.stack.push({ t: 'solo-place', zones: [] });
      s.stack.push({ t: 'landing', units: [], zones: [], i: 0, rerolled: false });
      if (solo && !testFirst) s.stack.push({ t: 'solo-place', zones: [] });
      s.stack.push({ t: 'drop', units, i: 0, zones: [] });
      // 3.2 (M-19): in solitaire the German gives the 4 glider markers to units of the Sturm Regiment
      if (s.rules.solitaire && s.turn === 1) s.stack.push({ t: 'gliders' });
      return;
    }
    case 'air-landing':
      if ((isDay(s.turn) || s.rules.v['airlanding-any-turn']) && s.airQueue < s.airQueueIds.length)
        s.stack.push({ t: 'air-landing', used: [], nonfield: false });
      return;
    case 'sea': {
      const units: number[] = [];
      if (s.b1.landTurn === s.turn && !s.b1.landed && (s.b1.fate === 0 || s.b1.fate === 1)) {
        for (const i of s.b1.units) if (s.units[i]!.status === 'pool') units.push(i);
        s.b1.landed = true;
      }
      if (s.turn === s.rules.convoyB2Turn && !s.b2Landed) {
        s.b2Landed = true;
        // 5.4: B2 brings the mountain units not yet landed (and V rn-back-with-b2 the turned-back ones)
        for (let k = s.airQueue; k < s.airQueueIds.length; k++) units.push(s.airQueueIds[k]!);
        s.airQueue = s.airQueueIds.length;
        units.push(...s.b1.back);
      }
      if (units.length > 0) s.stack.push({ t: 'sea-landing', units });
      return;
    }
    case 'air-missions':
      s.airSupport = 0;
      // V-AIRDECL: all missions at the start of the German turn, or when the Luftwaffe zone is activated
      if (isDay(s.turn) && !s.rules.v['air-declare-at-activation'])
        s.stack.push({ t: 'air-missions', i: 0, planned: [] });
      return;
    case 'german-activations':
      s.stack.push({ t: 'activations', side: GER });
      return;
    case 'beach-assaults': {
      // 5.4 (M-30): "must attack at the end of their turn": each beach's debarked units still there
      // assault it if the enemy still holds a unit in it (combatStep checks both)
      const pending = s.beachAssaults;
      s.beachAssaults = [];
      for (let k = pending.length - 1; k >= 0; k--) {
        const b = pending[k]!;
        s.stack.push({
          t: 'combat',
          spec: { kind: 'assault', side: GER, attackers: b.units, zone: b.zone, from: b.zone },
          vals: null,
          x: 0,
          y: 0,
          rerolled: false,
        });
      }
      return;
    }
    case 'cw-start':
      startSideTurn(s, CW);
      s.stack.push({ t: 'cw-roll', rolled: -1 });
      return;
    case 'maori':
      if (!isDay(s.turn)) s.stack.push({ t: 'maori' });
      return;
    case 'cw-activations':
      s.stack.push({ t: 'activations', side: CW });
      return;
    case 'end':
      endOfTurn(s, ws);
      return;
  }
}

function startSideTurn(s: MerkurState, side: 0 | 1): void {
  s.activated.fill(0);
  s.initiativeUsed = false;
  for (const u of s.units) {
    u.acted = false;
    u.supported = false;
    if (u.side === side) u.fired = false;
  }
}

/** Unit index by id in data order (startGame lists the German units of the data, then the CW's). */
const UNIT_INDEX: ReadonlyMap<string, number> = new Map(
  [...merkurData.german, ...merkurData.commonwealth].map((u, i) => [u.id, i] as const),
);

function unitIndex(s: MerkurState, id: string): number {
  const i = UNIT_INDEX.get(id);
  return i !== undefined && s.units[i]?.id === id ? i : s.units.findIndex((u) => u.id === id);
}

function occupiedCw(s: MerkurState): number[] {
  const { c } = occupancy(s);
  return MAP.ids.map((_, z) => z).filter((z) => c[z]! > 0);
}

/** 3.1: `side` may use the initiative now. */
function canUseInitiative(s: MerkurState, side: 0 | 1): boolean {
  return s.initiative === side && !s.initiativeUsed;
}

function useInitiative(s: MerkurState, side: 0 | 1): void {
  s.initiativeUsed = true;
  s.initiative = (1 - side) as 0 | 1;
  if (side === GER) s.stats.initiative_uses_german++;
  else s.stats.initiative_uses_cw++;
}

/** 5.2 (M-27, M-64): the landing-test modifier for a unit landing in zone `z`. */
export function landingModifier(s: MerkurState, z: number, glider: boolean): number {
  let m = landingTerrain(z);
  const enemies = countIn(s, z, CW);
  if (enemies > 0) m += enemies <= 2 ? 1 : enemies <= 4 ? 2 : 3;
  if (!s.rules.solitaire && !glider) m -= 1;
  if (s.rules.solitaire && MAP.adj[z]!.some((y) => countIn(s, y, CW) > 0)) m += 1;
  return m;
}

/** 5.2: reduced when d6 + m >= 6. */
export function landingReduced(die: number, m: number): boolean {
  return die + m >= 6;
}

/** 4.0, 4.1 (M-23, M-24): the modifier k subtracted and the bonus b of this turn's roll. */
export function activationTerms(s: MerkurState): { k: number; b: number } {
  const t = s.turn;
  const night = !isDay(t);
  if (night && (t !== 3 || s.rules.v['night-d6'])) return { k: 0, b: 0 };
  const k = t <= 5 ? 6 - t : 0;
  let b = 0;
  if (t <= 5) {
    const { g } = occupancy(s);
    let zones = 0;
    for (let z = 0; z < MAP.count; z++) if (MAP.map[z] === 'ouest' && g[z]! > 0) zones++;
    b = zones === 1 ? 2 : zones === 2 ? 1 : zones === 0 && s.rules.v['conc0-plus2'] ? 2 : 0;
  }
  return { k, b };
}

/** 4.0: N = max(0, d6 - k + b). */
export function activationCount(die: number, k: number, b: number): number {
  return Math.max(0, die - k + b);
}

/** 5.4 (M-31): the RN test. */
export type NavyResult = 'pass' | 'delay' | 'intercept' | 'destroyed';
export function navyResult(die: number): NavyResult {
  return die === 1 ? 'pass' : die <= 3 ? 'delay' : die <= 5 ? 'intercept' : 'destroyed';
}

function endOfTurn(s: MerkurState, ws: MerkurWorkspace): void {
  checkForts(s);
  updateControl(s);
  const t = s.turn;
  const flags = cwObjectiveFlags(s);
  const objs = flags.reduce((a, b) => a + b, 0);
  const af = germanAirfields(s);
  if (t === 6) s.stats.cw_objectives_t6 = objs;
  if (t === 12) s.stats.cw_objectives_t12 = objs;
  if (t === 18) s.stats.cw_objectives_t18 = objs;
  if (t === 3) s.stats.german_airfields_t3 = af;
  if (t === 6) {
    s.stats.german_airfields_t6 = af;
    s.stats.german_2airfields_t6 = af >= 2 ? 1 : 0;
  }
  if (t === 12) s.stats.german_airfields_t12 = af;
  if (t === 24) s.stats.german_airfields_t24 = af;
  MAP.airfields.forEach((z, k) => {
    if (s.airfieldFirst[k]! < 0 && controlledBy(s, z, GER)) s.airfieldFirst[k] = t;
  });
  if (s.rnTestTurn === t && s.b1.fate === 3) {
    const die = d6(ws.streams.stream('navy'));
    const holder = s.initiative;
    const bad = holder === GER ? die !== 1 : die === 1;
    if (
      s.rules.v['rn-holder'] &&
      bad &&
      !(holder === CW && s.rules.solitaire && s.rules.soloInitiative === 'never')
    ) {
      s.stack.push({ t: 'rn-reroll', die });
      return;
    }
    navyOutcome(s, ws, die);
  }
}

function navyOutcome(s: MerkurState, ws: MerkurWorkspace, die: number): void {
  const r = navyResult(die);
  const t = s.turn;
  if (ws.trace !== undefined) tell(s, ws, CW, 'Merkur 5.4', `Royal Navy test ${die}: ${r}`, { dice: [die] });
  if (r === 'pass') {
    s.b1.fate = 0;
    s.b1.landTurn = t + 1;
  } else if (r === 'delay') {
    s.b1.delays++;
    s.stats.b1_delays++;
    s.rnTestTurn = t + 1;
  } else if (r === 'destroyed') {
    s.b1.fate = 2;
    for (const i of s.b1.units) s.units[i]!.status = 'lost';
  } else {
    const navy = ws.streams.stream('navy');
    const k = d6(navy);
    s.b1.fate = 1;
    s.b1.landTurn = t + 1;
    const left = [...s.b1.units];
    // G17 (V rn-german, rn-cw): the side that picks names each unit lost
    if (s.rules.v['rn-german'] || s.rules.v['rn-cw']) {
      s.stack.push({ t: 'rn-losses', left, k, turnBack: k >= 4 });
      return;
    }
    for (let n = 0; n < k && left.length > 0; n++) {
      let j = 0;
      if (s.rules.v['rn-random']) j = randInt(navy, 0, left.length - 1);
      else {
        const val = (i: number) => s.units[i]!.a + s.units[i]!.art;
        for (let q = 1; q < left.length; q++) {
          const better = s.rules.v['rn-german']
            ? val(left[q]!) < val(left[j]!)
            : val(left[q]!) > val(left[j]!);
          if (better) j = q;
        }
      }
      s.units[left[j]!]!.status = 'lost';
      left.splice(j, 1);
    }
    if (k >= 4) turnBack(s, left);
  }
  if (s.rnTestTurn === t && r === 'delay' && t >= 23) s.b1.fate = 3;
}

/** 5.4 (V-RNBACK): after an interception of 4-6 units the rest of B1 turn back. */
function turnBack(s: MerkurState, left: number[]): void {
  for (const i of left) s.units[i]!.status = 'lost';
  if (s.rules.v['rn-back-with-b2']) {
    for (const i of left) s.units[i]!.status = 'pool';
    s.b1.back = left;
    s.b1.units = [];
  }
}

/** 5.4, the lowest value first (the German's pick) or the highest (the CW's): a + art, the first among equals. */
export function engineNavyLoss(s: MerkurState, left: readonly number[], german: boolean): number {
  const val = (i: number) => s.units[i]!.a + s.units[i]!.art;
  let j = 0;
  for (let q = 1; q < left.length; q++)
    if (german ? val(left[q]!) < val(left[j]!) : val(left[q]!) > val(left[j]!)) j = q;
  return left[j]!;
}
/** 3.2: the CW places forts (up to 6) in zones it holds that are neither towns nor strategic. */
function fortsStep(s: MerkurState, task: TaskOf<Task, 'forts'>): MerkurDecision | null {
  if (task.placed < 6) {
    const opts: FortOption[] = [{ type: 'no-fort' }];
    for (let z = 0; z < MAP.count; z++)
      if (s.fort[z] === 0 && MAP.town[z] === 0 && !MAP.strategic[z] && countIn(s, z, CW) > 0)
        opts.push({ type: 'fort', zone: z });
    if (opts.length > 1) return dec('fort', CW, 'Merkur 3.2', opts);
  }
  s.stack.pop();
  return null;
}

/** 8.4: the German names, zone by zone, the CW-held zones the pre-invasion bombardment strikes. */
function preinvasionStep(s: MerkurState, task: TaskOf<Task, 'preinvasion'>): MerkurDecision | null {
  if (s.turn === 0 && task.i === 0 && task.zones.length === 0) task.zones = occupiedCw(s);
  while (task.i < task.zones.length) {
    const z = task.zones[task.i]!;
    if (countIn(s, z, CW) > 0)
      return dec('preinvasion-target', GER, 'Merkur 8.4', [
        { type: 'preinvasion', zone: z, bombard: true },
        { type: 'preinvasion', zone: z, bombard: false },
      ]);
    task.i++;
  }
  s.stack.pop();
  return null;
}

/** 5.2, 12.0: the drop zone of each unit arriving by parachute or glider this turn. */
function dropStep(s: MerkurState, ws: MerkurWorkspace, task: TaskOf<Task, 'drop'>): MerkurDecision | null {
  const zones = task.zones;
  while (task.i < task.units.length) {
    const ui = task.units[task.i]!;
    const arrival = merkurData.arrivals.find(
      (a) => a.turn === s.turn && a.drops.some((x) => x.unit === s.units[ui]!.id),
    )!;
    const hist = arrival.drops.find((x) => x.unit === s.units[ui]!.id)!;
    const fixed = s.rules.v['drops-historical'] && !s.rules.solitaire;
    if (fixed) {
      const k =
        s.turn === 1
          ? merkurData.arrivals
              .filter((a) => a.turn === 1)
              .flatMap((a) => a.drops)
              .findIndex((x) => x.unit === hist.unit)
          : -1;
      zones.push(fixedDropZone(s, k >= 0 ? s.rules.dropZones[k]! : MAP.index.get(hist.zone)!, zones));
      task.i++;
      continue;
    }
    const opts: DropOption[] = [];
    const occ = occupancy(s, ws.occ);
    for (let z = 0; z < MAP.count; z++) {
      const onMap = MAP.map[z] === arrival.map;
      const strat =
        s.rules.v['drops-strategic'] &&
        MAP.strategic[z] &&
        MAP.adj[z]!.some((y) => MAP.map[y] === arrival.map);
      if (!onMap && !strat) continue;
      let planned = 0;
      for (let k = 0; k < zones.length; k++) if (zones[k] === z) planned++;
      if (!MAP.strategic[z] && occ.g[z]! + planned >= 6) continue;
      opts.push({ type: 'drop', unit: ui, zone: z });
    }
    return dec('landing-zone', GER, 'Merkur 5.2, 12.0', opts);
  }
  s.stack.pop();
  // hand the choices to the landing task under it (and the solitaire placement)
  for (const below of s.stack) {
    if (below.t === 'landing') {
      below.units = task.units.slice();
      below.zones = zones.slice();
    } else if (below.t === 'solo-place') below.zones = zones.slice();
  }
  return null;
}

/** 5.4, 11.0: the zone where the convoy's units still at sea debark. */
function seaLandingStep(s: MerkurState, task: TaskOf<Task, 'sea-landing'>): MerkurDecision | null {
  const left = task.units.filter((i) => s.units[i]!.status === 'pool');
  if (left.length > 0) {
    const opts: SeaOption[] = [];
    // 11.0: at night no unit enters a zone holding only enemy units, and no combat is fought
    // (V night-beach-assault: the convoy debarks on an enemy-held beach and assaults that night)
    const nightBar = !isDay(s.turn) && !s.rules.v['night-beach-assault'];
    for (let z = 0; z < MAP.count; z++) {
      if (MAP.strategic[z]) continue;
      if ((MAP.port[z] && controlledBy(s, z, GER)) || (MAP.beach[z] && room(s, z, GER) > 0)) {
        if (nightBar && countIn(s, z, CW) > 0 && countIn(s, z, GER) === 0) continue;
        if (room(s, z, GER) > 0) opts.push({ type: 'sea', zone: z });
      }
    }
    if (opts.length > 0) return dec('sea-landing', GER, 'Merkur 5.4', opts);
    // 5.4, 11.0: a B1 convoy with nowhere to debark tonight debarks the next turn
    if (nightBar && left.some((i) => s.b1.units.includes(i))) {
      s.b1.landTurn = s.turn + 1;
      s.b1.landed = false;
    }
  }
  s.stack.pop();
  return null;
}

/** 8.0: each air unit's mission, then (all placed) the bombardments they fly. */
function airMissionsStep(s: MerkurState, task: TaskOf<Task, 'air-missions'>): MerkurDecision | null {
  const day = dayOf(s.turn);
  while (task.i < s.air.length) {
    const a = s.air[task.i]!;
    if (a.lost || a.flownDay === day) {
      task.i++;
      continue;
    }
    const opts: AirOption[] = [{ type: 'air-none', air: task.i }];
    if (s.rules.v['air-support-sortie']) opts.push({ type: 'air-support', air: task.i });
    const hit = new Uint8Array(MAP.count);
    for (const u of s.units) if (u.side === CW && u.status === 'map' && u.type !== 'em') hit[u.zone] = 1;
    for (let z = 0; z < MAP.count; z++)
      if (hit[z] === 1) opts.push({ type: 'air-bomb', air: task.i, zone: z });
    return dec('air-mission', GER, 'Merkur 8.0', opts);
  }
  // 8.0 Notes (docs/games/merkur.md "Decisions"): every mission is placed before any is resolved; then each flies in
  // the order placed (V-AIRSUM air-separate), and one whose target has gone is wasted, or the
  // units sent to one zone add their values into one bombardment (air-summed)
  s.stack.pop();
  const list: Bombard[] = [];
  if (!s.rules.v['air-summed']) {
    for (let k = 0; k < task.planned.length; k += 2) {
      const air = task.planned[k]!;
      const zone = task.planned[k + 1]!;
      list.push({ side: GER, value: airValue(s, air), zone, air, firerZone: -1, preinvasion: false });
    }
    s.stack.push({ t: 'bombards', list, target: null, regroup: true });
    return null;
  }
  const done = new Set<number>();
  for (let k = 0; k < task.planned.length; k += 2) {
    const z = task.planned[k + 1]!;
    if (done.has(z)) continue;
    done.add(z);
    const airs: number[] = [];
    for (let j = 0; j < task.planned.length; j += 2)
      if (task.planned[j + 1] === z) airs.push(task.planned[j]!);
    const value = airs.reduce((a, i) => a + airValue(s, i), 0);
    list.push({ side: GER, value, zone: z, air: airs[0]!, airs, firerZone: -1, preinvasion: false });
  }
  s.stack.push({ t: 'bombards', list, target: null, regroup: true });
  return null;
}

/** 11.0: at night the CW may spend a movement activation on the Maori's attack. */
function maoriStep(s: MerkurState): MerkurDecision | null {
  s.stack.pop();
  const m = s.units.findIndex((u) => u.maori && u.status === 'map');
  if (m < 0 || s.cwMoves <= 0) return null;
  const z = s.units[m]!.zone;
  const opts: MaoriOption[] = [{ type: 'no-maori' }];
  for (const y of [z, ...MAP.adj[z]!]) {
    if (y !== z && room(s, y, CW) <= 0) continue;
    for (const i of combatUnits(s, unitsIn(s, y, GER))) opts.push({ type: 'maori', target: i, zone: y });
  }
  // V-MAORI maori-may-fire: the Maori may also fire into an adjacent zone without entering it
  if (s.rules.v['maori-may-fire'])
    for (const y of MAP.adj[z]!)
      for (const i of combatUnits(s, unitsIn(s, y, GER)))
        opts.push({ type: 'maori', target: i, zone: y, fire: true });
  if (opts.length === 1) return null;
  s.stack.push({ t: 'maori' });
  return dec('maori-night', CW, 'Merkur 11.0', opts);
}

/** 5.4 (docs/games/merkur.md "Decisions"): the picking side names each unit lost; no choice once all must go. */
function navyLossesStep(s: MerkurState, task: TaskOf<Task, 'rn-losses'>): MerkurDecision | null {
  if (task.k > 0 && task.left.length > task.k)
    return dec(
      'rn-losses',
      s.rules.v['rn-german'] ? GER : CW,
      'Merkur 5.4',
      task.left.map((unit) => ({ type: 'rn-loss', unit })),
    );
  for (const i of task.left.splice(0, task.k)) s.units[i]!.status = 'lost';
  s.stack.pop();
  if (task.turnBack) turnBack(s, task.left);
  return null;
}

/** 13.0 (missing; V cw-setup-free): the CW places each of its units. */
function cwSetupStep(s: MerkurState, task: TaskOf<Task, 'cw-setup'>): MerkurDecision | null {
  while (task.i < s.units.length && s.units[task.i]!.side !== CW) task.i++;
  if (task.i < s.units.length) {
    const opts: SetupZoneOption[] = [];
    for (let z = 0; z < MAP.count; z++)
      if (room(s, z, CW) > 0) opts.push({ type: 'setup-zone', unit: task.i, zone: z });
    return dec('setup-zone', CW, 'Merkur 13.0 (missing)', opts);
  }
  s.stack.pop();
  return null;
}

/** 5.3, 13.1 (missing; V queue-free): the German picks the next unit of the air-landing queue. */
function airPickStep(s: MerkurState, task: TaskOf<Task, 'air-pick'>): MerkurDecision | null {
  if (task.left > 0 && s.airQueue < s.airQueueIds.length) {
    const seen = new Set<string>();
    const opts: AirUnitOption[] = [];
    for (let k = s.airQueue; k < s.airQueueIds.length; k++) {
      const u = s.units[s.airQueueIds[k]!]!;
      const key = `${u.type}:${u.a}:${u.d}:${u.art}:${u.id === 'Ringel' ? 'R' : ''}`;
      if (seen.has(key)) continue; // identical units: one option
      seen.add(key);
      opts.push({ type: 'air-unit', unit: s.airQueueIds[k]! });
    }
    return dec('air-landing-unit', GER, 'Merkur 5.3, 13.1', opts);
  }
  s.stack.pop();
  return null;
}

/**
 * V drops-historical: the data's drop zone, or, when 5.1 leaves no room there (units already
 * landed, earlier drops of the turn), the nearest zone of the same map with room (lowest index).
 */
function fixedDropZone(s: MerkurState, z: number, planned: readonly number[]): number {
  const free = (y: number) =>
    MAP.strategic[y] || countIn(s, y, GER) + planned.filter((x) => x === y).length < 6;
  if (free(z)) return z;
  let best = -1;
  for (let y = 0; y < MAP.count; y++)
    if (MAP.map[y] === MAP.map[z] && free(y) && (best < 0 || MAP.dist[z]![y]! < MAP.dist[z]![best]!))
      best = y;
  return best >= 0 ? best : z;
}

/** 12.0: placement of the maps due now (turn 1: the 3-EM map; turn 2: the other two), forts, 8.4. */
function soloPlace(s: MerkurState, ws: MerkurWorkspace, drops: readonly number[]): void {
  const maps =
    s.turn === 1
      ? (['ouest', 'centre', 'est'].filter((m) => !s.solo.laterMaps.includes(m)) as string[])
      : s.solo.laterMaps;
  for (const m of maps) placeMap(s, ws, m, drops);
  if (s.turn === 1 || s.rules.v['forts-at-placement']) soloForts(s, ws, s.turn === 1);
  if (s.turn === 1 || s.rules.v['bombard-each-placement']) {
    // 8.4: the bombardment runs before the landing tests
    s.stack.push({ t: 'preinvasion', zones: occupiedCw(s).filter((z) => maps.includes(MAP.map[z]!)), i: 0 });
  }
  if (s.turn === 2) s.solo.laterMaps = [];
}

function landingStep(
  s: MerkurState,
  ws: MerkurWorkspace,
  task: TaskOf<Task, 'landing'>,
): MerkurDecision | null {
  const zones = task.zones;
  const r = ws.streams.stream('landing');
  while (task.i < task.units.length) {
    const ui = task.units[task.i]!;
    const u = s.units[ui]!;
    const z = zones[task.i]!;
    if (u.status !== 'map') {
      u.zone = z;
      u.status = 'map';
    }
    const m = landingModifier(s, z, u.glider);
    const die = d6(r);
    s.stats.landing_tests++;
    if (landingReduced(die, m)) {
      // 3.1 a: the German may re-roll a landing test with the initiative
      if (!task.rerolled && canUseInitiative(s, GER)) {
        task.rerolled = true;
        return dec('initiative', GER, 'Merkur 3.1, 5.2', [{ type: 'keep' }, { type: 'reroll' }]);
      }
      applyLanding(s, ui, true);
    } else applyLanding(s, ui, false);
    task.rerolled = false;
    task.i++;
  }
  // 5.2: combat on landing, once all tests are done, zone by zone in the order of the drops; each
  // combat's losses are carried out (the losing side choosing, docs/games/merkur.md "Decisions") before the
  // next combat's dice. Each is a combat task (`combatStep`): the sides name the lead units and
  // supporters (G6, G7, C5, V-LEADDEF) and the attacker may re-roll it with the initiative (3.1 a)
  let k = task.k ?? 0;
  while (k < task.units.length) {
    const z = zones[k]!;
    k++;
    if (zones.indexOf(z) < k - 1) continue;
    const att = task.units.filter(
      (i, j) =>
        zones[j] === z && s.units[i]!.status === 'map' && s.units[i]!.zone === z && s.units[i]!.type !== 'em',
    );
    if (att.length === 0 || countIn(s, z, CW) === 0) continue;
    task.k = k;
    const spec: CombatSpec = { kind: 'landing', side: GER, attackers: att, zone: z, from: z };
    s.stack.push({ t: 'combat', spec, vals: null, x: 0, y: 0, rerolled: false });
    return null;
  }
  s.stack.pop();
  queueRegroup(s);
  return null;
}

function applyLanding(s: MerkurState, ui: number, reduced: boolean): void {
  const u = s.units[ui]!;
  if (reduced) {
    s.stats.landing_reduced++;
    if (u.glider) s.stats.glider_reduced++;
    if (!u.reduced) {
      u.reduced = true;
      s.stats.german_steps_lost++;
    }
  }
  if (!u.glider) {
    u.dispersed = true;
    u.dispersedTurn = s.turn;
    s.stats.paras_dispersed++;
  }
}

function airLandingStep(s: MerkurState, task: TaskOf<Task, 'air-landing'>): MerkurDecision | null {
  if (s.airQueue >= s.airQueueIds.length) {
    s.stack.pop();
    return null;
  }
  const used = task.used;
  const opts: AirLandOption[] = [{ type: 'no-landing' }];
  for (const z of MAP.airfields)
    if (!used.includes(z) && controlledBy(s, z, GER) && room(s, z, GER) > 0)
      opts.push({ type: 'airfield', zone: z });
  if (!task.nonfield)
    for (let z = 0; z < MAP.count; z++)
      if (MAP.terrain[z] === 'plaine' && controlledBy(s, z, GER) && room(s, z, GER) > 0 && !MAP.airfield[z])
        opts.push({ type: 'nonfield', zone: z });
  if (opts.length === 1) {
    s.stack.pop();
    return null;
  }
  return dec('air-landing', GER, 'Merkur 5.3', opts);
}

/** 4.0: the zones a side may activate next. */
function activationStep(s: MerkurState, ws: MerkurWorkspace, side: 0 | 1): MerkurDecision | null {
  const opts: ActivationOption[] = [{ type: 'end-activations' }];
  const g = ws.occ?.g.fill(0) ?? new Int8Array(MAP.count);
  const c = ws.occ?.c.fill(0) ?? new Int8Array(MAP.count);
  const own = side === GER ? g : c;
  const other = side === GER ? c : g;
  const day = isDay(s.turn);
  // per zone, in one pass with the occupancy: a German unit that has not fired; a CW unit free to move (4.0)
  const ready = ws.flags?.ready.fill(0) ?? new Uint8Array(MAP.count);
  // CW units a re-activation could move (3.1 c: those that acted too, not an EM that fired)
  const mobile = ws.flags?.mobile.fill(0) ?? new Uint8Array(MAP.count);
  const us = s.units;
  // the side's units per zone, for the answer's unit list (applyAnswer, 'activate')
  const zu = ws.zoneUnits !== undefined && ws.zoneUnits.next.length >= us.length ? ws.zoneUnits : undefined;
  if (zu !== undefined) {
    zu.decision = null;
    zu.head.fill(-1);
  }
  for (let i = 0; i < us.length; i++) {
    const u = us[i]!;
    if (u.status !== 'map' || u.zone < 0) continue;
    if (u.side === GER) g[u.zone]!++;
    else c[u.zone]!++;
    if (u.side !== side) continue;
    if (zu !== undefined) {
      zu.next[i] = -1;
      if (zu.head[u.zone] === -1) zu.head[u.zone] = i;
      else zu.next[zu.tail[u.zone]!] = i;
      zu.tail[u.zone] = i;
    }
    if (side === GER ? !u.fired : !u.fixed && u.m > 0 && !u.acted) ready[u.zone] = 1;
    if (side === CW && !u.fixed && u.m > 0 && !u.fired) mobile[u.zone] = 1;
  }
  // 4.0 footnote 1 (V air-declare-at-activation): the Luftwaffe zone is activated like a zone
  if (side === GER && day && s.rules.v['air-declare-at-activation'] && s.luftwaffeTurn !== s.turn) {
    const d = dayOf(s.turn);
    if (s.air.some((a) => !a.lost && a.flownDay !== d)) opts.push({ type: 'luftwaffe' });
  }
  if (side === GER) {
    const initiative = canUseInitiative(s, GER);
    let fresh = 0;
    for (let z = 0; z < MAP.count; z++) {
      if (own[z]! === 0) continue;
      if (s.activated[z] === 0) {
        opts.push({ type: 'activate', zone: z, mode: 'all', initiative: false });
        fresh++;
      } else if (initiative && ready[z] === 1)
        opts.push({ type: 'activate', zone: z, mode: 'all', initiative: true });
    }
    // 4.0: every zone not yet activated, one after the other (one answer for what would otherwise be one per zone)
    if (fresh >= 2) opts.push({ type: 'activate-all' });
  } else {
    const { adjStart, adjFlat } = MAP;
    // 3.1 c (M-15): the initiative re-activates a zone already activated, for combat or movement
    const initiative = canUseInitiative(s, CW) && !(s.rules.solitaire && s.rules.soloInitiative === 'never');
    let fresh = 0;
    for (let z = 0; z < MAP.count; z++) {
      if (own[z]! === 0) continue;
      // 4.0 (M-22): combat, day only: contested or adjacent to German units
      let combat = false;
      if (day) {
        combat = other[z]! > 0;
        for (let k = adjStart[z]!, end = adjStart[z + 1]!; k < end && !combat; k++)
          combat = other[adjFlat[k]!]! > 0;
      }
      if (s.activated[z] !== 0) {
        if (!initiative) continue;
        if (combat) opts.push({ type: 'activate', zone: z, mode: 'combat', initiative: true });
        if (mobile[z] === 1) opts.push({ type: 'activate', zone: z, mode: 'move', initiative: true });
        continue;
      }
      if (combat) {
        opts.push({ type: 'activate', zone: z, mode: 'combat', initiative: false });
        fresh++;
      }
      if (s.cwMoves > 0 && ready[z] === 1)
        opts.push({ type: 'activate', zone: z, mode: 'move', initiative: false });
    }
    // 4.0: every zone open to a combat activation, one after the other (not to the solitaire CW, whose 12.2 rules answer zone by zone)
    if (fresh >= 2 && !s.rules.solitaire) opts.push({ type: 'activate-all' });
  }
  if (opts.length === 1) {
    s.stack.pop();
    return null;
  }
  const d = dec('activation', side, 'Merkur 4.0', opts);
  if (zu !== undefined) zu.decision = d;
  return d;
}

/**
 * 4.0: activates zone `zone` for `side` (3.1 c: re-activates it with the initiative) and asks its
 * units' orders. `listed`: the activation step's per-zone lists and counts in the workspace are
 * those of the current positions (nothing moved since it asked).
 */
function activateZone(
  s: MerkurState,
  ws: MerkurWorkspace,
  side: 0 | 1,
  zone: number,
  mode: 'all' | 'move' | 'combat',
  initiative: boolean,
  listed: boolean,
): void {
  s.activated[zone] = 1;
  if (initiative) useInitiative(s, side);
  if (mode === 'move' && !initiative) s.cwMoves--;
  const zoneBased = s.rules.v['zone-based'] === true;
  const units: number[] = [];
  const us = s.units;
  const take = (i: number, u: MUnit) => {
    if (initiative) {
      // 3.1: re-activation removes dispersion in a paradrop turn
      if (u.dispersed) {
        u.dispersed = false;
        s.stats.undispersed_by_initiative++;
      }
      if (!u.fired) units.push(i);
    } else if (!u.acted || zoneBased) units.push(i);
  };
  const zu = ws.zoneUnits;
  if (listed && zu !== undefined) {
    for (let i = zu.head[zone]!; i >= 0; i = zu.next[i]!) take(i, us[i]!);
  } else
    for (let i = 0; i < us.length; i++) {
      const u = us[i]!;
      if (u.zone !== zone || u.side !== side || u.status !== 'map') continue;
      take(i, u);
    }
  const orders: Task = { t: 'orders', side, zone, mode, units, i: 0, orders: [], forced: [] };
  s.stack.push(orders);
  if (listed && ws.occ !== undefined && ws.ordersOcc !== undefined) {
    // the activation step's counts are the positions the orders start from
    ws.ordersOcc.g.set(ws.occ.g);
    ws.ordersOcc.c.set(ws.occ.c);
    ws.ordersTask = orders;
  }
}

/**
 * 4.0 (`activate-all`): the German activates, one after the other in map order, every zone holding
 * German units that it has not activated this turn, each once its predecessor's orders and
 * combats are done (a zone its units enter meanwhile is activated in its turn too, 4.0: the units
 * that moved have acted). The same as answering `activate` for each such zone in that order.
 */
function activateRestStep(s: MerkurState, ws: MerkurWorkspace, side: 0 | 1): null {
  const occ = occupancy(s, ws.occ);
  const own = side === GER ? occ.g : occ.c;
  const other = side === GER ? occ.c : occ.g;
  const { adjStart, adjFlat } = MAP;
  for (let z = 0; z < MAP.count; z++)
    if (own[z]! > 0 && s.activated[z] === 0) {
      if (side === CW) {
        // 4.0 (M-22): a CW combat activation, contested or next to German units (day only, as offered)
        let combat = other[z]! > 0;
        for (let k = adjStart[z]!, end = adjStart[z + 1]!; k < end && !combat; k++)
          combat = other[adjFlat[k]!]! > 0;
        if (!combat || !isDay(s.turn)) continue;
      }
      if (ws.trace !== undefined)
        tell(s, ws, side, 'Merkur 4.0', `activates zone ${MAP.ids[z]} (activate-all)`);
      activateZone(s, ws, side, z, side === GER ? 'all' : 'combat', false, false);
      if (ws.ordersOcc !== undefined && ws.occ !== undefined) {
        ws.ordersOcc.g.set(occ.g);
        ws.ordersOcc.c.set(occ.c);
        ws.ordersTask = s.stack[s.stack.length - 1]!;
      }
      return null;
    }
  s.stack.pop();
  return null;
}

function cwRollStep(
  s: MerkurState,
  ws: MerkurWorkspace,
  task: TaskOf<Task, 'cw-roll'>,
): MerkurDecision | null {
  if (task.rolled < 0) {
    const { k, b } = activationTerms(s);
    const die = d6(ws.streams.stream('activation'));
    task.rolled = activationCount(die, k, b);
    if (s.turn <= 5) {
      if (b > 0) s.stats.cw_conc_bonus_turns++;
    }
    if (ws.trace !== undefined)
      tell(s, ws, CW, 'Merkur 4.0', `activation roll ${die} - ${k} + ${b}: ${task.rolled} zone(s)`, {
        dice: [die],
      });
    if (canUseInitiative(s, CW) && !(s.rules.solitaire && s.rules.soloInitiative === 'never'))
      return dec('initiative', CW, 'Merkur 3.1, 4.0', [
        { type: 'keep' },
        { type: 'reroll' },
        { type: 'plus-one' },
      ]);
  }
  s.cwMoves = task.rolled;
  if (s.turn <= 5) s.cwMovesT15 += task.rolled;
  s.stack.pop();
  return null;
}

/** 4.0 a-d: the next unit's order in the activated zone, or the zone's combats when all have orders. */
function ordersStep(
  s: MerkurState,
  ws: MerkurWorkspace,
  task: TaskOf<Task, 'orders'>,
): MerkurDecision | null {
  const day = isDay(s.turn);
  // positions change only by this task's own move orders (applyAnswer keeps `ws.ordersOcc`):
  // one occupancy pass serves every unit of the activation
  let occ: Occupancy | undefined;
  while (task.i < task.units.length) {
    const ui = task.units[task.i]!;
    const u = s.units[ui]!;
    if (u.status !== 'map' || u.zone !== task.zone) {
      task.i++;
      continue;
    }
    if (occ === undefined) {
      if (ws.ordersOcc === undefined || ws.ordersTask !== task) {
        occ = occupancy(s, ws.ordersOcc);
        if (ws.ordersOcc !== undefined) ws.ordersTask = task;
      } else occ = ws.ordersOcc;
    }
    const opts: OrderOption[] = [{ type: 'stay', unit: ui }];
    if (task.mode !== 'combat')
      for (const to of reachOf(s, ws, task, ui, occ)) opts.push({ type: 'move', unit: ui, to });
    const theirs = task.side === GER ? occ.c : occ.g;
    if (task.mode !== 'move' && day) {
      const z = task.zone;
      if (u.type === 'em' || u.type === 'battery') {
        if (artilleryValue(s, ui) > 0) {
          const ownContested = occ.g[z]! > 0 && occ.c[z]! > 0;
          const targets = ownContested ? [z] : [z, ...MAP.adj[z]!];
          for (const y of targets) {
            if (theirs[y]! === 0) continue;
            if (u.id === 'Ringel' && y === z) continue; // 2.5: Ringel's sum only into an adjacent zone
            opts.push({ type: 'bombard', unit: ui, to: y });
          }
        }
      } else if (u.type !== 'aa' && (!u.dispersed || s.rules.v['dispersed-may-fight'])) {
        // 3.1 Notes: dispersed paras are used "for combat or movement" only once a re-activation
        // with the initiative has removed the marker (V dispersed-may-fight: they fire and assault at 2-3-0)
        if (theirs[z]! > 0) opts.push({ type: 'assault', unit: ui });
        for (const y of MAP.adj[z]!) if (theirs[y]! > 0) opts.push({ type: 'fire', unit: ui, to: y });
      }
    }
    if (opts.length === 1) {
      task.orders.push({ u: ui, o: 'stay' });
      task.i++;
      continue;
    }
    // 4.0 b: the rest of the activation may hold in one answer (not offered to the solitaire CW,
    // whose rules 12.2 answer unit by unit)
    if (!(s.rules.solitaire && task.side === CW))
      for (let k = task.i + 1; k < task.units.length; k++) {
        const v = s.units[task.units[k]!]!;
        if (v.status === 'map' && v.zone === task.zone) {
          opts.push({ type: 'hold', unit: ui });
          break;
        }
      }
    return dec('unit-order', task.side, 'Merkur 4.0', opts);
  }
  s.stack.pop();
  resolveOrders(s, task);
  return null;
}

/**
 * 6.1: `reachable` for unit `ui` of the orders task `task` (standing in its zone) over `occ`; shared
 * by the units of one movement class while no order of the task has moved a unit (`ws.reach`).
 */
function reachOf(
  s: MerkurState,
  ws: MerkurWorkspace,
  task: TaskOf<Task, 'orders'>,
  ui: number,
  occ: Occupancy,
): readonly number[] {
  const u = s.units[ui]!;
  const c = ws.reach;
  if (c === undefined || u.fixed || ws.ordersTask !== task || occ !== ws.ordersOcc)
    return reachable(s, ui, occ, ws.move);
  const moves = ws.ordersMoves ?? 0;
  if (c.task !== task || c.moves !== moves) {
    c.task = task;
    c.moves = moves;
    c.keys.length = 0;
    c.lists.length = 0;
  }
  const key = moveOf(u) * 4 + (u.type === 'tank' ? 2 : 0) + (u.maori ? 1 : 0);
  const k = c.keys.indexOf(key);
  if (k >= 0) return c.lists[k]!;
  const r = reachable(s, ui, occ, ws.move);
  c.keys.push(key);
  c.lists.push(r);
  return r;
}

/** 7.3: bombardment, then fire, then assault; then the forced assaults of units that entered enemy zones (5.5). */
function resolveOrders(s: MerkurState, task: TaskOf<Task, 'orders'>): void {
  const bombards: Bombard[] = [];
  for (const o of task.orders) if (o.o === 'bombard') bombards.push({ u: o.u, to: o.to });
  if (bombards.length === 0) {
    orderCombats(s, task);
    return;
  }
  // 7.3: the bombardments first; the combats are drawn up from what they leave
  const { side, zone, orders, forced } = task;
  s.stack.push({ t: 'order-combats', side, zone, orders, forced });
  s.stack.push({ t: 'bombards', list: bombards, target: null, regroup: false });
}

/** Units of `orders` of kind `o` aimed at `to` that stand on the map in zone `at`, in order. */
function orderedAt(
  s: MerkurState,
  orders: readonly Order[],
  o: 'fire' | 'move',
  to: number,
  at: number,
): number[] {
  const out: number[] = [];
  for (const x of orders) {
    if (x.o !== o || x.to !== to) continue;
    const u = s.units[x.u]!;
    if (u.status !== 'map' || u.zone !== at) continue;
    // 5.5: EMs and batteries do not make the forced assault of the zone they entered
    if (o === 'move' && (u.type === 'em' || u.type === 'battery')) continue;
    out.push(x.u);
  }
  return out;
}

/** 7.3: an activation's fire, assault and forced assaults (5.5), as combat tasks; then 9.0. */
function orderCombats(
  s: MerkurState,
  task: { side: 0 | 1; zone: number; orders: readonly Order[]; forced: readonly number[] },
): void {
  const side = task.side;
  const enemy = (1 - side) as 0 | 1;
  const z = task.zone;
  const orders = task.orders;
  // the combats run as tasks, in order (fire, assault, forced assaults), so that the attacker
  // may re-roll an unfavourable one with the initiative (3.1 a)
  const combats: CombatSpec[] = [];
  // fire targets in the order first named
  for (let k = 0; k < orders.length; k++) {
    const o = orders[k]!;
    if (o.o !== 'fire') continue;
    let seen = false;
    for (let j = 0; j < k && !seen; j++)
      seen = orders[j]!.o === 'fire' && (orders[j] as { to: number }).to === o.to;
    if (seen) continue;
    const att = orderedAt(s, orders, 'fire', o.to, z);
    if (att.length > 0 && countIn(s, o.to, enemy) > 0)
      combats.push({ kind: 'fire', side, attackers: att, zone: o.to, from: z });
  }
  const assault: number[] = [];
  for (const o of orders) {
    if (o.o !== 'assault') continue;
    const u = s.units[o.u]!;
    if (u.status === 'map' && u.zone === z) assault.push(o.u);
  }
  if (assault.length > 0 && countIn(s, z, enemy) > 0)
    combats.push({ kind: 'assault', side, attackers: assault, zone: z, from: z });
  const forced = task.forced;
  for (let k = 0; k < forced.length; k++) {
    const y = forced[k]!;
    if (forced.indexOf(y) !== k) continue;
    const att = orderedAt(s, orders, 'move', y, y);
    if (att.length > 0 && countIn(s, y, enemy) > 0)
      combats.push({ kind: 'assault', side, attackers: att, zone: y, from: y });
  }
  for (let k = combats.length - 1; k >= 0; k--)
    s.stack.push({ t: 'combat', spec: combats[k]!, vals: null, x: 0, y: 0, rerolled: false });
  queueRegroup(s);
}

/**
 * 8.0-8.3 (docs/games/merkur.md "Decisions"): the bombardments of a task, in order. An EM or battery's value is taken
 * (and its fired marker placed, 2.5) when its turn comes; the defender names the target when
 * two or more units may be named (`bombardTargets`); the second defender's loss is its choice too.
 */
function bombardsStep(
  s: MerkurState,
  ws: MerkurWorkspace,
  task: TaskOf<Task, 'bombards'>,
): MerkurDecision | null {
  while (task.list.length > 0) {
    let b = task.list[0]!;
    if ('u' in b) {
      const v = artilleryValue(s, b.u);
      if (v <= 0 || s.units[b.u]!.status !== 'map') {
        task.list.shift();
        continue;
      }
      markFired(s, b.u);
      b = {
        side: s.units[b.u]!.side,
        value: v,
        zone: b.to,
        air: -1,
        firerZone: s.units[b.u]!.zone,
        preinvasion: false,
      };
      task.list[0] = b;
    }
    if (task.target === null) {
      const targets = bombardTargets(s, b);
      if (targets.length > 1)
        return dec(
          'bomb-target',
          (1 - b.side) as 0 | 1,
          'Merkur 8.2',
          targets.map((unit) => ({ type: 'bomb-target', unit })),
        );
      task.target = targets[0] ?? -1;
    }
    const ops: LossOp[] = [];
    resolveBombard(s, ws, b, task.target, ops);
    task.list.shift();
    task.target = null;
    if (ops.length > 0) {
      s.stack.push({ t: 'losses', ops, regroup: false });
      return null;
    }
  }
  s.stack.pop();
  if (task.regroup) queueRegroup(s);
  return null;
}

/**
 * One combat of an activation (7.0-7.4) or on landing (5.2): its attackers must still stand where they attack from and
 * the enemy must still be there (earlier combats may have changed both). An attacker holding the
 * initiative may have both sides re-roll a result of band 1-2 (3.1 a); under V reroll-defender-too a
 * defender holding it may re-roll a result of band 4-5 not re-rolled already. The second result stands.
 */
function combatStep(
  s: MerkurState,
  ws: MerkurWorkspace,
  task: TaskOf<Task, 'combat'>,
): MerkurDecision | null {
  const sp = task.spec;
  const enemy = (1 - sp.side) as 0 | 1;
  if (task.vals === null) {
    const att = sp.attackers.filter((i) => s.units[i]!.status === 'map' && s.units[i]!.zone === sp.from);
    if (att.length === 0 || countIn(s, sp.zone, enemy) === 0) {
      s.stack.pop();
      return null;
    }
    const spec: CombatSpec = att.length === sp.attackers.length ? sp : { ...sp, attackers: att };
    task.spec = spec;
    // G6 (7.1): the attacker chooses the unit that leads, among the participating combat units
    if (spec.leadAttacker === undefined) {
      const leads = combatUnits(s, att);
      if (leads.length > 1)
        return dec(
          'lead-attacker',
          sp.side,
          'Merkur 7.1',
          leads.map((unit) => ({ type: 'lead-attacker', unit })),
        );
    }
    // V-LEADDEF lead-def-any: the defender chooses the unit that leads (7.2)
    if (s.rules.v['lead-def-any'] && spec.leadDefender === undefined) {
      const defs = defenders(s, spec.zone, enemy);
      if (defs.length > 1)
        return dec(
          'lead-defender',
          enemy,
          'Merkur 7.2',
          defs.map((unit) => ({ type: 'lead-defender', unit })),
        );
    }
    // G7, C5 (2.5 Note, 7.1 Note): the attacker, then the defender, names the EM or battery that
    // supports it, or none (art-one-per-zone: every zone's strongest adds, no choice)
    if (!s.rules.v['art-one-per-zone']) {
      const both = s.rules.v['art-assault-and-fire'] === true;
      // no supporter: none (-1), as `supportValue` would find when the values are taken just below
      if (spec.supportA === undefined && (spec.kind !== 'fire' || both)) {
        const list = supporters(s, sp.side, spec.from, false);
        if (list.length > 0) return supportDecision(sp.side, list);
        task.spec.supportA = -1;
      }
      if (spec.supportD === undefined && (spec.kind !== 'fire' || both)) {
        // 5.2: the CW supports a combat on landing only from the landing zone
        const list = supporters(s, enemy, spec.zone, spec.kind === 'landing' && enemy === CW);
        if (list.length > 0) return supportDecision(enemy, list);
        task.spec.supportD = -1;
      }
    }
    task.vals = combatValues(s, task.spec, true);
    task.x = twoD6(ws);
    task.y = twoD6(ws);
    const solitaireNever = sp.side === CW && s.rules.solitaire && s.rules.soloInitiative === 'never';
    if (
      combatBand(s, spec, task.vals, task.x, task.y) <= 2 &&
      canUseInitiative(s, sp.side) &&
      !solitaireNever
    )
      return dec('initiative', sp.side, 'Merkur 3.1, 7.4', [{ type: 'keep' }, { type: 'reroll' }]);
  }
  if (
    s.rules.v['reroll-defender-too'] &&
    !task.rerolled &&
    canUseInitiative(s, enemy) &&
    !(enemy === CW && s.rules.solitaire && s.rules.soloInitiative === 'never') &&
    combatBand(s, task.spec, task.vals!, task.x, task.y) >= 4
  ) {
    task.rerolled = true;
    return dec('initiative', enemy, 'Merkur 3.1, 7.4', [{ type: 'keep' }, { type: 'reroll' }]);
  }
  s.stack.pop();
  const vals = task.vals!;
  const b = finishCombat(s, ws, task.spec, vals, task.x, task.y, false);
  // 7.4: the losses, one at a time, each side choosing where the rules leave it a choice (after a
  // combat on landing the paras regroup once every landing combat is done, `landingStep`)
  s.stack.push({
    t: 'losses',
    ops: bandOps(s, task.spec, b, vals.leadA, vals.leadD),
    regroup: task.spec.kind !== 'landing',
  });
  return null;
}

/**
 * 7.4, 3.2, 6.1 (docs/games/merkur.md "Decisions"): carries out a combat's losses, asking the losing side
 * "all retreat or one halved", the retreat zone when there are two or more, and whether a fort
 * absorbs a loss; then the forts and para regrouping as after any combat.
 */
function lossesStep(
  s: MerkurState,
  ws: MerkurWorkspace,
  task: TaskOf<Task, 'losses'>,
): MerkurDecision | null {
  const q = runLosses(s, ws, task.ops, true);
  if (q === null) {
    s.stack.pop();
    checkForts(s);
    if (task.regroup) queueRegroup(s);
    return null;
  }
  if (q.kind === 'fort-sacrifice')
    return dec('fort-sacrifice', CW, 'Merkur 3.2', [
      { type: 'fort-sacrifice', unit: q.unit, use: true },
      { type: 'fort-sacrifice', unit: q.unit, use: false },
    ]);
  if (q.kind === 'em-follow')
    return dec('retreat-zone', q.side, 'Merkur 2.4', [
      { type: 'retreat', unit: q.unit, zone: q.to, forced: false, em: true },
      { type: 'retreat', unit: q.unit, zone: q.from, forced: false, em: true },
    ]);
  if (q.kind === 'retreat-zone')
    return dec(
      'retreat-zone',
      q.side,
      'Merkur 6.1, 7.4',
      q.zones.map((zone) => ({ type: 'retreat', unit: q.unit, zone, forced: q.forced })),
    );
  if (q.kind === 'second-defender')
    return dec(
      'second-defender',
      q.side,
      'Merkur 8.3',
      q.units.map((unit) => ({ type: 'second-defender', unit })),
    );
  return dec('loss-choice', q.side, 'Merkur 7.4, 8.3', [
    { type: 'loss', unit: -1 },
    ...q.units.map((unit) => ({ type: 'loss' as const, unit })),
  ]);
}

/** G7, C5: `side` names its supporting EM or battery among `list`, or none. */
function supportDecision(side: 0 | 1, list: readonly number[]): MerkurDecision {
  return dec('artillery-support', side, 'Merkur 2.5, 7.1', [
    { type: 'support', unit: -1 },
    ...list.map((unit) => ({ type: 'support' as const, unit })),
  ]);
}

/** 5.3: the next unit of the air-landing queue lands in `zone` (a non-field landing takes a glider test, no -1). */
function airLandNext(s: MerkurState, ws: MerkurWorkspace, zone: number, nonfield: boolean): void {
  const ui = s.airQueueIds[s.airQueue++]!;
  const u = s.units[ui]!;
  u.zone = zone;
  u.status = 'map';
  s.stats.air_landed_units++;
  if (s.firstAirLanding < 0) s.firstAirLanding = s.turn;
  if (!nonfield) return;
  s.stats.nonfield_landings++;
  s.stats.landing_tests++;
  if (landingReduced(d6(ws.streams.stream('landing')), landingModifier(s, zone, true))) {
    u.reduced = true;
    s.stats.nonfield_reduced++;
    s.stats.landing_reduced++;
    s.stats.german_steps_lost++;
  }
}

/** 9.0: each fourth para loss triggers a regrouping. */
function queueRegroup(s: MerkurState): void {
  if (s.paraLosses.length >= 4 && !s.stack.some((t) => t.t === 'regroup'))
    s.stack.push({ t: 'regroup', units: s.paraLosses.slice(0, 4) });
}

/** 9.0: the zone a regrouped para returns to: its regiment's, an EM's, or the most paras'. */
export function regroupZone(s: MerkurState, ui: number): number {
  const u = s.units[ui]!;
  let best = -1;
  let key = -1;
  for (let z = 0; z < MAP.count; z++) {
    const here = unitsIn(s, z, GER);
    if (here.length === 0 || room(s, z, GER) <= 0) continue;
    const regt = here.some((i) => s.units[i]!.group === u.group && s.units[i]!.type === 'para');
    const em = here.some((i) => s.units[i]!.type === 'em');
    const paras = here.filter((i) => s.units[i]!.type === 'para').length;
    const k = (regt ? 1000 : 0) + (em ? 100 : 0) + paras;
    if (k > key) {
      key = k;
      best = z;
    }
  }
  return best;
}

/** The side index of decision `d`. */
function sideOf(d: MerkurDecision): 0 | 1 {
  return d.side === 'german' ? GER : CW;
}

/** A task kind that asks nothing: answering it is an engine error. */
function asksNothing(_s: MerkurState, _ws: MerkurWorkspace, task: Task, d: MerkurDecision): never {
  throw new Error(`Merkur: decision ${d.kind} answered in task ${task.t}, which asks none`);
}

/** 5.2 with 3.1 a: the landing test kept, or re-rolled with the initiative. */
function answerLandingInitiative(
  s: MerkurState,
  ws: MerkurWorkspace,
  task: TaskOf<Task, 'landing'>,
  type: InitiativeOption['type'],
): void {
  const ui = task.units[task.i]!;
  let reduced = true;
  if (type === 'reroll') {
    useInitiative(s, GER);
    const z = task.zones[task.i]!;
    s.stats.landing_tests++;
    reduced = landingReduced(d6(ws.streams.stream('landing')), landingModifier(s, z, s.units[ui]!.glider));
  }
  applyLanding(s, ui, reduced);
  task.rerolled = false;
  task.i++;
}

/** 4.0 with 3.1 c: the CW activation roll kept, re-rolled, or raised by one with the initiative. */
function answerRollInitiative(
  s: MerkurState,
  ws: MerkurWorkspace,
  task: TaskOf<Task, 'cw-roll'>,
  type: InitiativeOption['type'],
): void {
  if (type === 'reroll') {
    useInitiative(s, CW);
    const { k, b } = activationTerms(s);
    task.rolled = activationCount(d6(ws.streams.stream('activation')), k, b);
  } else if (type === 'plus-one') {
    useInitiative(s, CW);
    task.rolled += 1;
  }
  s.cwMoves = task.rolled;
  if (s.turn <= 5) s.cwMovesT15 += task.rolled;
  s.stack.pop();
}

/** 4.0 a-d: one unit's order (or `hold` for the rest of the activation). */
function answerOrder(s: MerkurState, ws: MerkurWorkspace, t: TaskOf<Task, 'orders'>, o: OrderOption): void {
  if (o.type === 'hold') {
    // 4.0 b: this unit and every unit of the activation still without an order stay
    for (; t.i < t.units.length; t.i++) {
      const ui = t.units[t.i]!;
      const u = s.units[ui]!;
      if (u.status !== 'map' || u.zone !== t.zone) continue;
      u.acted = true;
      t.orders.push({ u: ui, o: 'stay' });
    }
    return;
  }
  t.i++;
  const u = s.units[o.unit]!;
  u.acted = true;
  let order: Order;
  switch (o.type) {
    case 'move': {
      const occ = ws.ordersTask === t ? ws.ordersOcc : undefined;
      if (occ !== undefined) {
        const mine = u.side === GER ? occ.g : occ.c;
        const theirs = u.side === GER ? occ.c : occ.g;
        // 5.5: entering a zone the enemy alone holds is a forced assault
        if (theirs[o.to]! > 0 && mine[o.to]! === 0) t.forced.push(o.to);
        mine[u.zone]!--;
        mine[o.to]!++;
        // `reachable` from the activated zone reads the mover's own counts only where a zone
        // fills up (5.1) or where a first friend opens an enemy-held zone at night (11.0); the
        // start zone keeps the units still to move. Any other move leaves the zones reached as they were.
        if (mine[o.to]! >= STACK_LIMIT || (mine[o.to] === 1 && theirs[o.to]! > 0))
          ws.ordersMoves = (ws.ordersMoves ?? 0) + 1;
      } else {
        const enemy = (1 - u.side) as 0 | 1;
        if (countIn(s, o.to, enemy) > 0 && countIn(s, o.to, u.side) === 0) t.forced.push(o.to);
      }
      u.zone = o.to;
      order = { u: o.unit, o: 'move', to: o.to };
      break;
    }
    case 'fire':
    case 'bombard':
      order = { u: o.unit, o: o.type, to: o.to };
      break;
    case 'stay':
    case 'assault':
      order = { u: o.unit, o: o.type };
      break;
    default:
      unreachable(o);
  }
  t.orders.push(order);
}

/** 5.3: the air-landing answer: an airfield, a plaine zone (one unit, a glider test), or none. */
function answerAirLanding(
  s: MerkurState,
  ws: MerkurWorkspace,
  t: TaskOf<Task, 'air-landing'>,
  o: AirLandOption,
): void {
  if (o.type === 'no-landing') {
    s.stack.pop();
    return;
  }
  const cap = o.type === 'airfield' ? Math.min(s.rules.airLandingPerTurn, room(s, o.zone, GER)) : 1;
  if (o.type === 'airfield') t.used.push(o.zone);
  else t.nonfield = true;
  // V-QUEUEFREE queue-free: the German picks each unit (13.1 is missing)
  if (s.rules.v['queue-free']) {
    s.stack.push({ t: 'air-pick', zone: o.zone, left: cap, nonfield: o.type === 'nonfield' });
    return;
  }
  for (let k = 0; k < cap && s.airQueue < s.airQueueIds.length; k++)
    airLandNext(s, ws, o.zone, o.type === 'nonfield');
}

/** 5.4: the convoy debarks in the zone named (as many as there is room for). */
function answerSea(s: MerkurState, t: TaskOf<Task, 'sea-landing'>, o: SeaOption): void {
  let n = room(s, o.zone, GER);
  for (const i of t.units) {
    if (n <= 0) break;
    const u = s.units[i]!;
    if (u.status !== 'pool') continue;
    u.zone = o.zone;
    u.status = 'map';
    n--;
    if (s.b1.units.includes(i)) s.stats.b1_units_landed++;
  }
  if (!t.units.some((i) => s.units[i]!.status === 'pool')) s.stack.pop();
  // 5.4: debarking onto an enemy-held beach must attack, at the end of the German turn; 11.0: not
  // at night, where only a contested beach may be entered, to reinforce (V night-beach-assault: it attacks)
  const att = combatUnits(s, unitsIn(s, o.zone, GER)).filter((i) => t.units.includes(i));
  if (att.length > 0 && countIn(s, o.zone, CW) > 0 && (isDay(s.turn) || s.rules.v['night-beach-assault']))
    s.beachAssaults.push({ zone: o.zone, units: att });
}

/** 11.0: the Maori attack (the dice, then the loser's loss and retreat) or not. */
function answerMaori(s: MerkurState, ws: MerkurWorkspace, o: MaoriOption): void {
  s.stack.pop();
  if (o.type === 'no-maori') return;
  s.cwMoves--;
  const m = s.units.findIndex((u) => u.maori && u.status === 'map');
  if (o.fire !== true) s.units[m]!.zone = o.zone;
  s.units[m]!.acted = true;
  const spec: CombatSpec = {
    kind: 'maori',
    side: CW,
    attackers: [m],
    zone: o.zone,
    from: s.units[m]!.zone,
    target: o.target,
  };
  // 11.0: the dice, then the loser's loss and retreat (its retreat zone, a fort, 2.4 asked of it)
  const vals = combatValues(s, spec, true);
  const x = twoD6(ws);
  const y = twoD6(ws);
  const b = finishCombat(s, ws, spec, vals, x, y, false);
  s.stack.push({ t: 'losses', ops: maoriOps(b, vals.leadA, vals.leadD), regroup: true });
}

/** 9.0: the para named returns (to `regroupZone`), the other three retire. */
function answerRegroup(s: MerkurState, t: TaskOf<Task, 'regroup'>, back: number): void {
  s.stack.pop();
  s.paraLosses.splice(0, 4);
  for (const i of t.units) {
    const u = s.units[i]!;
    if (i === back) {
      const z = regroupZone(s, i);
      if (z >= 0) {
        u.status = 'map';
        u.zone = z;
        u.reduced = s.rules.v['regroup-reduced'] === true;
        u.dispersed = false;
        s.stats.paras_regrouped++;
        continue;
      }
    }
    u.status = 'retired';
    s.stats.paras_retired++;
  }
}

/** Merkur's turn sequence as the kernel runs it: every task kind, how it steps and takes its answers. */
const MACHINE: TurnMachine<MerkurState, MerkurWorkspace, Task, MerkurDecision> = {
  game: 'Merkur',
  over: (s) => s.over,
  nextPhase,
  // 12: in solitaire the rules answer for the CW
  rulesAnswer: (s, ws, d) => (s.rules.solitaire && d.side === 'commonwealth' ? soloChoose(s, ws, d) : -1),
  narrate(s, ws, d, choice) {
    if (ws.trace === undefined) return;
    tell(s, ws, sideOf(d), d.rule, `${d.kind}: ${describeOption(s, d.options[choice]!)}`, {
      decision: { kind: d.kind, choice, of: d.options.length },
    });
  },
  tasks: {
    forts: {
      step: (s, _ws, task) => fortsStep(s, task),
      answer(s, _ws, task, d, choice) {
        expectKind('Merkur', task.t, d, 'fort');
        const o = d.options[choice]!;
        if (o.type === 'no-fort') s.stack.pop();
        else {
          s.fort[o.zone] = 1;
          task.placed++;
        }
      },
    },
    preinvasion: {
      step: (s, _ws, task) => preinvasionStep(s, task),
      answer(s, _ws, task, d, choice) {
        expectKind('Merkur', task.t, d, 'preinvasion-target');
        const o = d.options[choice]!;
        task.i++;
        if (o.bombard) {
          const b: Bombard = {
            side: GER,
            value: s.rules.preinvasionStrength,
            zone: o.zone,
            air: -1,
            firerZone: -1,
            preinvasion: true,
          };
          s.stack.push({ t: 'bombards', list: [b], target: null, regroup: false });
        }
      },
    },
    drop: {
      step: dropStep,
      answer(_s, _ws, task, d, choice) {
        expectKind('Merkur', task.t, d, 'landing-zone');
        task.zones.push(d.options[choice]!.zone);
        task.i++;
      },
    },
    landing: {
      step: landingStep,
      answer(s, ws, task, d, choice) {
        expectKind('Merkur', task.t, d, 'initiative');
        answerLandingInitiative(s, ws, task, d.options[choice]!.type);
      },
    },
    'solo-place': {
      step(s, ws, task) {
        s.stack.pop();
        soloPlace(s, ws, task.zones);
        return null;
      },
      answer: asksNothing,
    },
    gliders: {
      step: (s) =>
        dec(
          'glider-assign',
          GER,
          'Merkur 3.2',
          STURM_REGIMENT.map((id) => ({ type: 'no-glider', unit: unitIndex(s, id) })),
        ),
      answer(s, _ws, task, d, choice) {
        expectKind('Merkur', task.t, d, 'glider-assign');
        s.stack.pop();
        for (const id of STURM_REGIMENT) s.units[unitIndex(s, id)]!.glider = true;
        s.units[d.options[choice]!.unit]!.glider = false;
        s.units[unitIndex(s, 'Suessmann')]!.glider = false;
      },
    },
    'cw-setup': {
      step: (s, _ws, task) => cwSetupStep(s, task),
      answer(s, _ws, task, d, choice) {
        expectKind('Merkur', task.t, d, 'setup-zone');
        const o = d.options[choice]!;
        const u = s.units[o.unit]!;
        u.zone = o.zone;
        u.status = 'map';
        task.i++;
      },
    },
    'air-pick': {
      step: (s, _ws, task) => airPickStep(s, task),
      answer(s, ws, task, d, choice) {
        expectKind('Merkur', task.t, d, 'air-landing-unit');
        const unit = d.options[choice]!.unit;
        const q = s.airQueueIds;
        const at = q.indexOf(unit, s.airQueue);
        q[at] = q[s.airQueue]!;
        q[s.airQueue] = unit;
        airLandNext(s, ws, task.zone, task.nonfield);
        task.left--;
      },
    },
    'air-landing': {
      step: (s, _ws, task) => airLandingStep(s, task),
      answer(s, ws, task, d, choice) {
        expectKind('Merkur', task.t, d, 'air-landing');
        answerAirLanding(s, ws, task, d.options[choice]!);
      },
    },
    'sea-landing': {
      step: (s, _ws, task) => seaLandingStep(s, task),
      answer(s, _ws, task, d, choice) {
        expectKind('Merkur', task.t, d, 'sea-landing');
        answerSea(s, task, d.options[choice]!);
      },
    },
    'air-missions': {
      step: (s, _ws, task) => airMissionsStep(s, task),
      answer(s, _ws, task, d, choice) {
        expectKind('Merkur', task.t, d, 'air-mission');
        const o = d.options[choice]!;
        task.i++;
        switch (o.type) {
          case 'air-none':
            return;
          case 'air-support':
            s.air[o.air]!.flownDay = dayOf(s.turn);
            s.airSupport++;
            return;
          case 'air-bomb':
            s.air[o.air]!.flownDay = dayOf(s.turn);
            // 8.0 Notes: placed now, resolved once every air unit has its mission
            task.planned.push(o.air, o.zone);
            return;
          default:
            return unreachable(o);
        }
      },
    },
    activations: {
      step: (s, ws, task) => activationStep(s, ws, task.side),
      answer(s, ws, task, d, choice) {
        expectKind('Merkur', task.t, d, 'activation');
        const o = d.options[choice]!;
        switch (o.type) {
          case 'activate': {
            const zu = ws.zoneUnits;
            activateZone(
              s,
              ws,
              sideOf(d),
              o.zone,
              o.mode,
              o.initiative,
              zu !== undefined && zu.decision === d,
            );
            return;
          }
          case 'activate-all':
            s.stack.push({ t: 'activate-rest', side: sideOf(d) });
            return;
          case 'luftwaffe':
            s.luftwaffeTurn = s.turn;
            s.stack.push({ t: 'air-missions', i: 0, planned: [] });
            return;
          case 'end-activations':
            s.stack.pop();
            return;
          default:
            return unreachable(o);
        }
      },
    },
    'activate-rest': { step: (s, ws, task) => activateRestStep(s, ws, task.side), answer: asksNothing },
    orders: {
      step: ordersStep,
      answer(s, ws, task, d, choice) {
        expectKind('Merkur', task.t, d, 'unit-order');
        answerOrder(s, ws, task, d.options[choice]!);
      },
    },
    'cw-roll': {
      step: cwRollStep,
      answer(s, ws, task, d, choice) {
        expectKind('Merkur', task.t, d, 'initiative');
        answerRollInitiative(s, ws, task, d.options[choice]!.type);
      },
    },
    maori: {
      step: (s) => maoriStep(s),
      answer(s, ws, task, d, choice) {
        expectKind('Merkur', task.t, d, 'maori-night');
        answerMaori(s, ws, d.options[choice]!);
      },
    },
    regroup: {
      step(s, _ws, task) {
        if (task.units.length > 0)
          return dec(
            'regroup',
            GER,
            'Merkur 9.0',
            task.units.map((unit) => ({ type: 'regroup', unit })),
          );
        s.stack.pop();
        return null;
      },
      answer(s, _ws, task, d, choice) {
        expectKind('Merkur', task.t, d, 'regroup');
        answerRegroup(s, task, d.options[choice]!.unit);
      },
    },
    combat: {
      step: combatStep,
      answer(s, ws, task, d, choice) {
        expectKind('Merkur', task.t, d, 'lead-attacker', 'lead-defender', 'artillery-support', 'initiative');
        const spec = task.spec;
        switch (d.kind) {
          case 'lead-attacker':
            spec.leadAttacker = d.options[choice]!.unit;
            return;
          case 'lead-defender':
            spec.leadDefender = d.options[choice]!.unit;
            return;
          case 'artillery-support':
            if (sideOf(d) === spec.side) spec.supportA = d.options[choice]!.unit;
            else spec.supportD = d.options[choice]!.unit;
            return;
          case 'initiative':
            // the attacker's question comes first: after it, the result (kept or re-rolled) is not
            // offered to the defender again once re-rolled
            if (d.options[choice]!.type === 'reroll') {
              useInitiative(s, sideOf(d));
              task.x = twoD6(ws);
              task.y = twoD6(ws);
              task.rerolled = true;
            }
            return;
          default:
            return unreachable(d);
        }
      },
    },
    losses: {
      step: lossesStep,
      answer(_s, _ws, task, d, choice) {
        expectKind('Merkur', task.t, d, 'fort-sacrifice', 'retreat-zone', 'loss-choice', 'second-defender');
        const op = task.ops[0]!;
        switch (d.kind) {
          case 'fort-sacrifice':
            if (op.k === 'step' || op.k === 'elim') op.fort = d.options[choice]!.use;
            return;
          case 'retreat-zone': {
            const zone = d.options[choice]!.zone;
            if (op.k === 'retreat') op.zone = zone;
            else if (op.k === 'em') op.follow = zone === op.to;
            return;
          }
          case 'loss-choice':
            if (op.k === 'group') op.halve = d.options[choice]!.unit;
            return;
          case 'second-defender':
            if (op.k === 'second') op.pick = d.options[choice]!.unit;
            return;
          default:
            return unreachable(d);
        }
      },
    },
    bombards: {
      step: bombardsStep,
      answer(_s, _ws, task, d, choice) {
        expectKind('Merkur', task.t, d, 'bomb-target');
        task.target = d.options[choice]!.unit;
      },
    },
    'order-combats': {
      step(s, _ws, task) {
        s.stack.pop();
        orderCombats(s, task);
        return null;
      },
      answer: asksNothing,
    },
    'rn-losses': {
      step: (s, _ws, task) => navyLossesStep(s, task),
      answer(s, _ws, task, d, choice) {
        expectKind('Merkur', task.t, d, 'rn-losses');
        const unit = d.options[choice]!.unit;
        s.units[unit]!.status = 'lost';
        task.left.splice(task.left.indexOf(unit), 1);
        task.k--;
      },
    },
    'rn-reroll': {
      step: (s) => dec('initiative', s.initiative, 'Merkur 3.1, 5.4', [{ type: 'keep' }, { type: 'reroll' }]),
      answer(s, ws, task, d, choice) {
        expectKind('Merkur', task.t, d, 'initiative');
        s.stack.pop();
        let die = task.die;
        if (d.options[choice]!.type === 'reroll') {
          useInitiative(s, sideOf(d));
          die = d6(ws.streams.stream('navy'));
        }
        navyOutcome(s, ws, die);
      },
    },
  },
};

/** GameDefinition.advance: the rules run to the next decision (or chance point). */
export function advance(s: MerkurState, ws: MerkurWorkspace): MerkurPending | null {
  return runMachine(MACHINE, s, ws);
}

/** `advance` that stops as soon as `stop(s)` holds before a rules step (for tools and tests). */
export function runUntil(
  s: MerkurState,
  ws: MerkurWorkspace,
  stop?: (s: MerkurState) => boolean,
): MerkurPending | null {
  return runMachine(MACHINE, s, ws, stop);
}

/** GameDefinition.apply. */
export function apply(s: MerkurState, ws: MerkurWorkspace, pending: MerkurPending, choice: number): void {
  answerMachine(MACHINE, s, ws, pending, choice);
}
