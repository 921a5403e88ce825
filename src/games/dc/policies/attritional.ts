/**
 * `attritional-fortress` (docs/games/dc.md "Policies", Axis item 4; anchor A-1): the draw-seeking tournament Axis.
 *
 * Attacks only where the C-10 whole-battle chain (battle-chain.ts `battleChain`, the odds
 * `sandtable odds dc --attack ... --defend ...` prints) gives P(point taken) >= 0.7 and an expected
 * loss exchange >= 1.5; fortifies every unit it does not move; never goes all out; keeps its air
 * for the defence; declares a draw at the first opportunity while not behind.
 *
 * The battle a unit would join (`battleSpec`): the own units committed to the point plus the unit
 * (plus, under the plan, the units assigned after it), against the Soviet units there, as the chain's
 * spec can describe it: German air 0 (the policy commits none, D-18); simultaneous fire in Good
 * weather at the point (DC 13.B.1: normal fire in Mud, and in Snow without air); the defenders'
 * field fortifications (18); the point's fortress class (map.ts fortClass, 10.C: taken in full,
 * which over-states a fortress on the Axis side of the 1941 border, conservative); the Soviet air
 * there (Advanced); a breakthrough assault (16) in breakthrough movement; the game's own rules (its
 * variants and reconstructed parameters, battle-chain.ts spec.rules). The
 * chain counts every unit fresh: dispersed or worn defenders are modelled undispersed and unworn
 * (over-stating the defence: conservative for P(taken) and for the attacker's losses), and only
 * fresh units (no losses) are sent to attack, so the chain does not over-state the attackers.
 *
 * Thresholds: P(point taken) = P(taken) + P(defender retreats) (both leave the point to the
 * attacker, retreat.ts finish); the loss exchange is the defender's expected unit losses over the
 * attacker's expected losses (chain `hits`), where the defender's count leaves out, as a
 * conservative bound, one loss per field fortification and every loss the defenders had already
 * taken (the chain's fresh defenders could absorb those, the real ones cannot).
 *
 * Size and speed: the chain is exact up to EXACT_UNITS units a side, and its cost grows fast with
 * the units. A plan puts at most MAX_TEAM (5) attackers into a battle, strongest first (the later
 * candidates are not assigned); a point with more than EXACT_UNITS defenders is never attacked
 * (documented conservative rule: no Monte Carlo estimate in play). Before the chain is asked, a
 * necessary condition is checked: the attackers' printed fire factors at least the defenders'
 * (every defender counted undispersed, plus the fortress bonus): below it the chain's attacker
 * breaks off after the defender's first fire (normal fire: P(taken) = 0 exactly); in simultaneous
 * fire it only drops battles that would have to be won by the first volley alone. The chain's
 * verdict is a pure function of the rules and the battle key, memoized across games (`chainVerdict`): a per-game
 * cache in the Ctx measured about 6 games/s against barbarossa's ~115 (about 30 new battles a game
 * at 2-15 ms each), the shared one keeps the policy within about 2x of barbarossa.
 *
 * Build-up (one unit asked at a time, docs/games/dc.md "Decisions"): a plan per operational-movement phase, made at
 * its first decision (task object). Candidates: the units not yet asked, on the map, undispersed,
 * fresh, of a combat type, with a line into a Soviet-held point that has room this phase (the line
 * loads the plan itself uses counted, DC 12.A-C) and that they may attack (10.D Kerch, armour
 * grounded, 5.D nations). Soviet-held points in order of VP then index: the battle of the units
 * already committed there plus the unassigned candidates that reach it (strongest first, up to
 * MAX_TEAM attackers) is evaluated; if it meets both thresholds those candidates are assigned to it,
 * else none is. When an assigned unit is asked, the battle is evaluated again as it now stands
 * (the units committed so far, this unit, and the assigned units still to come); the unit attacks
 * only if that battle meets both thresholds. So no attack option is ever taken whose battle (as
 * planned from that moment) fails them, and the first units commit only to battles their
 * assigned successors make worth it (the plan counts the line loads exactly: attack lines lead into
 * Soviet-held points, which no other move uses, so an assigned unit finds its option). Breakthrough movement (D-28) has no plan: a unit assaults
 * only where the units committed there plus itself meet both thresholds.
 *
 * Other moves: a unit not attacking moves (one line, or the highway double step) only to take a
 * point that is not Axis-controlled and nearer the objectives (barbarossa's), or, when no Soviet
 * unit is adjacent to it, to come nearer the objectives; otherwise it fortifies when it may
 * (op-move 'fortify', DC 18), else stays.
 *
 * Air (D-8, D-18): commits the minimum the lw-commit options allow (0); withholds every air unit
 * at the turn's start placement, so that all of it is placed after the Axis combat for the Soviet
 * turn (DC 13.A.5, 14.B.4) on the front point where the adjacent undispersed Soviet fire is largest
 * against the Axis fire there times (1 + the air already there), at most 4 a point.
 *
 * Draw (D-30, `declare-draw`): declares whenever asked (the own victory-determination phase after
 * February 1942) while not behind: the Axis margin (victory.ts `margin`, the enemy-VP part over the
 * requirement, home VP short counted against it; the margins common.ts pickDraw compares) is at
 * least the Soviet margin, and the Soviets do not meet their requirement now.
 */
import type { PolicyDef } from '../../../core/game.js';
import { memoize, memoizeWeak } from '../../../core/memo.js';
import { type BattleChainSpec, EXACT_UNITS } from '../battle-chain.js';
import { battleChain } from '../chain-odds.js';
import type { DcDecision, OpOption } from '../decisions.js';
import { armourGrounded, mayEnter, weatherAt } from '../movement.js';
import type { DcRules } from '../resolve.js';
import { type DcState, type DcTask, yearOf } from '../state.js';
import { margin, meets, vpHeld } from '../victory.js';
import { BARBAROSSA_TARGETS, Ctx, currentBattle, type DcPolicy, pickContinue, subjectOf } from './common.js';
import { phaseKey } from './plan.js';

/** The thresholds of its intent (docs/games/dc.md "Policies"). */
export const MIN_TAKEN = 0.7;
export const MIN_EXCHANGE = 1.5;

/** The chain's verdict on one battle. */
export interface BattleOdds {
  /** P(point taken): the point taken or the defenders retreating. */
  readonly taken: number;
  /** Expected losses: attacker; defender with the conservative deductions (see the module comment). */
  readonly attLoss: number;
  readonly defLoss: number;
  /** Both thresholds met. */
  readonly pass: boolean;
}

const NO_BATTLE: BattleOdds = { taken: 0, attLoss: 0, defLoss: 0, pass: false };

/** Attackers a plan puts into one battle, at most (the chain's cost grows fast with the units). */
export const MAX_TEAM = 5;

/**
 * The chain's P(point taken) and expected losses absorbed [attacker, defender] of the battle a key
 * names (built by `battleOdds`), fought under the game's own rules (its `DcState.rules`: the setup's
 * variants and reconstructed parameters): a pure function of the rules and the key (the chain is
 * exact), so it is memoized across games, per rules object (core/memo.ts: sharing it cannot change a
 * result). A battle the chain's position cannot hold counts as no attack (conservative).
 */
const verdictsByRules = memoize((rulesJson: string) => {
  const rules = JSON.parse(rulesJson) as DcRules;
  return memoize((key: string) => verdictOf(rules, key));
});
/** Keyed by the rules' content, not identity: a worker resolves a fresh setup (and rules) per chunk. */
const chainVerdict = memoizeWeak((rules: DcRules) => verdictsByRules(JSON.stringify(rules)));

function verdictOf(rules: DcRules, key: string): { taken: number; att: number; def: number } {
  const [level, flags, forts, airSov, att, def] = key.split('|') as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const spec: BattleChainSpec = {
    level: level === 'advanced' ? 'advanced' : 'intro',
    attacker: 0,
    attackers: att.split(','),
    defenders: def.split(','),
    airGer: 0,
    forts: Number(forts),
    simultaneous: flags[1] === '1',
    bt: flags[0] === '1',
    airSov: Number(airSov),
    fortress: Number(flags[2]),
    rules,
  };
  try {
    const c = battleChain(spec);
    return { taken: c.ends[0]! + c.ends[1]!, att: c.hits[0], def: c.hits[1] };
  } catch {
    return { taken: 0, att: 1, def: 0 };
  }
}

/** The policy's Ctx: common.ts Ctx plus the phase plan (reset clears it). */
export class AttritionalCtx extends Ctx {
  /** The phase the plan was made for (plan.ts phaseKey), and each unit's assigned target (-1 none). */
  planPhase: string | null = null;
  assigned = new Int16Array(1024);
  override fork(): AttritionalCtx {
    const c = new AttritionalCtx();
    c.plan = this.plan?.copy() ?? null;
    c.planPhase = this.planPhase;
    c.assigned = this.assigned.slice();
    return c;
  }
  override reset(): void {
    super.reset();
    this.planPhase = null;
  }
}

function isCombatType(s: DcState, t: number): boolean {
  const ty = s.rules.types[t]!;
  return ty.ff > 0 && (ty.role === undefined || ty.role === 'division' || ty.role === 'composite');
}

/**
 * The odds of the Axis attack on point `p` by the units `attackers` (indices; all on the map), as
 * the module comment describes; `bt` a breakthrough assault.
 */
export function battleOdds(
  s: DcState,
  ctx: AttritionalCtx,
  p: number,
  attackers: readonly number[],
  bt: boolean,
): BattleOdds {
  if (attackers.length === 0 || attackers.length > EXACT_UNITS) return NO_BATTLE;
  const m = ctx.map(s);
  const types = s.rules.types;
  const defenders: string[] = [];
  let forts = 0;
  let worn = 0;
  let airSov = 0;
  let defFire = 0;
  let majorInf = 0;
  for (const u of s.units) {
    if (u.st !== 0 || u.at !== p || u.side !== 1 || u.ret) continue;
    const ty = types[u.t]!;
    if (ty.role === 'air') {
      airSov++;
      continue;
    }
    defenders.push(ty.id);
    if (u.fort) forts++;
    worn += u.losses;
    // the screen: printed fire as the chain would count it (every defender undispersed)
    defFire += ty.ff;
    if (ty.major && ty.infantryType) majorInf++;
  }
  if (defenders.length === 0 || defenders.length > EXACT_UNITS) return NO_BATTLE;
  if (s.rules.level !== 'advanced') airSov = 0;
  const fortress = m.fortClass[p]!;
  defFire += Math.min(fortress, majorInf);
  const att: string[] = [];
  let attFire = 0;
  for (const i of attackers) {
    const ty = types[s.units[i]!.t]!;
    att.push(chainType(s, s.units[i]!.t));
    attFire += ty.ff;
  }
  if (attFire < defFire) return NO_BATTLE;
  att.sort();
  defenders.sort();
  const sim = !bt && weatherAt(s, p) === 0;
  const key = `${s.rules.level}|${bt ? 1 : 0}${sim ? 1 : 0}${fortress}|${forts}|${airSov}|${att.join(',')}|${defenders.join(',')}`;
  const r = chainVerdict(s.rules)(key);
  const defLoss = Math.max(0, r.def - forts - worn);
  const pass = r.taken >= MIN_TAKEN && defLoss >= MIN_EXCHANGE * r.att;
  return { taken: r.taken, attLoss: r.att, defLoss, pass };
}

/**
 * The chain's stand-in for an Axis type: the chain fights at Warsaw, where the Finnish, Rumanian and
 * Hungarian units are out of supply (battle-chain.ts refuses them), so each is counted as the first
 * German or Italian type of the level with the same fire factor, major status, infantry type and
 * armour (the same fire and loss limit in a battle without air or all-out: the policy uses neither).
 */
export function chainType(s: DcState, t: number): string {
  const types = s.rules.types;
  const ty = types[t]!;
  if (ty.nation === 'german' || ty.nation === 'italian') return ty.id;
  const x = types.find(
    (y) =>
      (y.nation === 'german' || y.nation === 'italian') &&
      y.ff === ty.ff &&
      y.major === ty.major &&
      y.infantryType === ty.infantryType &&
      y.armour === ty.armour &&
      y.role === undefined,
  );
  return (x ?? ty).id;
}

/** May unit `i` be planned to attack point `p` along line `l` (mayAttack, mayEnter; the loads aside)? */
function mayPlan(s: DcState, i: number, p: number, l: number, kerch: Uint8Array): boolean {
  const u = s.units[i]!;
  const ty = s.rules.types[u.t]!;
  if (ty.armour && (kerch[l] === 1 || (s.rules.armourNoAttack && armourGrounded(s, 0)))) return false;
  return mayEnter(s, u, p);
}

/** A fresh combat unit that may be planned into an attack. */
function candidate(s: DcState, i: number): boolean {
  const u = s.units[i]!;
  return u.st === 0 && u.at >= 0 && !u.disp && u.atk < 0 && u.losses === 0 && isCombatType(s, u.t);
}

/** The phase plan (module comment): `ctx.assigned[i]` the point unit i is to attack, or -1. */
export function plan(s: DcState, ctx: AttritionalCtx, task: DcTask & { t: 'op' }): void {
  if (ctx.planPhase === phaseKey(s)) return;
  ctx.planPhase = phaseKey(s);
  const m = ctx.map(s);
  const units = s.units;
  if (ctx.assigned.length < units.length) ctx.assigned = new Int16Array(units.length * 2);
  const assigned = ctx.assigned;
  assigned.fill(-1, 0, units.length);
  const foe = new Uint8Array(m.n);
  for (const u of units) if (u.st === 0 && u.side === 1 && u.at >= 0) foe[u.at] = 1;
  // the candidates' (unit, point, line) triples, in the phase's order
  const trip: number[] = [];
  for (let j = task.i; j < task.order.length; j++) {
    const i = task.order[j]!;
    if (!candidate(s, i)) continue;
    const at = units[i]!.at;
    for (let k = m.adjStart[at]!; k < m.adjStart[at + 1]!; k++) {
      const p = m.adjNb[k]!;
      const l = m.adjLine[k]!;
      if (foe[p] === 1 && mayPlan(s, i, p, l, m.lineKerch)) trip.push(i, p, l);
    }
  }
  if (trip.length === 0) return;
  const targets = [...new Set(trip.filter((_, k) => k % 3 === 1))].sort(
    (a, b) => m.vp[b]! - m.vp[a]! || a - b,
  );
  const load = s.load.slice();
  const caps = s.rules.lineCap[0]!;
  const types = s.rules.types;
  for (const p of targets) {
    const committed: number[] = [];
    for (let i = 0; i < units.length; i++) {
      const u = units[i]!;
      if (u.st === 0 && u.side === 0 && u.atk === p) committed.push(i);
    }
    const team = committed.slice();
    const lines: number[] = [];
    const trial = load.slice();
    // this point's unassigned candidates, strongest first (the phase's order among equals)
    const cand: number[] = [];
    for (let k = 0; k < trip.length; k += 3)
      if (trip[k + 1] === p && assigned[trip[k]!] === -1 && !team.includes(trip[k]!)) cand.push(k);
    cand.sort((a, b) => types[units[trip[b]!]!.t]!.ff - types[units[trip[a]!]!.t]!.ff || a - b);
    for (const k of cand) {
      if (team.length >= MAX_TEAM) break;
      const i = trip[k]!;
      const l = trip[k + 2]!;
      const ty = types[units[i]!.t]!;
      const cap = caps[m.lineClass[l]!]!;
      if (trial[2 * l]! + ty.cap * 2 > 2 * cap[0] + 1 || (ty.armour && trial[2 * l + 1]! + 1 > cap[1]))
        continue;
      trial[2 * l]! += ty.cap * 2;
      if (ty.armour) trial[2 * l + 1]!++;
      team.push(i);
      lines.push(l);
    }
    if (team.length === committed.length) continue;
    if (!battleOdds(s, ctx, p, team, false).pass) continue;
    for (let k = committed.length; k < team.length; k++) assigned[team[k]!] = p;
    for (let k = 0; k < trial.length; k++) load[k] = trial[k]!;
  }
}

/** The units committed to attack point `p` now. */
function committedTo(s: DcState, p: number): number[] {
  const out: number[] = [];
  s.units.forEach((u, i) => {
    if (u.st === 0 && u.side === 0 && u.atk === p) out.push(i);
  });
  return out;
}

/** Is the attack of unit `i` on `p` (op: with the assigned units still to come) worth it now? */
export function attackPasses(s: DcState, ctx: AttritionalCtx, i: number, p: number): boolean {
  const task = s.stack[s.stack.length - 1]!;
  const team = committedTo(s, p);
  team.push(i);
  if (task.t === 'op') {
    for (let j = task.i + 1; j < task.order.length; j++) {
      const x = task.order[j]!;
      if (ctx.assigned[x] === p && candidate(s, x)) team.push(x);
    }
  }
  return battleOdds(s, ctx, p, team, task.t === 'bt-move').pass;
}

/** op-move / bt-move (D-16, D-28): the module comment's rules. */
export function pickAttritionalMove(
  s: DcState,
  ctx: AttritionalCtx,
  d: DcDecision & { kind: 'op-move' | 'bt-move' },
  out?: Float64Array,
): number {
  const task = s.stack[s.stack.length - 1]!;
  const i = subjectOf(s);
  const u = s.units[i]!;
  const options = d.options as readonly OpOption[];
  const second = task.t === 'op' && task.second >= 0;
  if (task.t === 'op' && !second) plan(s, ctx, task);
  // with `out`, the rules' order as scores: the attack 1e6, a move its score (at least 1), an entry
  // from the box in (0, 1], fortifying 0, staying (the last resort) -0.5, any other -1
  if (out !== undefined) out.fill(-1, 0, options.length);
  let attack = -1;
  // an attack: the planned one (op), or any whose battle passes (breakthrough)
  if (!second && u.losses === 0 && isCombatType(s, u.t)) {
    const want = task.t === 'op' ? ctx.assigned[i]! : -2;
    for (let k = 0; k < options.length; k++) {
      const o = options[k]!;
      if (o.type !== 'move' || !o.attack) continue;
      if (want !== -2 && o.to !== want) continue;
      if (attackPasses(s, ctx, i, o.to)) {
        if (out === undefined) return k;
        attack = k;
        out[k] = 1e6;
        break;
      }
    }
  }
  // otherwise: take ground, or come up from the rear; else fortify, else stay
  const dist = ctx.distances(s, BARBAROSSA_TARGETS(yearOf(s.turn)));
  // no Soviet unit on the unit's point's neighbours (hop distance to the nearest one above 1)
  const quiet = u.at >= 0 && ctx.enemyDistance(s, 0)[u.at]! > 1;
  let best = -1;
  let bestScore = 0;
  for (let k = 0; k < options.length; k++) {
    const o = options[k]!;
    if ((o.type !== 'move' && o.type !== 'highway') || o.attack || u.at < 0) continue;
    const gain = dist[u.at]! - dist[o.to]!;
    if (gain <= 0) continue;
    if (s.control[o.to] === 0 && !quiet) continue;
    const score = gain + (s.control[o.to] !== 0 ? 1 : 0);
    if (out !== undefined) out[k] = score;
    if (score > bestScore) {
      bestScore = score;
      best = k;
    }
  }
  if (attack >= 0) return attack;
  if (best >= 0) return best;
  // DC 9.A: a unit in the off-map box comes back onto the map, nearest the objectives
  if (u.at < 0) {
    let e = -1;
    for (let k = 0; k < options.length; k++) {
      const o = options[k]!;
      if (o.type !== 'enter' || o.attack) continue;
      if (out !== undefined) out[k] = 1 / (1 + dist[o.at]!);
      if (e < 0 || dist[o.at]! < dist[(options[e] as { at: number }).at]!) e = k;
    }
    if (e >= 0) return e;
  }
  const f = options.findIndex((o) => o.type === 'fortify');
  if (out !== undefined) out[Math.max(f, 0)] = f >= 0 ? 0 : -0.5;
  return Math.max(f, 0);
}

/** lw-place (D-8; DC 13.A.5, 14.B.4): withheld at the start; after combat, where Soviet fire faces the Axis most. */
export function pickDefenceAir(
  s: DcState,
  ctx: AttritionalCtx,
  d: DcDecision & { kind: 'lw-place' },
): number {
  const options = d.options;
  const w = options.findIndex((o) => o.at < 0);
  if (w >= 0) return w;
  const m = ctx.map(s);
  const sov = new Float64Array(m.n);
  const ax = new Float64Array(m.n);
  for (const u of s.units) {
    if (u.st !== 0 || u.at < 0) continue;
    const ty = s.rules.types[u.t]!;
    if (u.side === 1) {
      if (!u.disp) sov[u.at]! += ty.ff;
    } else if (ty.role !== 'air') ax[u.at]! += u.disp ? 0 : ty.ff;
  }
  let best = 0;
  let bestScore = -1;
  for (let k = 0; k < options.length; k++) {
    const p = options[k]!.at;
    let here = 0;
    for (const a of s.airAt) if (a === p) here++;
    if (here >= 4) continue;
    let threat = 0;
    for (let j = m.adjStart[p]!; j < m.adjStart[p + 1]!; j++) threat += sov[m.adjNb[j]!]!;
    const score = threat / (Math.max(1, ax[p]!) * (1 + here));
    if (score > bestScore) {
      bestScore = score;
      best = k;
    }
  }
  return best;
}

/** D-30: declare while not behind (module comment). */
export function pickAttritionalDraw(s: DcState, ctx: Ctx): number {
  const ws = ctx.get(s);
  const sov = vpHeld(s, ws, 1);
  if (meets(s, ws, 1, sov)) return 0;
  return margin(s, ws, 0) >= margin(s, ws, 1, sov) ? 1 : 0;
}

/**
 * The policy: `base` (index.ts's scripted machinery with this policy's style) answers every
 * decision but movement, air, all-out, continuation and the draw.
 */
export function attritional(base: DcPolicy, ctx = new AttritionalCtx()): DcPolicy {
  /** This policy's own answer, or null where `base` answers. */
  const own = (s: DcState, d: DcDecision, out?: Float64Array): number | null => {
    switch (d.kind) {
      case 'op-move':
      case 'bt-move':
        return pickAttritionalMove(s, ctx, d, out);
      case 'lw-commit':
        // D-18: keep the air for the defence: the fewest the options allow
        return 0;
      case 'lw-bt':
        return 0;
      case 'lw-place':
        return pickDefenceAir(s, ctx, d);
      case 'allout-att':
        // D-20: never all out
        return 0;
      case 'continue':
      case 'sim-continue': {
        // D-24/D-25, the chain's stated rules: the attacker goes on while its fire is at least the
        // defender's; the defender holds while it can fire
        const b = currentBattle(s);
        return pickContinue(s, ctx, 0, b !== null && b.att === 0 ? 1 : 0);
      }
      case 'declare-draw':
        return pickAttritionalDraw(s, ctx);
      default:
        return null;
    }
  };
  return {
    id: base.id,
    choose: (s, d, rng, search) => own(s, d) ?? base.choose(s, d, rng, search),
    // the move rule's ranking (pickAttritionalMove); a fixed rule's answer scores 1, the others 0
    scores(s, d, out) {
      const n = d.options.length;
      out.fill(Number.NaN, 0, n);
      const k = own(s, d, out);
      if (k === null) {
        base.scores?.(s, d, out);
        return;
      }
      let top = true;
      for (let j = 0; j < n; j++) if (Number.isNaN(out[j]!) || out[j]! > out[k]!) top = false;
      if (top) return;
      out.fill(0, 0, n);
      out[k] = 1;
    },
    reset() {
      ctx.reset();
      base.reset?.();
    },
    // a copy keeps the phase plan (each unit's assigned target), so it answers as this policy would
    clone: () => attritional(base.clone?.() ?? base, ctx.fork()),
  };
}

export type AttritionalDef = PolicyDef<DcState, DcDecision>;
