/**
 * Shared machinery of the scripted SFO policies: a per-decision board summary, a battle's expected
 * value from the exact CRT distribution, and one chooser that every policy configures with its own
 * hex valuation and attack threshold. Deterministic given the policy's rng (used for ties only).
 */
import type { Decision, Policy, PolicyDef } from '../../../core/game.js';
import { type Rng, randInt } from '../../../core/rng.js';
import { type Battle, makeBattle, retreatOptions } from '../combat.js';
import { crtDistribution } from '../crt.js';
import { mapOf, type SfoMap } from '../map.js';
import { columnOdds, combatDieDistribution } from '../odds.js';
import type { SfoOption } from '../options.js';
import type { SfoState, Side } from '../state.js';

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
  /** Hexes holding enemy units. */
  readonly enemyHexes: readonly number[];
}

const distCache = new WeakMap<SfoMap, Uint8Array>();

export function distances(m: SfoMap): Uint8Array {
  let d = distCache.get(m);
  if (d === undefined) {
    d = new Uint8Array(m.size * m.size);
    for (let a = 0; a < m.size; a++)
      for (let b = 0; b < m.size; b++) d[a * m.size + b] = m.grid.distance(a, b);
    distCache.set(m, d);
  }
  return d;
}

export function board(state: SfoState, side: Side): Board {
  const m = mapOf(state);
  const own = new Uint8Array(m.size);
  const enemy = new Uint8Array(m.size);
  for (const u of state.units) {
    if (u.status !== 'map') continue;
    if (u.side === side) own[u.hex] = own[u.hex]! + 1;
    else enemy[u.hex] = enemy[u.hex]! + 1;
  }
  const sovOcc = side === 'soviet' ? own : enemy;
  const usOcc = side === 'soviet' ? enemy : own;
  const sovTowns = m.towns.filter((t) => sovOcc[t]! > 0);
  const notHeld = m.towns.filter((t) => sovOcc[t] === 0);
  const guard = m.towns.map((t) => {
    let g = enemy[t]!;
    for (const x of m.neighbours[t]!) g += enemy[x]!;
    return g;
  });
  const enemyHexes: number[] = [];
  for (let h = 0; h < m.size; h++) if (enemy[h]! > 0) enemyHexes.push(h);
  return {
    sovTargets: notHeld.length === 0 ? m.towns : notHeld,
    guard,
    enemyHexes,
    state,
    side,
    m,
    own,
    enemy,
    dist: distances(m),
    sovTowns,
    usTowns: m.towns.filter((t) => usOcc[t]! > 0),
    turn: state.turn,
    lastTurn: state.turn >= state.rules.turns,
  };
}

export function dist(b: Board, x: number, y: number): number {
  return b.dist[x * b.m.size + y]!;
}

/** Number of units of the enemy adjacent to `h`. */
export function adjacentEnemies(b: Board, h: number): number {
  let n = 0;
  for (const x of b.m.neighbours[h]!) n += b.enemy[x]!;
  return n;
}

/** Number of own units adjacent to `h`, not counting unit's origin `from`. */
export function adjacentFriends(b: Board, h: number, from: number): number {
  let n = 0;
  for (const x of b.m.neighbours[h]!) n += b.own[x]! - (x === from ? 1 : 0);
  return n;
}

/** Own units on `h` other than the unit coming from `from`. */
export function friendsOn(b: Board, h: number, from: number): number {
  return b.own[h]! - (h === from ? 1 : 0);
}

/** Distance from `h` to the nearest hex of `targets` (0 when there are none). */
export function nearest(b: Board, h: number, targets: readonly number[]): number {
  let best = 99;
  for (const t of targets) {
    const d = dist(b, h, t);
    if (d < best) best = d;
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
  const p =
    battle.support === 'spetsnaz'
      ? (columnOdds(s.rules.crt, battle.column, SPETSNAZ_DIE) as Record<
          'AE' | 'AR' | 'NE' | 'DR' | 'DE' | 'EX',
          number
        >)
      : crtDistribution(s.rules.crt, battle.column);
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

const SPETSNAZ_DIE = combatDieDistribution(true);

/** Expert Armour in the open: advancing tank `unit` into clear hex `to` opens an exploitation (only after a breakthrough, which the engine checks). */
function exploitable(state: SfoState, unit: number, to: number): boolean {
  return (
    state.rules.expert?.armourInOpen === true &&
    state.units[unit]!.type === 'tank' &&
    mapOf(state).forest[to] !== 1
  );
}

/** True when no defender on `h` has a retreat hex (so DR eliminates it). */
export function trappedFn(state: SfoState): (h: number) => boolean {
  const cache = new Map<number, boolean>();
  return (h) => {
    let r = cache.get(h);
    if (r === undefined) {
      r = true;
      for (let i = 0; i < state.units.length; i++) {
        const u = state.units[i]!;
        if (u.status === 'map' && u.hex === h && retreatOptions(state, i).length > 0) r = false;
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
      if (u.side === b.side && u.status === 'map' && u.hex === n && !u.disrupted)
        attackers.push(i);
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

function argmaxWithTies(scores: readonly number[], rng: Rng): number {
  let best = Number.NEGATIVE_INFINITY;
  for (const s of scores) if (s > best) best = s;
  let ties = 0;
  for (const s of scores) if (s >= best - 1e-9) ties++;
  let k = ties === 1 ? 0 : randInt(rng, 0, ties - 1);
  for (let i = 0; i < scores.length; i++) {
    if (scores[i]! >= best - 1e-9) {
      if (k === 0) return i;
      k--;
    }
  }
  return 0;
}

/** Chooses for every SFO decision kind with the given tactics. */
export function tacticalPolicy(id: string, t: Tactics): Policy<SfoState, SfoOption> {
  return {
    id,
    choose(state: SfoState, d: Decision<SfoOption>, rng: Rng): number {
      const b = board(state, d.side as Side);
      const opts = d.options;
      const scores: number[] = new Array(opts.length);
      switch (d.kind) {
        case 'move': {
          const min = t.minGain ?? 0.01;
          const base = new Map<number, number>();
          for (let i = 0; i < opts.length; i++) {
            const o = opts[i]!;
            if (o.type === 'move') {
              let v0 = base.get(o.unit);
              if (v0 === undefined) {
                v0 = t.value(b, o.unit, o.from, o.from);
                base.set(o.unit, v0);
              }
              scores[i] = t.value(b, o.unit, o.from, o.to) - v0;
            } else if (o.type === 'enter') scores[i] = t.value(b, o.unit, -1, o.to) - OFF_MAP;
            else scores[i] = min;
          }
          return argmaxWithTies(scores, rng);
        }
        case 'attack': {
          const trapped = trappedFn(state);
          for (let i = 0; i < opts.length; i++) {
            const o = opts[i]!;
            scores[i] =
              o.type === 'battle' ? battleValue(b, o.battle, t.attack, trapped) - t.attack.threshold : 0;
          }
          return argmaxWithTies(scores, rng);
        }
        case 'retreat':
        case 'exploit':
        case 'advance': {
          for (let i = 0; i < opts.length; i++) {
            const o = opts[i]!;
            if (o.type === 'retreat' || o.type === 'advance') {
              const from = state.units[o.unit]!.hex;
              scores[i] =
                t.value(b, o.unit, from, o.to) - (o.type === 'advance' ? t.value(b, o.unit, from, from) : 0);
              // Armour in the open: a tank advancing after a breakthrough may exploit one hex further
              if (d.kind === 'advance' && o.type === 'advance' && exploitable(state, o.unit, o.to))
                scores[i] = scores[i]! + (t.exploitBonus ?? 1.5);
            } else scores[i] = 0;
          }
          return argmaxWithTies(scores, rng);
        }
        case 'eliminate': {
          // lose the unit standing where it is worth least
          for (let i = 0; i < opts.length; i++) {
            const o = opts[i]!;
            const h = o.type === 'eliminate' ? state.units[o.unit]!.hex : 0;
            scores[i] = o.type === 'eliminate' ? -t.value(b, o.unit, h, h) : 0;
          }
          return argmaxWithTies(scores, rng);
        }
        case 'event': {
          for (let i = 0; i < opts.length; i++) {
            const o = opts[i]!;
            scores[i] = o.type === 'event' ? eventValue(t, o.cell) : 0;
          }
          return argmaxWithTies(scores, rng);
        }
        case 'support': {
          const trapped = trappedFn(state);
          for (let i = 0; i < opts.length; i++) {
            const o = opts[i]!;
            // the chit costs nothing: place it wherever it helps most (never decline while a hex is possible)
            scores[i] = o.type === 'support' ? supportValue(b, o.hex, o.kind, t.attack, trapped) : -1e9;
            if (!Number.isFinite(scores[i]!)) scores[i] = -1e8;
          }
          return argmaxWithTies(scores, rng);
        }
        case 'disrupt': {
          for (let i = 0; i < opts.length; i++) {
            const o = opts[i]!;
            scores[i] = o.type === 'disrupt' ? (t.disrupt ?? defaultDisrupt)(b, o.unit) : 0;
          }
          return argmaxWithTies(scores, rng);
        }
        case 'replace': {
          if (opts[0]?.type === 'replace-units') {
            // Expert: as many units as allowed, tanks and pioneers first
            for (let i = 0; i < opts.length; i++) {
              const o = opts[i]!;
              scores[i] =
                o.type === 'replace-units'
                  ? o.units.reduce((a, u) => a + (state.units[u]!.type === 'infantry' ? 1 : 1.5), 0)
                  : 0;
            }
            return argmaxWithTies(scores, rng);
          }
          const counts = opts.map((o) => (o.type === 'replace' ? o.count : 0));
          const want = t.replace ? t.replace(state, counts) : Math.max(...counts);
          const i = counts.indexOf(want);
          return i < 0 ? counts.length - 1 : i;
        }
        default:
          return 0;
      }
    },
  };
}

export function policyDef(id: string, side: Side, description: string, t: Tactics): PolicyDef {
  return { id, side, description, create: () => tacticalPolicy(id, t) as Policy };
}
