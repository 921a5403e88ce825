/**
 * Supply and isolation (DC 17) and sea control (DC 20): which points each source set reaches through
 * friendly-controlled points, crossing a friendly-controlled sea port to port unless the trace must be
 * overland (DC 17.A.2, 2.B.1.a). Cached per control version in the workspace.
 */
import { memoizeWeak } from '../../core/memo.js';
import { type DcMap, mapByKey } from './map.js';
import type { DcState, DcUnit, SideIx } from './state.js';
import type { DcWorkspace } from './workspace.js';

export function mapOf(s: DcState): DcMap {
  return mapByKey(s.rules.mapKey);
}

/** Source sets (DC 17.A.1-3). */
export type SupplySet =
  | 'german'
  | 'finnish'
  | 'rumanian'
  | 'hungarian'
  | 'italian'
  | 'axis-overland'
  | 'axis-armour'
  | 'soviet'
  | 'soviet-overland'
  | 'soviet-armour';

const SEA_PORTS: readonly string[][] = [['KON'], ['SEV'], ['SEV', 'ROS']];
const AZOV_SEV: readonly string[] = ['SEV'];

/** DC 20: the side controlling each sea (bit 1 Baltic, 2 Black Sea, 4 Azov) — the ports' holder. */
export function seasControlled(s: DcState, side: SideIx): number {
  const m = mapOf(s);
  let bits = 0;
  for (let k = 0; k < SEA_PORTS.length; k++) {
    // DC 20 (variant azov): the Sea of Azov goes with Sevastopol alone under azov-sevastopol
    const ports = k === 2 && s.rules.azovSevastopol ? AZOV_SEV : SEA_PORTS[k]!;
    let held = true;
    for (let j = 0; j < ports.length && held; j++) held = s.control[m.index.get(ports[j]!)!] === side;
    if (held) bits |= 1 << k;
  }
  return bits;
}

/** The source points of each set on each map (`sourcePoints`), built once per map. */
const SOURCES = memoizeWeak((_m: DcMap) => new Map<SupplySet, readonly number[]>());

/** The source points of supply set `set` on map `m` (DC 17.A.1-3), built once per map. */
export function sources(m: DcMap, set: SupplySet): readonly number[] {
  const known = SOURCES(m);
  let v = known.get(set);
  if (v === undefined) {
    v = sourcePoints(m, set);
    known.set(set, v);
  }
  return v;
}

function sourcePoints(m: DcMap, set: SupplySet): number[] {
  const out: number[] = [];
  const id = (x: string) => m.index.get(x)!;
  switch (set) {
    case 'german':
      for (let p = 0; p < m.n; p++) if (m.edgeWest[p] === 1 || m.edgeNorth[p] === 1) out.push(p);
      break;
    case 'finnish':
      out.push(id('HEL'));
      break;
    case 'rumanian':
      out.push(id('BUC'));
      break;
    case 'hungarian':
      out.push(id('CLU'));
      break;
    case 'italian':
      // DC 17.A.1: "Italian units trace supply to Warsaw"
      out.push(id('WAR'));
      break;
    case 'axis-overland':
      for (let p = 0; p < m.n; p++) if (m.edgeWest[p] === 1 || m.edgeNorth[p] === 1) out.push(p);
      out.push(id('HEL'), id('CLU'), id('BUC'));
      break;
    case 'axis-armour':
      for (let p = 0; p < m.n; p++) if (m.edgeWest[p] === 1) out.push(p);
      out.push(id('BUC'));
      break;
    case 'soviet':
    case 'soviet-overland':
      for (let p = 0; p < m.n; p++) if (m.edgeEast[p] === 1) out.push(p);
      break;
    case 'soviet-armour':
      out.push(id('GRO'));
      break;
  }
  return out;
}

const SIDE_OF: Readonly<Record<SupplySet, SideIx>> = {
  german: 0,
  finnish: 0,
  rumanian: 0,
  hungarian: 0,
  italian: 0,
  'axis-overland': 0,
  'axis-armour': 0,
  soviet: 1,
  'soviet-overland': 1,
  'soviet-armour': 1,
};

/**
 * Points reached from `set`'s sources through friendly-controlled points (1 = in supply). Kept per
 * source set with the control it was traced on: when control changed since, a point the side lost
 * outside the reach, or one it gained, leaves the traced points as they were, so the trace only
 * goes on from the gained points it now reaches; a lost point inside the reach or a change of sea
 * control traces afresh. Either way the result is the same set of points.
 */
export function supplyReach(s: DcState, ws: DcWorkspace, set: SupplySet): Uint8Array {
  const hit = ws.supply.get(set);
  if (hit !== undefined && hit.cv === s.cv) return hit.reach;
  const m = mapOf(s);
  const side = SIDE_OF[set];
  const overland = set === 'axis-overland' || set === 'soviet-overland';
  const seas = overland ? 0 : seasControlled(s, side);
  const q = ws.queue;
  let tail = 0;
  if (hit !== undefined && hit.seas === seas) {
    const reach = hit.reach;
    const ctl = hit.ctl;
    let fresh = false;
    for (let p = 0; p < m.n; p++) {
      const now = s.control[p] === side ? 1 : 0;
      if (now === ctl[p]) continue;
      ctl[p] = now;
      if (now === 0) {
        if (reach[p] === 1) fresh = true;
        continue;
      }
      // a gained point: reached from the traced points, by sea, or a source
      let seed = (m.seas[p]! & hit.seaDone) !== 0;
      for (let k = m.adjStart[p]!; k < m.adjStart[p + 1]! && !seed; k++)
        if (reach[m.adjNb[k]!] === 1 && !(overland && m.lineKerch[m.adjLine[k]!] === 1)) seed = true;
      if (!seed && sources(m, set).includes(p)) seed = true;
      if (seed) q[tail++] = p;
    }
    if (!fresh) {
      for (let h = 0; h < tail; h++) reach[q[h]!] = 1;
      hit.seaDone = trace(s, m, reach, q, tail, side, overland, seas, hit.seaDone);
      hit.cv = s.cv;
      return reach;
    }
    tail = 0;
  }
  // a reused workspace's entry keeps its arrays (dcWorkspace marks it), unless made for a smaller map
  const entry =
    hit !== undefined && hit.reach.length >= m.n
      ? hit
      : { cv: 0, reach: new Uint8Array(m.n), ctl: new Uint8Array(m.n), seas: 0, seaDone: 0 };
  const reach = entry.reach;
  reach.fill(0);
  for (let p = 0; p < m.n; p++) entry.ctl[p] = s.control[p] === side ? 1 : 0;
  for (const p of sources(m, set))
    if (s.control[p] === side && reach[p] === 0) {
      reach[p] = 1;
      q[tail++] = p;
    }
  entry.seaDone = trace(s, m, reach, q, tail, side, overland, seas, 0);
  entry.cv = s.cv;
  entry.seas = seas;
  if (entry !== hit) ws.supply.set(set, entry);
  return reach;
}

/**
 * The breadth-first trace behind `supplyReach` from the queued points `q[0..tail)` (already marked),
 * crossing each controlled sea (bits `seas`) once, port to port; returns the seas crossed, with `seaDone`.
 */
function trace(
  s: DcState,
  m: DcMap,
  reach: Uint8Array,
  q: Int16Array,
  tail: number,
  side: SideIx,
  overland: boolean,
  seas: number,
  seaDone: number,
): number {
  let head = 0;
  while (head < tail) {
    const p = q[head++]!;
    for (let k = m.adjStart[p]!; k < m.adjStart[p + 1]!; k++) {
      const nb = m.adjNb[k]!;
      // DC 10.D: no supply across the Kerch Straits for producing replacements (overland trace)
      if (overland && m.lineKerch[m.adjLine[k]!] === 1) continue;
      if (reach[nb] === 0 && s.control[nb] === side) {
        reach[nb] = 1;
        q[tail++] = nb;
      }
    }
    // DC 17.A: across a friendly-controlled sea, port to port
    const ps = m.seas[p]! & seas & ~seaDone;
    if (ps !== 0) {
      seaDone |= ps;
      for (let o = 0; o < m.n; o++)
        if ((m.seas[o]! & ps) !== 0 && reach[o] === 0 && s.control[o] === side) {
          reach[o] = 1;
          q[tail++] = o;
        }
    }
  }
  return seaDone;
}

/** The source set a unit traces to (DC 17.A.1-2). */
export function supplySetOf(s: DcState, u: DcUnit): SupplySet {
  if (u.side === 1) return 'soviet';
  switch (s.rules.types[u.t]!.nation) {
    case 'finnish':
      return 'finnish';
    case 'rumanian':
      return 'rumanian';
    case 'hungarian':
      return 'hungarian';
    case 'italian':
      return 'italian';
    default:
      return 'german';
  }
}

/** DC 17.B: the unit can trace supply from where it stands. */
export function inSupply(s: DcState, ws: DcWorkspace, u: DcUnit): boolean {
  if (u.at < 0) return u.st === 0 && u.atk >= 0 && boxSupplied(s, ws, u);
  return supplyReach(s, ws, supplySetOf(s, u))[u.at] === 1;
}

/**
 * DC 9.A, 17.A: a unit assaulting from its side's off-map box (on the edge line, `at` -1) stands
 * where the German (west edge) and Soviet (eastern edges) supply lines leave the map, so it is in
 * supply; an Axis ally traces from the box through a west-edge point its own source reaches.
 */
function boxSupplied(s: DcState, ws: DcWorkspace, u: DcUnit): boolean {
  const set = supplySetOf(s, u);
  if (set === 'german' || set === 'soviet') return true;
  const m = mapOf(s);
  const reach = supplyReach(s, ws, set);
  for (let p = 0; p < m.n; p++) if (m.edgeWest[p] === 1 && reach[p] === 1) return true;
  return false;
}

/** DC 17.A.3: armoured supply (needed only for breakthrough movement and combat). */
export function inArmourSupply(s: DcState, ws: DcWorkspace, u: DcUnit): boolean {
  return u.at >= 0 && supplyReach(s, ws, u.side === 0 ? 'axis-armour' : 'soviet-armour')[u.at] === 1;
}
