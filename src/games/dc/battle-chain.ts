/**
 * C-10 (DC 13, 16; docs/games/dc.md "Chance and odds"): the odds of a whole battle over its rounds, as a Markov chain over the
 * multiset of unit states of each side (type, losses, dispersed, fortified, eliminated), built from
 * the game's own code: a hand-built position on the engine's state, the fire totals of combat.ts
 * `fireTotal` (air multiplier, fortress bonus, breakthrough halving), the loss distribution of
 * fire.ts `fireDistribution` (C-3, the column split convolved), 10.C/18 `defenderLosses` and the
 * engine's `takeLoss`. The choices the players make in a battle are replaced by STATED rules:
 *
 * - allocation (D-23): losses owed to field fortifications go to them (18, as the engine forces);
 *   then to a dispersed unit that survives the loss, then to a fortified unit, then to the unit with
 *   the lowest fire factor (ties: one that survives the loss, then the first);
 * - continuation (D-24/D-25): the attacker goes on while his fire total is at least the
 *   defender's or the defender's is 0; the defender holds while he can still fire, else retreats;
 * - all-out (D-20/D-21, 13.B.8): the attacker declares up to `allOutAtt` eligible units (combat.ts
 *   `allOutGroups`, type order) when the engine asks him in round 1 (before the first die, or before
 *   his own under variant allout-before-own-die); the defender up to `allOutDef` when first asked,
 *   in round 2, and none later; an all-out unit takes a loss only when no other unit can;
 * - Soviet air (Advanced, 13.A.1-3): `airSov` units with the Soviet side, thinned by air-to-air or
 *   flak before ground combat (support.ts C-4/C-5 distributions, the engine's `airCombat`), each
 *   survivor +1 to Soviet fire (support.ts `supportParts`), never absorbing a loss; surviving air
 *   makes an Axis attack normal fire (13.B.1, combat.ts `simultaneous`);
 * - the fortress (10.C): the battle is fought at a fortress point of class `fortress` (FORTRESS_POINTS),
 *   its fire bonus and loss reduction as combat.ts applies them; the round cap of the engine (60
 *   rounds, then the attacker breaks off).
 *
 * Battles of at most `EXACT_UNITS` units a side are propagated exactly round by round; larger ones
 * get the exact first-round distribution and a Monte Carlo estimate from the same transitions.
 */

import { quote, UserError } from '../../core/errors.js';
import type { GameSetup } from '../../core/game.js';
import { alive, allOutGroups, canFire, makeBattle, simultaneous } from './combat.js';
import { fireDistribution } from './fire.js';
import { fireTotal } from './firepower.js';
import { defenderLosses, spendAllOut, takeLoss } from './losses.js';
import { parameters } from './parameters.js';
import type { DcRules } from './resolve.js';
import { startGame } from './setup.js';
import { type Battle, type DcState, type SideIx, unit } from './state.js';
import { inSupply, mapOf } from './supply.js';
import { airToAirDistribution, flakDistribution, sovietAir } from './support.js';
import { variants as dcVariants } from './variants.js';
import { type DcWorkspace, dcWorkspace } from './workspace.js';

/** The engine's round cap (combat.ts MAX_ROUNDS): past it the attacker breaks off. */
export const CHAIN_MAX_ROUNDS = 60;
/** Units per side up to which the chain is propagated exactly (Soviet air not counted: it takes no loss). */
export const EXACT_UNITS = 8;

/**
 * DC 10.C: where a battle at a fortress of each class is fought, [origin, defended point] by attacker
 * (Axis, Soviet) and class 0..3 (0: no fortress, the Warsaw-Bialystok battle). The class is the
 * point's (map.ts fortClass: plain 1, 1-VP city 2, 2-VP city 3); the engine applies it in full to
 * defenders on their own side of the 1941 border and less 1 to others (losses.ts fortressClass), so
 * Axis defenders hold it in full only at Konigsberg (class 2).
 */
export const FORTRESS_POINTS: readonly (readonly (readonly [string, string])[])[] = [
  [
    ['WAR', 'BIA'],
    ['WAR', 'BRE'],
    ['KIS', 'ODE'],
    ['VYA', 'MOS'],
  ],
  [
    ['BIA', 'WAR'],
    ['BAR', 'BRE'],
    ['KAU', 'KON'],
    ['VYA', 'MOS'],
  ],
];

export interface BattleChainSpec {
  readonly level: 'intro' | 'advanced';
  /** 0: the Axis attacks (from Warsaw into Bialystok), 1: the Soviets attack (from Bialystok into Warsaw). */
  readonly attacker: SideIx;
  /** Unit type ids, one entry per unit. */
  readonly attackers: readonly string[];
  readonly defenders: readonly string[];
  /** German air units with the Axis side (13.A.4), 0..4. */
  readonly airGer: number;
  /** Defenders in field fortifications (18), the first `forts` of them. */
  readonly forts: number;
  /** Simultaneous fire (13.B.1-3) instead of normal fire (13.B.2). */
  readonly simultaneous: boolean;
  /** A breakthrough assault (14.A, 16: the attacker's fire halved). */
  readonly bt: boolean;
  /** DC 13.B.8: attacking units declared all out in round 1, at most (default 0). */
  readonly allOutAtt?: number;
  /** DC 13.B.8: defending units declared all out in round 2, at most (default 0). */
  readonly allOutDef?: number;
  /** DC 13.A.1-3: Soviet air units with the Soviet side (Advanced level; default 0). */
  readonly airSov?: number;
  /** DC 10.C: the fortress class of the defended point, 0..3 (FORTRESS_POINTS; default 0). */
  readonly fortress?: number;
  /** Variant ids switched on or off (e.g. allout-before-own-die), as in an experiment's arm. */
  readonly variants?: Readonly<Record<string, boolean>>;
  /**
   * The rules of a game in play (its `DcState.rules`: every variant and reconstructed parameter of
   * its setup, the level included), used instead of those `level` and `variants` resolve; the battle
   * is still fought on the chain's own map position (Warsaw-Bialystok or a FORTRESS_POINTS pair).
   */
  readonly rules?: DcRules;
}

export type ChainEnd = 'taken' | 'def-retreat' | 'att-retreat' | 'att-eliminated';
export const CHAIN_ENDS: readonly ChainEnd[] = ['taken', 'def-retreat', 'att-retreat', 'att-eliminated'];

export interface ChainOdds {
  /** P of each end, CHAIN_ENDS order ('att-eliminated' includes both sides wiped out: 13.B.3.d). */
  readonly ends: readonly number[];
  /** P(the battle ends in round r), index r (1-based; index 0 unused). */
  readonly rounds: readonly number[];
  /** Expected units eliminated and losses absorbed (incl. fortifications removed): attacker, defender. */
  readonly unitsLost: readonly [number, number];
  readonly hits: readonly [number, number];
}

export interface BattleChainResult extends ChainOdds {
  readonly exact: boolean;
  /** Monte Carlo battles drawn (0 when exact). */
  readonly samples: number;
  /** The exact first round: the ends within it and P(a second round). */
  readonly firstRound: { readonly ends: readonly number[]; readonly continues: number };
  /** Major-line breakthrough capacity [total, armour] of the attacker after r rounds, index r. */
  readonly btCapacity: readonly (readonly [number, number])[];
}

/** Numbers per unit in a chain state. */
const W = 5;
/** A chain state: per battle unit (attackers, then defenders) [st, losses, disp, fort, allOut]. */
export type Vec = number[];
interface Trans {
  readonly p: number;
  readonly vec: Vec;
  readonly end: ChainEnd | null;
}

/**
 * The set-up of the chain's game (as core/setup.ts resolves a request, from this game's variants
 * and parameters): the scenario's default variants with `switched` applied (switching one variant
 * of a group on switches the others off), every parameter at its default.
 */
function chainSetup(scenario: string, switched: Readonly<Record<string, boolean>>): GameSetup {
  const on = new Set(dcVariants.filter((v) => v.default).map((v) => v.id));
  for (const [id, enabled] of Object.entries(switched)) {
    const v = dcVariants.find((x) => x.id === id);
    if (v === undefined) throw new UserError(`odds: field variants: ${quote(id)} is not a variant of dc`);
    if (v.scenarios !== undefined && !v.scenarios.includes(scenario) && enabled !== v.default)
      throw new UserError(`odds: field variants.${id}: variant ${id} does not apply to scenario ${scenario}`);
    if (!enabled) on.delete(id);
    else {
      if (v.group !== undefined) for (const o of dcVariants) if (o.group === v.group) on.delete(o.id);
      on.add(id);
    }
  }
  const params: GameSetup['params'] = Object.fromEntries(parameters.map((p) => [p.id, p.default]));
  return { scenario, variants: on, params };
}

/**
 * The stated allocation rule (the module comment): the unit of `side` (indices into s.units) the
 * next loss goes to, or -1; `fortOwed` when the loss must go to a field fortification.
 */
export function statedPick(s: DcState, side: readonly number[], fortOwed: boolean): number {
  let best = -1;
  let bestRank = Number.POSITIVE_INFINITY;
  for (const i of side) {
    const u = s.units[i]!;
    const ty = s.rules.types[u.t]!;
    if (u.st !== 0 || ty.role === 'air' || (fortOwed && !u.fort)) continue;
    const survives = u.fort || u.losses < ty.limit;
    // dispersed survivors, then fortified units, then the lowest fire (survivors first); all-out units last
    const rank = fortOwed
      ? 0
      : u.disp && !u.fort && survives
        ? 0
        : u.fort
          ? 1
          : 2 + ty.ff * 2 + (survives ? 0 : 1) + (u.allOut ? 1000 : 0);
    if (rank < bestRank) {
      bestRank = rank;
      best = i;
    }
  }
  return best;
}

/** The stated continuation rule: the attacker of `b` goes on while his fire total is at least the defender's, or the defender's is 0. */
export function statedGoesOn(s: DcState, ws: DcWorkspace, b: Battle): boolean {
  const a = fireTotal(s, ws, b, true);
  const d = fireTotal(s, ws, b, false);
  return a >= d || d === 0;
}

/** The battle on the engine's state, with the units' places to restore. */
export class ChainBattle {
  readonly s: DcState;
  readonly ws: DcWorkspace;
  readonly b: Battle;
  readonly units: readonly number[];
  readonly nAtt: number;
  /** The attackers' point and the defended point. */
  readonly origin: number;
  readonly target: number;
  private readonly memo = new Map<string, Trans[]>();

  constructor(readonly spec: BattleChainSpec) {
    const scenario = spec.level === 'advanced' ? 'adv-tournament' : 'intro-tournament';
    const variants = { ...(spec.variants ?? {}) };
    const s = startGame(chainSetup(scenario, variants), {
      masterSeed: 1,
      gameIndex: 0,
    });
    if (spec.rules !== undefined) {
      if (spec.rules.level !== spec.level)
        throw new Error(`the rules given are of the ${spec.rules.level} level, the chain's of ${spec.level}`);
      (s as { rules: DcRules }).rules = { ...spec.rules, mapKey: s.rules.mapKey };
    }
    s.stack.length = 0;
    // July 1941: no winter modifiers, and past the first turn (no Soviet all-out then, 13.B.8 note)
    s.turn = 3;
    const fortress = spec.fortress ?? 0;
    if (!Number.isInteger(fortress) || fortress < 0 || fortress > 3)
      throw new Error(`fortress class must be 0..3, got ${fortress}`);
    const airSov = spec.airSov ?? 0;
    if (airSov > 0 && spec.level !== 'advanced')
      throw new Error('Soviet air is an Advanced-level unit (DC 2.A.2)');
    // DC 13.B.1: Axis attacks are simultaneous in Good weather, normal in Mud; Soviet attacks always normal
    if (spec.simultaneous && spec.attacker === 1)
      throw new Error('simultaneous fire is for Axis attacks only (DC 13.B.1)');
    s.weather = spec.attacker === 0 && !spec.simultaneous ? 1 : 0;
    for (const u of s.units) {
      u.st = 2;
      u.at = -1;
    }
    const m = mapOf(s);
    const [from, to] = FORTRESS_POINTS[spec.attacker]![fortress]!;
    this.origin = m.ids.indexOf(from);
    this.target = m.ids.indexOf(to);
    s.control[this.origin] = spec.attacker;
    s.control[this.target] = spec.attacker === 0 ? 1 : 0;
    // both sides in supply (17): a path of their own points home for each
    claimPath(s, this.origin, spec.attacker, this.target);
    claimPath(s, this.target, spec.attacker === 0 ? 1 : 0, this.origin);
    const typeOf = (id: string) => {
      const t = s.rules.types.findIndex((ty) => ty.id === id);
      if (t < 0) throw new Error(`unknown unit type ${id}`);
      return t;
    };
    const defSide: SideIx = spec.attacker === 0 ? 1 : 0;
    const air = new Array<string>(airSov).fill('sov-air');
    for (const id of spec.attacker === 1 ? [...spec.attackers, ...air] : spec.attackers) {
      const u = unit(typeOf(id), spec.attacker, id, this.origin, false);
      u.atk = this.target;
      s.units.push(u);
    }
    (defSide === 1 ? [...spec.defenders, ...air] : spec.defenders).forEach((id, k) => {
      const u = unit(typeOf(id), defSide, id, this.target, false);
      u.fort = k < spec.forts && s.rules.types[u.t]!.role !== 'air';
      s.units.push(u);
    });
    s.cv++;
    this.s = s;
    this.ws = dcWorkspace(s);
    this.b = makeBattle(s, this.target, spec.attacker, spec.bt);
    if (spec.attacker === 0) this.b.airAtt = spec.airGer;
    else this.b.airDef = spec.airGer;
    this.units = [...this.b.attackers, ...this.b.defenders];
    this.nAtt = this.b.attackers.length;
    for (const i of this.units)
      if (!inSupply(s, this.ws, s.units[i]!))
        throw new Error(`the chain's position leaves ${s.units[i]!.label} out of supply`);
    if (!alive(s, this.b.defenders) || !alive(s, this.b.attackers))
      throw new Error('each side needs a ground unit (DC 13.A.3: air cannot hold a battle alone)');
    this.orderedDef = (spec.allOutDef ?? 0) > 0 && spec.forts > 0;
    this.v0 = this.read();
    this.starts = this.airCombat();
  }

  private readonly v0: Vec;
  /** The states ground combat starts from after air combat and the round-1 declarations, with their P. */
  private readonly starts: readonly { readonly v: Vec; readonly p: number }[];
  /** Defenders' order kept in the key (their round-2 all-out takes the first eligible, fortified or not). */
  private readonly orderedDef: boolean;

  /** The units' states before air combat. */
  start(): Vec {
    return this.v0.slice();
  }

  /** DC 13.A.1-2 then 13.B.8: the ground combat's starting states (air-to-air or flak, all-out declared). */
  initial(): readonly { readonly v: Vec; readonly p: number }[] {
    return this.starts;
  }

  private airCombat(): { v: Vec; p: number }[] {
    const { s, b } = this;
    this.load(this.v0);
    const air = sovietAir(s, b);
    let dist = [1];
    if (air.length > 0) {
      const german = b.att === 0 ? b.airAtt : b.airDef;
      // C-4: survivors after one roll per German air unit; C-5: flak, index = lost
      dist =
        german > 0 ? airToAirDistribution(s, air.length, german) : flakDistribution(s, air.length).reverse();
    }
    const out: { v: Vec; p: number }[] = [];
    dist.forEach((p, survivors) => {
      if (p === 0) return;
      this.load(this.v0);
      for (const i of air.slice(survivors)) s.units[i]!.st = 1;
      // DC 13.B.8 (variant allout-timing): the attacker declares now unless before his own first die
      if (!this.lateAllOut()) this.declare(false);
      out.push({ v: this.read(), p });
    });
    return out;
  }

  /** Variant allout-before-own-die in normal fire: the attacker's declarations follow the defender's first fire. */
  private lateAllOut(): boolean {
    return this.s.rules.allOutOwnDie && !simultaneous(this.s, this.b);
  }

  /** The stated all-out rule: up to the stated count of eligible units, groups in type order (combat.ts). */
  private declare(defender: boolean): void {
    let left = (defender ? this.spec.allOutDef : this.spec.allOutAtt) ?? 0;
    for (const [, members] of allOutGroups(this.s, this.ws, this.b, defender))
      for (const i of members)
        if (left > 0) {
          this.s.units[i]!.allOut = true;
          left--;
        }
  }

  private read(): Vec {
    const v: Vec = [];
    for (const i of this.units) {
      const u = this.s.units[i]!;
      v.push(u.st, u.losses, u.disp ? 1 : 0, u.fort ? 1 : 0, u.allOut ? 1 : 0);
    }
    return v;
  }

  /** Puts the battle's units in state `v`. */
  load(v: Vec): void {
    this.units.forEach((i, k) => {
      const u = this.s.units[i]!;
      u.st = v[W * k]! as 0 | 1;
      u.losses = v[W * k + 1]!;
      u.disp = v[W * k + 2] === 1;
      u.fort = v[W * k + 3] === 1;
      u.allOut = v[W * k + 4] === 1;
      u.at = u.st === 0 ? (k < this.nAtt ? this.origin : this.target) : -1;
      u.atk = u.st === 0 && k < this.nAtt ? this.target : -1;
    });
    this.b.fortLeft = 0;
    this.b.lossLeft = 0;
  }

  /** The multiset key of a state (units of one type and state are interchangeable). */
  key(v: Vec): string {
    const side = (from: number, to: number, ordered: boolean) => {
      const parts: string[] = [];
      for (let k = from; k < to; k++)
        parts.push(
          `${this.s.units[this.units[k]!]!.t}.${v[W * k]}${v[W * k + 1]}${v[W * k + 2]}${v[W * k + 3]}${v[W * k + 4]}`,
        );
      return (ordered ? parts : parts.sort()).join(',');
    };
    return `${side(0, this.nAtt, false)}|${side(this.nAtt, this.units.length, this.orderedDef)}`;
  }

  /** The stated allocation rule (`statedPick`) on the chain's state. */
  pick(side: readonly number[], fortOwed: boolean): number {
    return statedPick(this.s, side, fortOwed);
  }

  private absorb(side: readonly number[], losses: number, forts: number): void {
    this.b.fortLeft = forts;
    for (let l = losses; l > 0; l--) {
      const i = this.pick(side, this.b.fortLeft > 0);
      if (i < 0) break;
      takeLoss(this.s, this.b, i);
    }
    this.b.fortLeft = 0;
  }

  private fire(attacker: boolean): number[] {
    const t = fireTotal(this.s, this.ws, this.b, attacker);
    return t > 0 ? fireDistribution(this.s.rules.crt, this.s.rules.maxColumn, t) : [1];
  }

  /** The stated continuation rule of the attacker (`statedGoesOn`) on the chain's state. */
  attackerGoesOn(): boolean {
    return statedGoesOn(this.s, this.ws, this.b);
  }

  /**
   * The transitions of one round `r` from state `v` (memoized; the round matters in round 1 (late
   * all-out), round 2 (the defender's all-out) and past the cap).
   */
  round(v: Vec, r: number): readonly Trans[] {
    const phase = r > CHAIN_MAX_ROUNDS ? 3 : r <= 2 ? r : 0;
    const k = `${this.key(v)}#${phase}`;
    const hit = this.memo.get(k);
    if (hit !== undefined) return hit;
    this.load(v);
    // DC 13.B.1: simultaneous unless Soviet air survived the air combat (fixed for the battle)
    const out = simultaneous(this.s, this.b) ? this.simRound(v, r) : this.normalRound(v, r);
    this.memo.set(k, out);
    return out;
  }

  /** D-21 (DC 13.B.8): the defender's declarations before its fire of round 2 (the stated rule). */
  private defenderDeclares(v: Vec, r: number): Vec {
    if (r !== 2 || (this.spec.allOutDef ?? 0) === 0) return v;
    this.load(v);
    this.declare(true);
    return this.read();
  }

  /** DC 13.B.2: the defender fires, the attacker takes the losses and goes on or not, then fires. */
  private normalRound(v0: Vec, r: number): Trans[] {
    const { s, b } = this;
    const out: Trans[] = [];
    const v = this.defenderDeclares(v0, r);
    this.load(v);
    const dl = this.fire(false);
    for (let l = 0; l < dl.length; l++) {
      const p = dl[l]!;
      if (p === 0) continue;
      this.load(v);
      // DC 13.B.8: the defender's all-out units are destroyed after its die
      spendAllOut(s, b, true);
      this.absorb(b.attackers, l, 0);
      if (!alive(s, b.attackers)) {
        out.push({ p, vec: this.read(), end: 'att-eliminated' });
        continue;
      }
      if (!canFire(s, b.attackers) || r > CHAIN_MAX_ROUNDS || !this.attackerGoesOn()) {
        out.push({ p, vec: this.read(), end: 'att-retreat' });
        continue;
      }
      // variant allout-before-own-die: the attacker declares after going on in round 1
      if (r === 1 && this.lateAllOut()) this.declare(false);
      const mid = this.read();
      const al = this.fire(true);
      for (let l2 = 0; l2 < al.length; l2++) {
        const q = al[l2]!;
        if (q === 0) continue;
        this.load(mid);
        spendAllOut(s, b);
        const [lossLeft, forts] = defenderLosses(s, b, l2);
        this.absorb(b.defenders, lossLeft, forts);
        let end: ChainEnd | null = null;
        // DC 13.B.2-4: the point taken; neither side able to fire: the attacker breaks off (engine def-hold)
        if (!alive(s, b.defenders)) end = 'taken';
        else if (!canFire(s, b.attackers) && !canFire(s, b.defenders)) end = 'att-retreat';
        else if (!canFire(s, b.defenders)) end = 'def-retreat';
        out.push({ p: p * q, vec: this.read(), end });
      }
    }
    return out;
  }

  /** DC 13.B.3: both fire on the round's totals; the attacker's losses first, then the defender's. */
  private simRound(v0: Vec, r: number): Trans[] {
    const { s, b } = this;
    const out: Trans[] = [];
    const v = this.defenderDeclares(v0, r);
    this.load(v);
    const dl = this.fire(false);
    const al = this.fire(true);
    for (let la = 0; la < dl.length; la++) {
      const p = dl[la]!;
      if (p === 0) continue;
      for (let ld = 0; ld < al.length; ld++) {
        const q = al[ld]!;
        if (q === 0) continue;
        this.load(v);
        // DC 13.B.8: all-out units cannot absorb the losses of a simultaneous round
        spendAllOut(s, b);
        spendAllOut(s, b, true);
        const [lossLeft, forts] = defenderLosses(s, b, ld);
        this.absorb(b.attackers, la, 0);
        this.absorb(b.defenders, lossLeft, forts);
        const a = alive(s, b.attackers);
        let end: ChainEnd | null = null;
        // DC 13.B.3.d: both eliminated -> the defender keeps the point
        if (!alive(s, b.defenders)) end = a ? 'taken' : 'att-eliminated';
        else if (!a) end = 'att-eliminated';
        else if (
          (!canFire(s, b.attackers) && !canFire(s, b.defenders)) ||
          r > CHAIN_MAX_ROUNDS ||
          !this.attackerGoesOn()
        )
          end = 'att-retreat';
        else if (!canFire(s, b.defenders)) end = 'def-retreat';
        out.push({ p: p * q, vec: this.read(), end });
      }
    }
    return out;
  }

  /** Units eliminated and losses absorbed by [attacker, defender] in state `v` (from the start `v0`). */
  tally(v0: Vec, v: Vec): [[number, number], [number, number]] {
    const lost: [number, number] = [0, 0];
    const hits: [number, number] = [0, 0];
    for (let k = 0; k < this.units.length; k++) {
      const side = k < this.nAtt ? 0 : 1;
      if (v[W * k] !== 0) lost[side]++;
      hits[side] += v[W * k + 1]! - v0[W * k + 1]! + (v0[W * k + 3]! - v[W * k + 3]!);
    }
    return [lost, hits];
  }
}

/**
 * Gives `side` control of a shortest path from `from` to a point it already controls (not through
 * `avoid`), so units at `from` trace supply home (DC 17) whatever point the battle is fought at.
 */
function claimPath(s: DcState, from: number, side: SideIx, avoid: number): void {
  const m = mapOf(s);
  const prev = new Int32Array(m.n).fill(-1);
  prev[from] = from;
  const q = [from];
  for (let h = 0; h < q.length; h++) {
    const p = q[h]!;
    if (p !== from && s.control[p] === side) {
      for (let x = prev[p]!; x !== from; x = prev[x]!) s.control[x] = side;
      return;
    }
    for (let k = m.adjStart[p]!; k < m.adjStart[p + 1]!; k++) {
      const nb = m.adjNb[k]!;
      if (nb !== avoid && prev[nb] === -1) {
        prev[nb] = p;
        q.push(nb);
      }
    }
  }
}
