/**
 * Shared machinery of the scripted SFO policies: a per-decision board summary, a battle's expected
 * value from the exact CRT distribution, and one chooser that every policy configures with its own
 * hex valuation and attack threshold. Deterministic given the policy's rng (used for ties only).
 */
import type { Policy, PolicyDef, PolicyParamDef } from '../../../core/game.js';
import { type Rng, randInt } from '../../../core/rng.js';
import { type Battle, makeBattle, retreatOptions } from '../combat.js';
import { type CombatResult, CRT_COLUMNS, type CrtId, crtDistribution } from '../crt.js';
import type { SfoDecision } from '../decisions.js';
import { mapOf, type SfoMap } from '../map.js';
import { columnOdds, combatDieDistribution } from '../odds.js';
import type { SfoState, Side } from '../state.js';
import { newScratch, type SfoScratch } from '../workspace.js';

/** What a policy looks at once per decision: occupancy by side, enemy ZOC of the deciding side, distances. */
export interface Board {
  readonly state: SfoState;
  readonly side: Side;
  readonly m: SfoMap;
  /** Units per hex of the deciding side and of its enemy. */
  readonly own: Uint8Array;
  readonly enemy: Uint8Array;
  /** dist[a * size + b]: hex distance. */
  readonly dist: Uint8Array;
  /** Towns (map indices) with Soviet units; towns with US units. */
  readonly sovTowns: readonly number[];
  readonly usTowns: readonly number[];
  readonly turn: number;
  readonly lastTurn: boolean;
  /** Towns the Soviets do not hold (all towns when they hold every one). */
  readonly sovTargets: readonly number[];
  /** Per town (index into m.towns): enemy units on it or adjacent to it. */
  readonly guard: readonly number[];
  /** Hexes holding enemy units, in no particular order. */
  readonly enemyHexes: readonly number[];
  /** Per hex: own / enemy units on its neighbours (`adjacentFriends` / `adjacentEnemies` without the mover correction). */
  readonly adjOwn: Uint8Array;
  readonly adjEnemy: Uint8Array;
  /** Per-decision lazily filled per-hex tables (see `hexTable`, `nearest`), keyed by identity. */
  readonly tableKeys: unknown[];
  readonly tables: Float64Array[];
  /** The buffers the board was built in (its policy's own). */
  readonly bb: BoardBuffers;
}

/**
 * Buffers of the board summary, reused from one decision to the next by one policy instance: a
 * board is used only while its policy chooses, so the next `board()` may overwrite it. A search
 * that plays a copy of the game forward creates its own policies, hence its own buffers.
 */
export interface BoardBuffers {
  own: Uint8Array;
  enemy: Uint8Array;
  adjOwn: Uint8Array;
  adjEnemy: Uint8Array;
  /** Float64 per-hex tables handed out by `hexTable` and `nearest`. */
  readonly pool: Float64Array[];
  used: number;
  /** The rules' scratch for the policy's own retreat and battle queries (see policyScratch). */
  sc: SfoScratch | null;
}

export function boardBuffers(): BoardBuffers {
  const none = new Uint8Array(0);
  return {
    own: none,
    enemy: none,
    adjOwn: none,
    adjEnemy: none,
    pool: [],
    used: 0,
    sc: null,
  };
}

/** The rules' scratch of a board's policy, made on first use. */
export function policyScratch(bb: BoardBuffers): SfoScratch {
  bb.sc ??= newScratch();
  return bb.sc;
}

function resetBuffers(bb: BoardBuffers, size: number): void {
  if (bb.own.length !== size) {
    // one allocation for the four per-hex counts
    const buf = new ArrayBuffer(4 * size);
    bb.own = new Uint8Array(buf, 0, size);
    bb.enemy = new Uint8Array(buf, size, size);
    bb.adjOwn = new Uint8Array(buf, 2 * size, size);
    bb.adjEnemy = new Uint8Array(buf, 3 * size, size);
    bb.pool.length = 0;
  } else {
    bb.own.fill(0);
    bb.enemy.fill(0);
    bb.adjOwn.fill(0);
    bb.adjEnemy.fill(0);
  }
  bb.used = 0;
}

/** A per-hex Float64 table for the current board (from the reused pool; every entry is overwritten by the caller). */
function poolTable(b: Board): Float64Array {
  const bb = b.bb;
  if (bb.used === bb.pool.length) bb.pool.push(new Float64Array(b.m.size));
  return bb.pool[bb.used++]!;
}

/** The summary of the position for `side`, built in `bb`; valid until the next call with the same buffers. */
export function board(state: SfoState, side: Side, bb: BoardBuffers = boardBuffers()): Board {
  const m = mapOf(state);
  resetBuffers(bb, m.size);
  const own = bb.own;
  const enemy = bb.enemy;
  const adjOwn = bb.adjOwn;
  const adjEnemy = bb.adjEnemy;
  const units = state.units;
  const enemyHexes: number[] = [];
  for (let i = 0; i < units.length; i++) {
    const u = units[i]!;
    if (u.status !== 'map') continue;
    const h = u.hex;
    const ns = m.neighbours[h]!;
    // neighbourhood is symmetric: a unit on h counts as adjacent to each neighbour of h
    if (u.side === side) {
      own[h] = own[h]! + 1;
      for (let j = 0; j < ns.length; j++) adjOwn[ns[j]!] = adjOwn[ns[j]!]! + 1;
    } else {
      if (enemy[h] === 0) enemyHexes.push(h);
      enemy[h] = enemy[h]! + 1;
      for (let j = 0; j < ns.length; j++) adjEnemy[ns[j]!] = adjEnemy[ns[j]!]! + 1;
    }
  }
  const sovOcc = side === 'soviet' ? own : enemy;
  const usOcc = side === 'soviet' ? enemy : own;
  const towns = m.towns;
  const sovTowns: number[] = [];
  const notHeld: number[] = [];
  const usTowns: number[] = [];
  const guard: number[] = [];
  for (let i = 0; i < towns.length; i++) {
    const t = towns[i]!;
    if (sovOcc[t]! > 0) sovTowns.push(t);
    else notHeld.push(t);
    if (usOcc[t]! > 0) usTowns.push(t);
    guard.push(enemy[t]! + adjEnemy[t]!);
  }
  return {
    sovTargets: notHeld.length === 0 ? towns : notHeld,
    guard,
    enemyHexes,
    state,
    side,
    m,
    own,
    enemy,
    dist: m.dist,
    sovTowns,
    usTowns,
    turn: state.turn,
    lastTurn: state.turn >= state.rules.turns,
    adjOwn,
    adjEnemy,
    tableKeys: [],
    tables: [],
    bb,
  };
}

export function dist(b: Board, x: number, y: number): number {
  return b.dist[x * b.m.size + y]!;
}

/**
 * A per-hex table of this decision, filled once by `fill` (a module-level function, the table's
 * identity) on first use; `fill` must write every entry (the buffer is reused).
 */
export function hexTable(b: Board, fill: (b: Board, out: Float64Array) => void): Float64Array {
  const keys = b.tableKeys;
  for (let i = 0; i < keys.length; i++) if (keys[i] === fill) return b.tables[i]!;
  const out = poolTable(b);
  fill(b, out);
  keys.push(fill);
  b.tables.push(out);
  return out;
}

/** Number of units of the enemy adjacent to `h`. */
export function adjacentEnemies(b: Board, h: number): number {
  return b.adjEnemy[h]!;
}

/** Number of own units adjacent to `h`, not counting unit's origin `from`. */
export function adjacentFriends(b: Board, h: number, from: number): number {
  return from >= 0 && b.dist[h * b.m.size + from] === 1 ? b.adjOwn[h]! - 1 : b.adjOwn[h]!;
}

/** Own units on `h` other than the unit coming from `from`. */
export function friendsOn(b: Board, h: number, from: number): number {
  return b.own[h]! - (h === from ? 1 : 0);
}

/** Distance from `h` to the nearest hex of `targets` (0 when there are none). */
export function nearest(b: Board, h: number, targets: readonly number[]): number {
  if (targets.length === 0) return 0;
  // one table per target list of the board (by identity) and decision: those lists do not change
  if (
    targets !== b.sovTargets &&
    targets !== b.m.towns &&
    targets !== b.sovTowns &&
    targets !== b.usTowns &&
    targets !== b.enemyHexes
  )
    return nearestOf(b, h, targets);
  const keys = b.tableKeys;
  for (let i = 0; i < keys.length; i++) if (keys[i] === targets) return b.tables[i]![h]!;
  const size = b.m.size;
  const d = b.dist;
  const out = poolTable(b);
  for (let x = 0; x < size; x++) {
    let best = 99;
    for (let j = 0; j < targets.length; j++) {
      const v = d[x * size + targets[j]!]!;
      if (v < best) best = v;
    }
    out[x] = best;
  }
  keys.push(targets);
  b.tables.push(out);
  return out[h]!;
}

/** `nearest` for a list built on the fly (not cached). */
export function nearestOf(b: Board, h: number, targets: readonly number[]): number {
  let best = 99;
  const size = b.m.size;
  for (let j = 0; j < targets.length; j++) {
    const v = b.dist[h * size + targets[j]!]!;
    if (v < best) best = v;
  }
  return targets.length === 0 ? 0 : best;
}

export interface AttackWeights {
  /** Value of each defending unit eliminated. */
  readonly kill: number;
  /** Value of pushing the defender out of its hex. */
  readonly displace: number;
  /** Extra value when the defender hex is a town (the attacker can advance into it). */
  readonly town: number;
  /** Cost of each attacking unit eliminated. */
  readonly loss: number;
  /** Cost of an attacker retreat. */
  readonly retreat: number;
  /** Opportunity cost of each attacking unit used. */
  readonly perAttacker: number;
  /** Attack only when the expected value exceeds this. */
  readonly threshold: number;
}

/** Expected value of a battle for the attacker, from the exact CRT distribution of its column. */
export function battleValue(
  b: Board,
  battle: Battle,
  w: AttackWeights,
  noRetreat: (h: number) => boolean,
): number {
  const s = b.state;
  const p = columnDistribution(s.rules.crt, battle.column, battle.support === 'spetsnaz');
  const nDef = b.enemy[battle.defender]!;
  const nAtt = battle.attackers.length;
  const pPush = p.DR + p.EX + p.DE;
  const trapped = noRetreat(battle.defender);
  let killed: number;
  if (s.rules.elimination === 'all') killed = p.DE * nDef + (trapped ? (p.DR + p.EX) * nDef : 0);
  else killed = p.DE * (trapped ? nDef : 1) + (trapped ? (p.DR + p.EX) * nDef : 0);
  let lost = s.rules.elimination === 'all' ? p.AE * nAtt : p.AE;
  if (s.rules.expert !== null) {
    // SFO 9 Expert EX: one unit of each side is eliminated, the other defenders retreat.
    if (!trapped) killed += p.EX * Math.min(1, nDef);
    lost += p.EX;
  }
  const town = b.m.town[battle.defender] === 1 ? w.town : 0;
  return (
    killed * w.kill + pPush * (w.displace + town) - lost * w.loss - p.AR * w.retreat - nAtt * w.perAttacker
  );
}

type Distribution = Readonly<Record<CombatResult, number>>;

/** Every column's CRT distribution per table, plain and with Spetsnaz (the lower of two dice): computed once. */
const COLUMN_DISTRIBUTIONS: readonly Distribution[] = (['unified', 'chart-basic'] as const).flatMap((crt) =>
  Array.from({ length: CRT_COLUMNS }, (_, column) => [
    crtDistribution(crt, column),
    columnOdds(crt, column, combatDieDistribution(true)) as Distribution,
  ]).flat(),
);

/** The CRT distribution of a column (Spetsnaz: the lower of two dice). */
function columnDistribution(crt: CrtId, column: number, spetsnaz: boolean): Distribution {
  if (column < 0 || column >= CRT_COLUMNS) throw new Error(`CRT column ${column} out of range`);
  return COLUMN_DISTRIBUTIONS[((crt === 'unified' ? 0 : 1) * CRT_COLUMNS + column) * 2 + (spetsnaz ? 1 : 0)]!;
}

/** Expert Armour in the open: advancing tank `unit` into clear hex `to` opens an exploitation (only after a breakthrough, which the engine checks). */
function exploitable(state: SfoState, unit: number, to: number): boolean {
  return (
    state.rules.expert?.armourInOpen === true &&
    state.units[unit]!.type === 'tank' &&
    mapOf(state).forest[to] !== 1
  );
}

/** True when no defender on `h` has a retreat hex (so DR eliminates it). */
export function trappedFn(state: SfoState, sc: SfoScratch = newScratch()): (h: number) => boolean {
  const cache = new Map<number, boolean>();
  const m = mapOf(state);
  return (h) => {
    let r = cache.get(h);
    if (r === undefined) {
      r = true;
      for (let i = 0; i < state.units.length; i++) {
        const u = state.units[i]!;
        if (u.status === 'map' && u.hex === h && retreatOptions(state, i, m, sc).length > 0) r = false;
      }
      cache.set(h, r);
    }
    return r;
  };
}

/** A policy's configuration: how it values a hex for one of its units, and how it attacks. */
export interface Tactics {
  /** Value of unit `unit` (coming from `from`, -1 off map) standing on hex `h`. */
  value(b: Board, unit: number, from: number, h: number): number;
  readonly attack: AttackWeights;
  /** SFO 7: how many Soviet replacements to take now, given the legal counts. */
  replace?(state: SfoState, counts: readonly number[]): number;
  /**
   * Optional promise that lets the chooser share values between units, for a value that ignores
   * `unit`: when it returns true for `from`, value(b, unit, from, h) is exactly value(b, unit, -1, h) for every hex `h` at
   * distance 2 or more from `from` (the value ignores the unit, and sees the origin only through
   * `friendsOn` / `adjacentFriends` or other terms that do not change there).
   */
  sameAsOffMap?(b: Board, from: number): boolean;
  /** Minimum gain for a move to be worth making. */
  readonly minGain?: number;
  /** Expert (Guards / Hardened NATO): value of each random event kind when choosing between two. */
  readonly events?: Readonly<Partial<Record<string, number>>>;
  /** Expert Armour in the open: extra value of advancing a tank that may then exploit (default 1.5). */
  readonly exploitBonus?: number;
  /** Expert (SNAFU / Command problems): value of flipping enemy unit `unit` out of action. */
  disrupt?(b: Board, unit: number): number;
}

/** Default event preferences: a tank, then any reinforcement, then the stronger supports. */
export const DEFAULT_EVENT_VALUES: Readonly<Record<string, number>> = {
  'reinforce:ZE': 6,
  'reinforce:T': 6,
  'reinforce:WG-V': 5,
  reinforce: 5,
  air: 4,
  replacement: 3.5,
  spetsnaz: 3,
  artillery: 2.5,
  friction: 2,
  planned: 0,
};

export function eventValue(t: Tactics, cell: string): number {
  const table = t.events ?? DEFAULT_EVENT_VALUES;
  return table[cell] ?? (cell.startsWith('reinforce:') ? (table.reinforce ?? 5) : 0);
}

/**
 * Default SNAFU target: an enemy that could attack now (adjacent to our units) with its offence,
 * tanks first, and units whose back side defends worse (a pioneer 1-2-4 flips to 0-1-0).
 */
export function defaultDisrupt(b: Board, unit: number): number {
  const u = b.state.units[unit]!;
  const flipped = b.state.rules.expert?.disruptedDefence ?? u.defence;
  let v = 2 * u.offence + (u.type === 'tank' ? 2 : 0) + 1.5 * Math.max(0, u.defence - flipped);
  v += Math.min(adjacentEnemies(b, u.hex), 3);
  if (b.m.town[u.hex] === 1) v += 1;
  return v;
}

/** The best expected battle value against hex `h` with a support chit, from our units that can attack it (all of them, whole hexes). */
export function supportValue(
  b: Board,
  h: number,
  kind: Battle['support'],
  w: AttackWeights,
  trapped: (h: number) => boolean,
): number {
  const s = b.state;
  const attackers: number[] = [];
  for (const n of b.m.neighbours[h]!) {
    for (let i = 0; i < s.units.length; i++) {
      const u = s.units[i]!;
      if (u.side === b.side && u.status === 'map' && u.hex === n && !u.disrupted) attackers.push(i);
    }
  }
  if (attackers.length === 0) return Number.NEGATIVE_INFINITY;
  const battle = makeBattle(s, h, attackers, kind);
  if (battle.column < 0) return Number.NEGATIVE_INFINITY;
  const plain = makeBattle(s, h, attackers, null);
  const base = plain.column < 0 ? 0 : Math.max(0, battleValue(b, plain, w, trapped));
  return battleValue(b, battle, w, trapped) - base + 0.01 * battle.column;
}

const OFF_MAP = -1000;

function argmaxWithTies(scores: ArrayLike<number>, n: number, rng: Rng): number {
  let best = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) if (scores[i]! > best) best = scores[i]!;
  const cut = best - 1e-9;
  let ties = 0;
  for (let i = 0; i < n; i++) if (scores[i]! >= cut) ties++;
  let k = ties === 1 ? 0 : randInt(rng, 0, ties - 1);
  for (let i = 0; i < n; i++) {
    if (scores[i]! >= cut) {
      if (k === 0) return i;
      k--;
    }
  }
  return 0;
}

/** Per-instance scratch of a tactical policy (a policy instance serves one game; a search copy has its own). */
interface ChooserScratch {
  scores: Float64Array;
  base: Float64Array;
  have: Uint8Array;
  memo: Float64Array;
  readonly bb: BoardBuffers;
}

/**
 * Writes each option's score into `scores` (higher is better) for every SFO decision kind, with the
 * given tactics; draws nothing. The chooser takes the best, ties broken by the policy's stream.
 */
function scoreOptions(
  t: Tactics,
  state: SfoState,
  d: SfoDecision,
  scores: Float64Array,
  x: ChooserScratch,
): void {
  const b = board(state, d.side as Side, x.bb);
  switch (d.kind) {
    case 'move': {
      const opts = d.options;
      const n = opts.length;
      const min = t.minGain ?? 0.01;
      const nu = state.units.length;
      if (x.base.length < nu) {
        x.base = new Float64Array(2 * nu);
        x.have = new Uint8Array(2 * nu);
      }
      const base = x.base;
      // per unit: 0 base value not computed yet; 1 computed; 2 computed and far hexes share `memo`
      const have = x.have;
      have.fill(0, 0, nu);
      const value = t.value;
      const shared = t.sameAsOffMap;
      const size = b.m.size;
      if (x.memo.length < size) x.memo = new Float64Array(2 * size);
      // per hex: value(b, *, -1, h) when `shared` allows it (NaN: not computed yet)
      const memo = x.memo;
      if (shared !== undefined) memo.fill(Number.NaN, 0, size);
      const dist = b.dist;
      for (let i = 0; i < n; i++) {
        const o = opts[i]!;
        if (o.type === 'move') {
          const u = o.unit;
          const from = o.from;
          let v0: number;
          if (have[u] !== 0) v0 = base[u]!;
          else {
            v0 = value(b, u, from, from);
            base[u] = v0;
            have[u] = shared?.(b, from) === true ? 2 : 1;
          }
          const to = o.to;
          let v: number;
          if (have[u] === 2 && dist[from * size + to]! >= 2) {
            v = memo[to]!;
            if (Number.isNaN(v)) {
              v = value(b, u, -1, to);
              memo[to] = v;
            }
          } else v = value(b, u, from, to);
          scores[i] = v - v0;
        } else if (o.type === 'enter') {
          const to = o.to;
          let v: number;
          if (shared !== undefined) {
            v = memo[to]!;
            if (Number.isNaN(v)) {
              v = value(b, o.unit, -1, to);
              memo[to] = v;
            }
          } else v = value(b, o.unit, -1, to);
          scores[i] = v - OFF_MAP;
        } else scores[i] = min;
      }
      return;
    }
    case 'attack': {
      const trapped = trappedFn(state, policyScratch(x.bb));
      d.options.forEach((o, i) => {
        scores[i] =
          o.type === 'battle' ? battleValue(b, o.battle, t.attack, trapped) - t.attack.threshold : 0;
      });
      return;
    }
    case 'retreat':
      d.options.forEach((o, i) => {
        scores[i] = t.value(b, o.unit, state.units[o.unit]!.hex, o.to);
      });
      return;
    case 'exploit':
    case 'advance':
      d.options.forEach((o, i) => {
        if (o.type !== 'advance') {
          scores[i] = 0;
          return;
        }
        const from = state.units[o.unit]!.hex;
        scores[i] = t.value(b, o.unit, from, o.to) - t.value(b, o.unit, from, from);
        // Armour in the open: a tank advancing after a breakthrough may exploit one hex further
        if (d.kind === 'advance' && exploitable(state, o.unit, o.to))
          scores[i] = scores[i]! + (t.exploitBonus ?? 1.5);
      });
      return;
    case 'eliminate':
      // lose the unit standing where it is worth least
      d.options.forEach((o, i) => {
        const h = state.units[o.unit]!.hex;
        scores[i] = -t.value(b, o.unit, h, h);
      });
      return;
    case 'event':
      d.options.forEach((o, i) => {
        scores[i] = eventValue(t, o.cell);
      });
      return;
    case 'support': {
      const trapped = trappedFn(state, policyScratch(x.bb));
      d.options.forEach((o, i) => {
        // the chit costs nothing: place it wherever it helps most (never decline while a hex is possible)
        const v = o.type === 'support' ? supportValue(b, o.hex, o.kind, t.attack, trapped) : -1e9;
        scores[i] = Number.isFinite(v) ? v : -1e8;
      });
      return;
    }
    case 'disrupt':
      d.options.forEach((o, i) => {
        scores[i] = (t.disrupt ?? defaultDisrupt)(b, o.unit);
      });
      return;
    case 'replace-units':
      // Expert: as many units as allowed, tanks and pioneers first
      d.options.forEach((o, i) => {
        scores[i] = o.units.reduce((a, u) => a + (state.units[u]!.type === 'infantry' ? 1 : 1.5), 0);
      });
      return;
    case 'replace': {
      const counts = d.options.map((o) => o.count);
      const want = t.replace ? t.replace(state, counts) : Math.max(...counts);
      const at = counts.indexOf(want);
      const pick = at < 0 ? counts.length - 1 : at;
      d.options.forEach((_, i) => {
        scores[i] = i === pick ? 1 : 0;
      });
      return;
    }
    default: {
      const never: never = d;
      throw new Error(`SFO policy: unknown decision ${(never as SfoDecision).kind}`);
    }
  }
}

/** A policy that scores every option with the given tactics and takes the best (ties by its stream). */
export function tacticalPolicy(id: string, t: Tactics): Policy<SfoState, SfoDecision> {
  let x: ChooserScratch | undefined; // made on the first decision
  const scratch = (): ChooserScratch => {
    if (x === undefined) {
      const f = new Float64Array(256 + 64 + 128);
      x = {
        scores: f.subarray(0, 256),
        base: f.subarray(256, 320),
        memo: f.subarray(320),
        have: new Uint8Array(64),
        bb: boardBuffers(),
      };
    }
    return x;
  };
  return {
    id,
    choose(state: SfoState, d: SfoDecision, rng: Rng): number {
      const sx = scratch();
      const n = d.options.length;
      if (sx.scores.length < n) sx.scores = new Float64Array(2 * n);
      scoreOptions(t, state, d, sx.scores, sx);
      if (d.kind === 'replace') return sx.scores.indexOf(1);
      return argmaxWithTies(sx.scores, n, rng);
    },
    scores(state: SfoState, d: SfoDecision, out: Float64Array): void {
      scoreOptions(t, state, d, out, scratch());
    },
    // the scratch holds nothing about a game: every buffer is overwritten before it is read
    reset(): void {},
  };
}

/** Values of a policy's tunable weights by id (every declared weight present). */
export type Weights = Readonly<Record<string, number>>;

/**
 * A tunable weight of a scripted policy (docs/calibrate.md "The tune file"): `def` is the value the policy
 * has always used, so an untuned policy plays exactly as before; the range is what `tune` searches.
 */
export function weight(
  id: string,
  description: string,
  def: number,
  min: number,
  max: number,
): PolicyParamDef {
  return { id, description, kind: 'number', default: def, min, max };
}

/** The attack weights (AttackWeights) as tunable parameters, defaults the policy's own. */
function attackParams(a: AttackWeights): PolicyParamDef[] {
  const up = (d: number) => Math.max(1, Number((3 * d).toPrecision(6)));
  return [
    weight('attackKill', 'Attack: value of each defending unit eliminated.', a.kill, 0, up(a.kill)),
    weight(
      'attackDisplace',
      'Attack: value of pushing the defender out of its hex.',
      a.displace,
      0,
      up(a.displace),
    ),
    weight('attackTown', 'Attack: extra value when the defender hex is a town.', a.town, 0, up(a.town)),
    weight('attackLoss', 'Attack: cost of each attacking unit eliminated.', a.loss, 0, up(a.loss)),
    weight('attackRetreat', 'Attack: cost of an attacker retreat.', a.retreat, 0, up(a.retreat)),
    weight(
      'attackPerUnit',
      'Attack: opportunity cost of each attacking unit used.',
      a.perAttacker,
      0,
      up(a.perAttacker),
    ),
    weight('attackThreshold', 'Attack only when the expected value exceeds this.', a.threshold, -2, 3),
  ];
}

function attackOf(w: Weights): AttackWeights {
  return {
    kill: w.attackKill!,
    displace: w.attackDisplace!,
    town: w.attackTown!,
    loss: w.attackLoss!,
    retreat: w.attackRetreat!,
    perAttacker: w.attackPerUnit!,
    threshold: w.attackThreshold!,
  };
}

/**
 * A scripted policy whose weights are typed, tunable parameters: the attack weights always, plus
 * the move-value weights `valueParams` that `tactics` reads when it is a function of the weights.
 * Created with every weight at its default, the policy is the very tactics it always was (pinned
 * records unchanged); otherwise the tactics built from the given weights.
 */
export function policyDef(
  id: string,
  side: Side,
  description: string,
  tactics: Tactics | ((w: Weights) => Tactics),
  valueParams: readonly PolicyParamDef[] = [],
): PolicyDef<SfoState, SfoDecision> {
  const defaults: Record<string, number> = {};
  for (const p of valueParams) defaults[p.id] = p.default;
  const base = typeof tactics === 'function' ? tactics(defaults) : tactics;
  const params = [...valueParams, ...attackParams(base.attack)];
  for (const p of params) defaults[p.id] = p.default;
  return {
    id,
    side,
    description,
    params,
    create: (given) => {
      if (given === undefined || params.every((p) => (given[p.id] ?? p.default) === p.default))
        return tacticalPolicy(id, base);
      const w: Weights = { ...defaults, ...given };
      const t = typeof tactics === 'function' ? tactics(w) : tactics;
      return tacticalPolicy(id, { ...t, attack: attackOf(w) });
    },
  };
}
