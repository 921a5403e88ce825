/**
 * What a scripted Soviet policy (common.ts) keeps across decisions: the turn-1 plan (4.2) and the
 * caches of one control version and turn (facts about German hexes, the front, the distances to
 * targets). Some entries are kept as first computed in a version, so the answers depend on them
 * and a clone of a policy copies them all (copyMemory).
 */
import { scsMap } from '../map.js';
import type { Cfg } from '../parameters.js';
import { cannotPocket, PocketScratch, pocketIfTaken } from '../pockets.js';
import { GERMAN, type ScsState } from '../state.js';
import { PlanScratch } from './plan.js';
import type { Reach } from './reach.js';

/** Facts about a German hex, cached per control state. */
export interface HexInfo {
  /** Hexes of the pocket its capture would threaten (8.4). */
  pocket: number;
  /** Fortified localities inside that pocket (10.13). */
  pocketFortified: number;
  /** German neighbours that would become new front hexes (new blind draws, 3.7). */
  newFront: number;
  /** Adjacent to Moscow or Tula (4.2). */
  nearCapital: boolean;
  /** German fortified localities within one / two hexes (encirclement rings, 10.13). */
  fortifiedNear1: number;
  fortifiedNear2: number;
  /** Distance to the nearest German fortified locality (99 when none is left). */
  fortifiedDist: number;
}

export const N = scsMap.size;
/** Hex distances and adjacency, precomputed once (speed: no cube objects per decision). */
export const DIST = new Uint8Array(N * N);
const ADJ = new Uint8Array(N * N);
for (let a = 0; a < N; a++) {
  for (let b = 0; b < N; b++) DIST[a * N + b] = scsMap.distance(a, b);
  for (const b of scsMap.nbr[a]!) ADJ[a * N + b] = 1;
}
export const adjacent = (a: number, b: number): boolean => b >= 0 && ADJ[a * N + b] === 1;

/** Per-policy cache of HexInfo, invalidated whenever a hex changes control. */
export class InfoCache {
  private version = -1;
  private turn = -1;
  /** One HexInfo per hex, rewritten in place: valid while `stamp[h]` is the current `epoch`. */
  private readonly infos: HexInfo[] = Array.from({ length: scsMap.size }, () => ({
    pocket: 0,
    pocketFortified: 0,
    newFront: 0,
    nearCapital: false,
    fortifiedNear1: 0,
    fortifiedNear2: 0,
    fortifiedDist: 99,
  }));
  private readonly stamp = new Int32Array(scsMap.size);
  private epoch = 1;
  private readonly cut: number[] = [];
  private readonly pockets = new PocketScratch();
  /** The fortified-locality hexes of the configuration last seen (10.13). */
  private fortifiedCfg: Cfg | null = null;
  /** Per hex h, the configuration's fortified localities (10.13) nearest first: `byDist[h * nf + i]`, `nf` of them. */
  private byDist = new Int16Array(0);
  private nf = 0;
  /** Forgets the game played so far (the next `get` recomputes). */
  reset(): void {
    this.version = -1;
    this.turn = -1;
    this.epoch++;
  }
  /**
   * A copy sharing nothing mutable: the entries of a control version are kept as first computed
   * (a held unit, 8.9, changes `newFront` without a capture), so a copy must carry them.
   */
  copy(): InfoCache {
    const c = new InfoCache();
    c.version = this.version;
    c.turn = this.turn;
    for (let h = 0; h < this.infos.length; h++) Object.assign(c.infos[h]!, this.infos[h]!);
    c.stamp.set(this.stamp);
    c.epoch = this.epoch;
    c.fortifiedCfg = this.fortifiedCfg;
    c.byDist = this.byDist.slice();
    c.nf = this.nf;
    return c;
  }
  /** The fortified-locality lists of `byDist` for a game's configuration (built once per Cfg). */
  private fortifiedOf(cfg: Cfg): void {
    if (cfg === this.fortifiedCfg) return;
    this.fortifiedCfg = cfg;
    const list: number[] = [];
    for (let h = 0; h < scsMap.size; h++) if (cfg.fortified[h] === 1) list.push(h);
    const nf = list.length;
    this.nf = nf;
    this.byDist = new Int16Array(scsMap.size * nf);
    for (let h = 0; h < scsMap.size; h++) {
      const sorted = [...list].sort((x, y) => DIST[h * N + x]! - DIST[h * N + y]!);
      this.byDist.set(sorted, h * nf);
    }
  }
  get(s: ScsState, h: number): HexInfo {
    if (s.stats.hexesTaken !== this.version || s.turn !== this.turn) {
      this.version = s.stats.hexesTaken;
      this.turn = s.turn;
      this.epoch++;
    }
    const info = this.infos[h]!;
    if (this.stamp[h] !== this.epoch) {
      this.stamp[h] = this.epoch;
      let newFront = 0;
      for (let k = 6 * h, end = 6 * h + scsMap.deg[h]!; k < end; k++) {
        const n = scsMap.nb[k]!;
        if (s.control[n] !== GERMAN || s.marker[n]! >= 0 || s.held[n]!.length > 0) continue;
        newFront++;
      }
      // the German fortified localities within 1 and 2 hexes, and the nearest one (nearest first: stop past 2 once one is found)
      let f1 = 0;
      let f2 = 0;
      let fd = 99;
      this.fortifiedOf(s.cfg);
      const nf = this.nf;
      const byDist = this.byDist;
      for (let i = h * nf, end = h * nf + nf; i < end; i++) {
        const f = byDist[i]!;
        const d = DIST[h * N + f]!;
        if (d > 2 && fd < 99) break;
        if (s.control[f] !== GERMAN) continue;
        if (d === 1) f1++;
        else if (d === 2) f2++;
        if (d < fd) fd = d;
      }
      // SCS 8.4 per hex (allPockets' size and fortified counts; most German hexes cannot pocket anything)
      let pocket = 0;
      let pocketFortified = 0;
      if (s.control[h] === GERMAN && !cannotPocket(s.control, h)) {
        const cut = pocketIfTaken(s.control, h, this.cut, this.pockets);
        pocket = cut.length;
        for (const x of cut) if (s.cfg.fortified[x] === 1) pocketFortified++;
      }
      info.pocket = pocket;
      info.pocketFortified = pocketFortified;
      info.newFront = newFront;
      info.nearCapital = scsMap.isCapitalRing[h] === 1;
      info.fortifiedNear1 = f1;
      info.fortifiedNear2 = f2;
      info.fortifiedDist = fd;
    }
    return info;
  }
}

/**
 * The front hexes of one control version and turn: German, not fortified, next to a Soviet hex
 * (3.7). `freeze` keeps, instead, those a value function rated > 0 when first asked in the version.
 */
export class FrontCache {
  private version = -1;
  private turn = -1;
  readonly hexes = new Int16Array(scsMap.size);
  count = 0;
  /** `counts`: the policy's Reach, whose `sovietNb` gives each hex's Soviet neighbours. */
  constructor(
    private readonly counts: Reach,
    private readonly freeze = false,
  ) {}
  /** Forgets the game played so far (the next `get` recomputes). */
  reset(): void {
    this.version = -1;
    this.turn = -1;
  }
  /** A copy over `counts` (the copy's own Reach): a frozen front is kept as first rated. */
  copy(counts: Reach): FrontCache {
    const c = new FrontCache(counts, this.freeze);
    c.version = this.version;
    c.turn = this.turn;
    c.hexes.set(this.hexes);
    c.count = this.count;
    return c;
  }
  get(s: ScsState, value: (h: number) => number): this {
    if (this.version === s.stats.hexesTaken && this.turn === s.turn) return this;
    this.counts.syncControl(s);
    const sovietNb = this.counts.sovietNb;
    const control = s.control;
    const fortified = s.cfg.fortified;
    let count = 0;
    for (let h = 0; h < scsMap.size; h++) {
      if (sovietNb[h] === 0 || control[h] !== GERMAN || fortified[h] === 1) continue;
      if (!this.freeze || value(h) > 0) this.hexes[count++] = h;
    }
    this.count = count;
    this.version = s.stats.hexesTaken;
    this.turn = s.turn;
    return this;
  }
}

/**
 * Hex steps from h to the nearest front hex valued > 0 (-1 when there is none): how far a force is
 * from a target for next turn. On this map hex steps equal the hex distance (a full offset
 * rectangle), so no search is needed, and only front hexes nearer than the best so far are valued.
 */
export function nearestTarget(f: FrontCache, value: (h: number) => number, h: number): number {
  const hexes = f.hexes;
  let best = 0x7fff;
  for (let i = 0; i < f.count; i++) {
    const t = hexes[i]!;
    const d = DIST[h * N + t]!;
    if (d < best && value(t) > 0) best = d;
  }
  return best === 0x7fff ? -1 : best;
}

export const positive = (): number => 1;
/** nearestTarget per hex for one value key, control version and turn (-2: not yet known), and the key's front hexes valued > 0 (`nt` < 0: not yet listed). */
export interface DistMemo {
  version: number;
  turn: number;
  dist: Int16Array;
  targets: Int16Array;
  nt: number;
}
/** The distMemo key of the frozen front (valueKey NaN); valueKey's own keys are other numbers. */
export const FROZEN = -0x7fff;

/** nearestTarget memo of one valueKey (see DistMemo), copied for a forked policy. */
function copyDistMemo(m: DistMemo): DistMemo {
  return { version: m.version, turn: m.turn, dist: m.dist.slice(), targets: m.targets.slice(), nt: m.nt };
}

/**
 * What a trait policy keeps across decisions: the turn-1 plan (`planned`, 4.2) and the caches of
 * one control version and turn. Some cached values are kept as first computed in a version (the
 * frozen front, HexInfo, the values built on them), so answers depend on them: a clone copies it all.
 */
export interface Memory {
  readonly cache: InfoCache;
  readonly scratch: PlanScratch;
  readonly fronts: FrontCache;
  readonly frozen: FrontCache;
  /** nearestTarget per hex, per valueKey over `fronts`, and `FROZEN` over `frozen`; -2 = not yet known. */
  readonly distMemo: Map<number, DistMemo>;
  /** Hex values per valueKey, valid for one control version and turn. */
  readonly memo: Map<number, { version: number; turn: number; vals: Float64Array }>;
  /** Values keyed NaN, valid while `stamps[h]` is the stamp of the closure that wrote them (one state: one call). */
  readonly once: { stamp: number; stamps: Int32Array; vals: Float64Array };
  /** Turn-1 plan: the ring hex each planned army was sent against (4.2), -1 for none. */
  readonly planned: Int32Array;
}

export function freshMemory(): Memory {
  const scratch = new PlanScratch();
  return {
    cache: new InfoCache(),
    scratch,
    fronts: new FrontCache(scratch),
    frozen: new FrontCache(scratch, true),
    distMemo: new Map(),
    memo: new Map(),
    once: { stamp: 0, stamps: new Int32Array(scsMap.size), vals: new Float64Array(scsMap.size) },
    planned: new Int32Array(32).fill(-1),
  };
}

/** A deep copy of `m` (the plan scratch is derived from the state alone: a fresh one answers the same). */
export function copyMemory(m: Memory): Memory {
  const scratch = new PlanScratch();
  const memo = new Map<number, { version: number; turn: number; vals: Float64Array }>();
  for (const [k, v] of m.memo) memo.set(k, { version: v.version, turn: v.turn, vals: v.vals.slice() });
  const distMemo = new Map<number, DistMemo>();
  for (const [k, v] of m.distMemo) distMemo.set(k, copyDistMemo(v));
  return {
    cache: m.cache.copy(),
    scratch,
    fronts: m.fronts.copy(scratch),
    frozen: m.frozen.copy(scratch),
    distMemo,
    memo,
    once: { stamp: m.once.stamp, stamps: m.once.stamps.slice(), vals: m.once.vals.slice() },
    planned: m.planned.slice(),
  };
}
