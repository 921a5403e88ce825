/**
 * Setting up (K6): the units (K2: the counters of data/crete.json at the factors of the
 * parameters), the German secret allocation of the para battalions to boards (K6.1, decision
 * allocate-drop per battalion, at least the minimum), then the British set-up unit by unit on any
 * square with room (K6.2, K11.1), without seeing the allocation.
 */
import type { GameSeed, GameSetup } from '../../core/game.js';
import { newRngState } from '../../core/rng.js';
import { sortSmall } from './combat.js';
import { creteData } from './data.js';
import { type UnitBoard, type UnitTo, unitTo } from './decisions.js';
import { MAP } from './map.js';
import { occupancy } from './movement.js';
import { CRETE_STATS } from './record.js';
import { germanPlan, num, resolveRules } from './resolve.js';
import { type CreteState, type CreteUnit, POOL } from './state.js';
import type { CreteWorkspace } from './workspace.js';

const unit = (
  name: string,
  side: CreteUnit['side'],
  kind: CreteUnit['kind'],
  cf: number,
  mf: number,
  group: number,
): CreteUnit => ({
  name,
  side,
  kind,
  cf,
  mf,
  group,
  loc: POOL,
  landed: 0,
  xTurn: 0,
  to: -1,
});

/** Unit factors under the parameters (K2; docs/games/crete.md, reconstructed values). */
export function unitFactors(setup: GameSetup) {
  const pct = (x: number, p: number, min: number) => Math.max(min, Math.round((x * p) / 100));
  const alliedPct = num(setup, 'allied-cf-percent');
  const airPct = num(setup, 'luftwaffe-percent');
  return {
    sturm: num(setup, 'para-cf-sturm'),
    fjr: num(setup, 'para-cf-fjr'),
    mtn: num(setup, 'mountain-cf'),
    mtnDiv: num(setup, 'mountain-div-cf'),
    germanMf: num(setup, 'german-mf'),
    alliedMf: num(setup, 'allied-mf'),
    greekMf: num(setup, 'greek-mf'),
    allied: (cf: number) => pct(cf, alliedPct, 1),
    air: (cf: number) => pct(cf, airPct, 0),
  };
}

/** K2: every unit counter at its factors. Unit order: 13 paras, 12 mountain, 7 air, 43 Allied (data file order). */
export function makeUnits(setup: GameSetup): CreteUnit[] {
  const f = unitFactors(setup);
  const D = creteData;
  return [
    ...D.german.para.map((p) => {
      const sturm = p.id.startsWith('Sturm');
      return unit(p.id, 'german', 'para', sturm ? f.sturm : f.fjr, f.germanMf, sturm ? 0 : 1);
    }),
    ...D.german.mountain.map((m) => {
      const gjr = m.id.startsWith('GJR');
      return unit(m.id, 'german', 'mtn', gjr ? f.mtn : f.mtnDiv, f.germanMf, gjr ? 0 : 1);
    }),
    ...D.german.luftwaffe.map((a) => unit(a.id, 'german', 'air', f.air(a.cf), 1, 0)),
    ...D.allied.map((a) =>
      unit(a.id, 'british', 'allied', f.allied(a.cf), a.nat === 'G' ? f.greekMf : f.alliedMf, 0),
    ),
  ];
}

export function startGame(setup: GameSetup, seed: GameSeed): CreteState {
  const rules = resolveRules(setup);
  const units = makeUnits(setup);
  const stats = CRETE_STATS.zero();
  stats.first_mountain_turn = -1;
  stats.airfield_german_turn_maleme = -1;
  stats.airfield_german_turn_retimo = -1;
  stats.airfield_german_turn_heraklion = -1;
  return {
    rules,
    rng: newRngState(seed.masterSeed, seed.gameIndex),
    turn: 0,
    phase: 'pregame',
    seq: 0,
    stack: [
      { t: 'setup', i: 0 },
      { t: 'allocate', i: 0 },
    ],
    pending: null,
    over: false,
    units,
    secret: { alloc: units.map(() => -1), plan: germanPlan(setup) },
    fought: [],
    airfieldContested: [0, 0, 0],
    airfieldOpen: [0, 0, 0],
    points: { german: 0, british: 0 },
    drownedCf: 0,
    stats,
    decisions: 0,
  };
}

/** K6.1: the allocation decision of the next para (held back only while the minimum stays reachable). */
export function allocateStep(
  s: CreteState,
  task: { t: 'allocate'; i: number },
): { options: UnitBoard[] } | null {
  while (task.i < s.units.length) {
    const ui = task.i;
    const u = s.units[ui]!;
    if (u.kind !== 'para') {
      task.i++;
      continue;
    }
    const alloc = s.secret!.alloc;
    let allocated = 0;
    let left = 0;
    for (let k = 0; k < s.units.length; k++) {
      if (s.units[k]!.kind !== 'para') continue;
      if (k < ui && alloc[k]! >= 0) allocated++;
      if (k > ui) left++;
    }
    const mayHold = allocated + left >= s.rules.minDrops;
    const boards = mayHold ? [0, 1, 2, -1] : [0, 1, 2];
    return { options: boards.map((board) => ({ u: ui, board })) };
  }
  s.stack.pop();
  return null;
}

export function applyAllocate(s: CreteState, task: { t: 'allocate'; i: number }, o: UnitBoard): void {
  s.secret!.alloc[o.u] = o.board;
  task.i++;
}

/** Per unit index: its set-up option on every square in order, built once and frozen (options share them). */
const EVERY_SQUARE: readonly (readonly UnitTo[])[] = (() => {
  const n =
    creteData.german.para.length +
    creteData.german.mountain.length +
    creteData.german.luftwaffe.length +
    creteData.allied.length;
  const out: (readonly UnitTo[])[] = [];
  for (let u = 0; u < n; u++)
    out.push(Object.freeze(Array.from({ length: MAP.size }, (_, h) => unitTo(u, h))));
  return out;
})();

/** K6.2: the set-up decision of the next Allied unit: any square with fewer than 3 British units. */
export function setupStep(
  s: CreteState,
  ws: CreteWorkspace,
  task: { t: 'setup'; i: number },
): { options: readonly UnitTo[] } | null {
  while (task.i < s.units.length) {
    const ui = task.i;
    if (s.units[ui]!.side !== 'british') {
      task.i++;
      continue;
    }
    occupancy(s, ws);
    const stack = s.rules.stack;
    const all = EVERY_SQUARE[ui];
    if (all === undefined) {
      const options: UnitTo[] = [];
      for (let h = 0; h < MAP.size; h++) if (ws.bri[h]! < stack) options.push(unitTo(ui, h));
      return { options };
    }
    // the full squares, in ascending order, from the British units (at most one in `stack` of them)
    const full = ws.full;
    full.length = 0;
    for (const u of s.units)
      if (u.side === 'british' && u.loc >= 0 && ws.bri[u.loc]! >= stack && !full.includes(u.loc))
        full.push(u.loc);
    // no square full: the unit's shared list
    if (full.length === 0) return { options: all };
    sortSmall(full);
    // the list this unit was given last time (an earlier game of the workspace) if the same squares
    // were full: a set-up policy that does not depend on the dice asks the same questions every game
    const kept = ws.setupLists[ui];
    if (kept !== undefined && kept.stack === stack && sameList(kept.full, full))
      return { options: kept.options };
    const options = new Array<UnitTo>(MAP.size - full.length);
    let k = 0;
    for (let h = 0; h < MAP.size; h++) if (ws.bri[h]! < stack) options[k++] = all[h]!;
    Object.freeze(options);
    ws.setupLists[ui] = { stack, full: full.slice(), options };
    return { options };
  }
  s.stack.pop();
  return null;
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function applySetup(s: CreteState, task: { t: 'setup'; i: number }, o: UnitTo): void {
  s.units[o.u]!.loc = o.to;
  task.i++;
}
