/**
 * Where a force can strike this turn (SCS 6.2, 9.3, 9.7): a search over Soviet hexes free of other
 * armies, spending MF by terrain, finding each German hex it could enter (fortified localities
 * excluded, 10.13) with the MF it would have left.
 */
import { scsMap } from '../map.js';
import { entryCost } from '../movement.js';
import type { Cfg } from '../parameters.js';
import { PocketScratch } from '../pockets.js';
import { GERMAN, type ScsState, SOVIET } from '../state.js';

/**
 * A policy's scratch for strike searches (one per policy instance, never shared, so the search is
 * re-entrant). After `search`, `found[0..count)` lists the German hexes a force can strike (each
 * once, in search order) and `left[h]` the most MF it could have left on entering h (9.3's rounds).
 */
export class Reach {
  readonly found = new Int16Array(scsMap.size);
  count = 0;
  readonly left = new Int8Array(scsMap.size);
  /** Hexes holding an army, as `markOccupied` last saw them. */
  readonly occupied = new Uint8Array(scsMap.size);
  /** The hexes `occupied` marks: `marked[0..nMarked)`. */
  marked = new Int16Array(16);
  nMarked = 0;
  /** Per hex, its German neighbours that are not fortified localities, and its Soviet ones, as `syncControl` last saw them. */
  private readonly strikeNb = new Int8Array(scsMap.size);
  readonly sovietNb = new Int8Array(scsMap.size);
  private readonly seenControl = new Int8Array(scsMap.size).fill(-1);
  private strikeCfg: Cfg | null = null;
  private strikeVersion = -1;
  // a hex is queued each time its MF left improves: at most (MF + 1) times
  private queue = new Int16Array(scsMap.size * 8);
  private readonly best = new Int8Array(scsMap.size).fill(-1);
  /** `seen[h] === stamp`: h is in `found` of the current search (no clearing between searches). */
  private readonly seen = new Int32Array(scsMap.size);
  private stamp = 0;
  /** SCS 9.10: entryCost of every hex of the configuration last seen. */
  private readonly costs = new Int8Array(scsMap.size);
  private costCfg: Cfg | null = null;
  /** The least of `costs` (a hex reached with less MF left can enter no further hex). */
  private minCost = 0;
  /** The pocket searches' buffers (8.4). */
  readonly pockets = new PocketScratch();

  /** SCS 9.10: entryCost of every hex of `s`'s configuration (computed once per Cfg). */
  entryCosts(s: ScsState): Int8Array {
    if (s.cfg !== this.costCfg) {
      this.costCfg = s.cfg;
      let least = Number.POSITIVE_INFINITY;
      for (let h = 0; h < scsMap.size; h++) {
        this.costs[h] = entryCost(s, h);
        least = Math.min(least, this.costs[h]!);
      }
      this.minCost = least;
    }
    return this.costs;
  }

  /** The least entry cost of `s`'s configuration (9.10): a force with `mf` MF enters no hex more than mf / it steps away. */
  leastCost(s: ScsState): number {
    this.entryCosts(s);
    return this.minCost;
  }

  /** Forgets the game played so far (the next `syncControl` looks at every hex's control). */
  reset(): void {
    this.strikeVersion = -1;
    this.markedState = null;
  }

  /**
   * The decision being answered (-1: none declared). A policy sets a new value for each decision it
   * answers; while it holds, the state cannot change, so `markOccupied` marks it once.
   */
  decision = -1;
  private markedDecision = -1;
  private markedState: ScsState | null = null;

  /** Marks the hexes holding an army and brings the neighbour counts up to date (before a movement decision's searches). */
  markOccupied(s: ScsState): void {
    if (this.decision >= 0 && this.markedDecision === this.decision && this.markedState === s) return;
    this.markedDecision = this.decision;
    this.markedState = s;
    const occ = this.occupied;
    // clear the hexes marked last time (every other entry of `occupied` is 0), then mark the armies' hexes now
    for (let i = 0; i < this.nMarked; i++) occ[this.marked[i]!] = 0;
    const armies = s.armies;
    if (this.marked.length < armies.length) this.marked = new Int16Array(armies.length);
    const marked = this.marked;
    let n = 0;
    for (let i = 0; i < armies.length - 1; i++) {
      const h = armies[i]!.hex;
      if (h >= 0) {
        occ[h] = 1;
        marked[n++] = h;
      }
    }
    this.nMarked = n;
    this.syncControl(s);
  }

  /**
   * Brings `strikeNb` and `sovietNb` up to date with the control of `s`, from the hexes whose control
   * changed (`seenControl`; -1: not seen under this Cfg), looked for when hexesTaken moved.
   */
  syncControl(s: ScsState): void {
    // control changes only by a capture (3.8), which counts in hexesTaken
    if (s.stats.hexesTaken === this.strikeVersion && s.cfg === this.strikeCfg) return;
    this.strikeVersion = s.stats.hexesTaken;
    const fortified = s.cfg.fortified;
    const seen = this.seenControl;
    const strikeNb = this.strikeNb;
    const sovietNb = this.sovietNb;
    if (s.cfg !== this.strikeCfg) {
      this.strikeCfg = s.cfg;
      seen.fill(-1);
      strikeNb.fill(0);
      sovietNb.fill(0);
    }
    const control = s.control;
    const nb = scsMap.nb;
    const deg = scsMap.deg;
    for (let u = 0; u < scsMap.size; u++) {
      const c = control[u]!;
      const was = seen[u]!;
      if (c === was) continue;
      seen[u] = c;
      const strike =
        (c === GERMAN && fortified[u] !== 1 ? 1 : 0) - (was === GERMAN && fortified[u] !== 1 ? 1 : 0);
      const soviet = (c === SOVIET ? 1 : 0) - (was === SOVIET ? 1 : 0);
      for (let k = 6 * u, end = 6 * u + deg[u]!; k < end; k++) {
        const n = nb[k]!;
        strikeNb[n]! += strike;
        sovietNb[n]! += soviet;
      }
    }
  }

  /**
   * Searches for a force in `from` with `mf` MF (`self`: the moving army's own hex), over hexes free
   * of the armies `markOccupied` saw, in the state it saw.
   */
  search(s: ScsState, from: number, mf: number, self: number): void {
    const found = this.found;
    const left = this.left;
    const best = this.best;
    const occupied = this.occupied;
    const seen = this.seen;
    if (this.stamp === 0x7fffffff) {
      seen.fill(0);
      this.stamp = 0;
    }
    const stamp = ++this.stamp;
    let count = 0;
    const cost = this.entryCosts(s);
    const minCost = this.minCost;
    const strikeNb = this.strikeNb;
    const control = s.control;
    const fortified = s.cfg.fortified;
    const nb = scsMap.nb;
    const deg = scsMap.deg;
    if (this.queue.length < scsMap.size * (mf + 1)) this.queue = new Int16Array(scsMap.size * (mf + 1));
    const queue = this.queue;
    let tail = 0;
    queue[tail++] = from;
    best[from] = mf;
    for (let head = 0; head < tail; head++) {
      const u = queue[head]!;
      const r = best[u]!;
      for (let k = 6 * u, end = 6 * u + deg[u]!; k < end; k++) {
        const n = nb[k]!;
        const c = cost[n]!;
        if (c > r) continue;
        if (control[n] === GERMAN) {
          if (fortified[n] !== 1) {
            const l = r - c;
            if (seen[n] !== stamp) {
              seen[n] = stamp;
              found[count++] = n;
              left[n] = l;
            } else if (l > left[n]!) left[n] = l;
          }
        } else if (r - c > best[n]! && r - c >= minCost && (n === self || occupied[n] === 0)) {
          // not queued: a hex left with less than the least entry cost (it enters nothing), and one
          // that can enter one hex at most and has no German neighbour to strike
          if (r - c < 2 * minCost && strikeNb[n] === 0) continue;
          best[n] = r - c;
          queue[tail++] = n;
        }
      }
    }
    for (let i = 0; i < tail; i++) best[queue[i]!] = -1;
    this.count = count;
  }
}
