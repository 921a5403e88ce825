/**
 * The Siberian Reserve (DC 3.C): three consecutive waves drawn from the Soviet dead pile, arriving
 * undispersed on the eastern edge in January-March 1942, or from the turn after an early call made
 * before December 1941 (D-31; variant reading sib-call-from-turn-2). From the first wave of an early
 * call, each Soviet R/R ends with 2d6 through December 1941: doubles bring the Siberian crisis —
 * waves not yet arrived stay in Siberia, the Soviets commit 18/24/30 units by type (by the turn the
 * crisis strikes, counted from the first wave), strategic capacity is halved (rounded up) until the
 * commitment is met, and from June 1942 everything held or committed returns at one unit of each
 * basic type a turn. Commitment pace (variant group crisis-pace, DC 3.C.3.c): `crisis-pace-total`
 * (default: the printed words) at least a third of the whole commitment, of any types still owed, on
 * the first crisis turn ("18 units = at least 6 units the first turn"), as many more as the Soviet
 * player likes on the second, everything left on the third and after ("Units of whatever type may be
 * sent on each turn as long as the final total ... by type and number"); `crisis-pace-type` (the
 * earlier reading) by the end of crisis turn k at least ceil(k/3) of each type's total. A composite
 * may be sent and counts as the basic components of its first recipe (DC 3.C.3.c). Introductory
 * level: no artillery counters, so the artillery numbers are not drawn. D-32 (DC 3.C.2, Advanced
 * level): before a wave enters the Soviet player may form composites from its units (variant group
 * sib-comp: the three named, or any allowed that month), which enter with it dispersed as every new
 * composite is (8.C.3), or hold units of waves 1 and 2 back to join the next wave.
 */
import type { Decision } from '../../core/game.js';
import { allowedType, freeCounter, placeComposite, recipes } from './composites.js';
import { dcData } from './data.js';
import type {
  CallOption,
  CommitOption,
  ComposeOption,
  DcDecision,
  EntryOption,
  ReturnOption,
} from './decisions.js';
import { tell } from './narrate.js';
import type { DcState, DcTask } from './state.js';
import { inSupply, mapOf, supplyReach } from './supply.js';
import type { DcWorkspace } from './workspace.js';

/** Basic types of the reserve and the crisis table, in the order of DC 3.C.1 (variant crisis-order default). */
export const SIB_TYPES = ['sov-rifle', 'sov-tank', 'sov-art', 'sov-cav'] as const;

export interface SiberiaState {
  /** Turn of the early call (-1: none). */
  call: number;
  /** Turn the first wave arrives (-1: not yet fixed). */
  wave1: number;
  /** Units still owed per type from arrived waves (shortfall of the dead pile), by SIB_TYPES index. */
  owed: number[];
  /** Waves arrived or cancelled so far (0..3). */
  waves: number;
  /** Turn the crisis struck (-1: none) and its commitment by type, committed so far by type. */
  crisis: number;
  commit: number[];
  committed: number[];
  /** Units owed back from June 1942 by type (held waves and committed units). */
  returns: number[];
  /** D-32 (DC 3.C.2): reserve units held back by type, joining the next wave. */
  held: number[];
  /** D-32: composite unit types formed from the reserve, entering with the wave (or at the next entry). */
  comp: number[];
  /** The gamble is over (doubles rolled, or December 1941 passed). */
  settled: boolean;
}

export function newSiberia(): SiberiaState {
  return {
    call: -1,
    wave1: -1,
    owed: [0, 0, 0, 0],
    waves: 0,
    crisis: -1,
    commit: [0, 0, 0, 0],
    committed: [0, 0, 0, 0],
    returns: [0, 0, 0, 0],
    held: [0, 0, 0, 0],
    comp: [],
    settled: false,
  };
}

const JAN42 = 9;
const DEC41 = 8;
const JUN42 = 14;

/** DC 3.C.3: the crisis commitment row by how many turns after the first wave it strikes. */
export function crisisRow(offset: number): readonly number[] {
  return dcData.crisis.rows[Math.min(2, offset)]!;
}

/** C-8: P(crisis on the first, second, third-or-later roll, none) after `rolls` rolls. */
export function crisisDistribution(rolls: number): [number, number, number, number] {
  const p = (k: number) => (k <= rolls ? (5 / 6) ** (k - 1) / 6 : 0);
  const first = p(1);
  const second = p(2);
  const none = (5 / 6) ** rolls;
  return [first, second, 1 - none - first - second, none];
}

/** DC 3.C.3.d: strategic capacity is halved (rounded up) while the commitment is incomplete. */
export function crisisActive(s: DcState): boolean {
  const b = s.sib;
  return b.crisis >= 0 && b.committed.some((c, k) => c < available(s, k, b.commit[k]!));
}

function typeIndex(s: DcState, k: number): number {
  const types = s.rules.types;
  const id = SIB_TYPES[k];
  for (let t = 0; t < types.length; t++) if (types[t]!.id === id) return t;
  return -1;
}

/** Units of a type the commitment can ask for (types absent at this level count as met). */
function available(s: DcState, k: number, n: number): number {
  return typeIndex(s, k) < 0 ? 0 : n;
}

/** Soviet-controlled east-edge points in supply: where reserve units enter (D-11). */
export function eastEntries(s: DcState, ws: DcWorkspace): number[] {
  const m = mapOf(s);
  const reach = supplyReach(s, ws, 'soviet');
  const out: number[] = [];
  for (let p = 0; p < m.n; p++) if (m.edgeEast[p] === 1 && s.control[p] === 1 && reach[p] === 1) out.push(p);
  return out;
}

/**
 * The Soviet R/R phase's Siberian step: arrivals now, then the siberia task (call decision, crisis
 * commitments, returns); true when the gamble is due this turn (the caller pushes its sib-gamble task
 * to run before the phase's tasks; `applyGamble`).
 */
export function startSiberia(s: DcState): boolean {
  const b = s.sib;
  const turn = s.turn;
  // waves: from the turn after an early call, else January 1942; a crisis stops the rest
  if (b.wave1 < 0 && b.call < 0 && turn >= JAN42) b.wave1 = turn;
  if (b.wave1 >= 0 && b.waves < 3 && turn >= b.wave1 && b.crisis < 0) {
    b.waves++;
    s.rules.sibPerWave.forEach((n, k) => {
      b.owed[k]! += available(s, k, n);
    });
    // D-32 (DC 3.C.2): units held back from the last wave come with this one
    for (let k = 0; k < 4; k++) b.owed[k]! += b.held[k]!;
    b.held = [0, 0, 0, 0];
    s.stats.sibWaves++;
  }
  s.stack.push({ t: 'siberia', stage: 0 });
  if (gambleDue(s)) return true;
  if (turn >= DEC41 && b.crisis < 0) b.settled = true;
  return false;
}

/** DC 3.C.3: the 2d6 gamble is rolled this turn: after an early call, from the first wave's turn through December 1941. */
function gambleDue(s: DcState): boolean {
  const b = s.sib;
  return b.call >= 0 && !b.settled && b.wave1 >= 0 && s.turn >= b.wave1 && s.turn <= DEC41;
}

/** DC 3.C.3: the gamble's two dice as a chance point: doubles (the crisis) or not. */
export const GAMBLE_ODDS: readonly { readonly label: string; readonly p: number }[] = [
  { label: 'doubles', p: 1 / 6 },
  { label: 'no doubles', p: 5 / 6 },
];

/**
 * DC 3.C.3: the gamble's outcome (`dice` the two rolled, when sampled): doubles bring the crisis
 * (commitments by the turns since the first wave; the waves not yet arrived stay in Siberia, owed
 * back from June 1942). The sib-gamble task ends.
 */
export function applyGamble(
  s: DcState,
  ws: DcWorkspace,
  doubles: boolean,
  dice?: readonly [number, number],
): void {
  s.stack.pop();
  const b = s.sib;
  const turn = s.turn;
  const shown = dice === undefined ? (doubles ? 'doubles' : 'no doubles') : `${dice[0]}, ${dice[1]}`;
  if (doubles) {
    b.settled = true;
    b.crisis = turn;
    const offset = turn - b.wave1;
    b.commit = crisisRow(offset).map((n, k) => available(s, k, n));
    // DC 3.C.3.a-b: waves not yet arrived stay in Siberia, owed back from June 1942
    const wave = s.rules.sibPerWave;
    for (let k = 0; k < 4; k++)
      b.returns[k]! += available(s, k, wave[k]! * (3 - b.waves) + b.owed[k]! + b.held[k]!);
    b.owed = [0, 0, 0, 0];
    b.held = [0, 0, 0, 0];
    b.waves = 3;
    s.stats.sibCrisis = 1;
    s.stats.sibCrisisOffset = Math.min(2, offset);
    tell(
      s,
      ws,
      1,
      'DC 3.C.3',
      `Siberian crisis: doubles (${shown}); commitment ${b.commit.join('/')}`,
      dice?.slice(),
    );
  } else tell(s, ws, 1, 'DC 3.C.3', `Siberian gamble: ${shown}`, dice?.slice());
  if (turn >= DEC41 && b.crisis < 0) b.settled = true;
}

function deadOf(s: DcState, t: number): number {
  for (let i = 0; i < s.units.length; i++) {
    const u = s.units[i]!;
    if (u.t === t && u.side === 1 && u.st === 1) return i;
  }
  return -1;
}

function deadCount(s: DcState, t: number): number {
  let dead = 0;
  for (const u of s.units) if (u.t === t && u.side === 1 && u.st === 1) dead++;
  return dead;
}

/**
 * Units due to enter now per type: the reserve shortfall, then the June 1942 returns at 1 per type
 * for the types whose bit is set in `returning` (D-38).
 */
function dueNow(s: DcState, returning: number): number[] {
  const b = s.sib;
  const out = [0, 0, 0, 0];
  for (let k = 0; k < 4; k++) {
    const ret = s.turn >= JUN42 && b.returns[k]! > 0 && ((returning >> k) & 1) === 1 ? 1 : 0;
    const want = b.owed[k]! + ret;
    if (want === 0) continue;
    const t = typeIndex(s, k);
    // the count of eliminated counters (a pass over every unit) only when some are wanted
    if (t >= 0) out[k] = Math.min(deadCount(s, t), want);
  }
  return out;
}

/** D-38: a unit of type k is owed back and can enter now (a counter left beyond the reserve owed). */
function returnDue(s: DcState, k: number): boolean {
  const t = typeIndex(s, k);
  return s.turn >= JUN42 && t >= 0 && s.sib.returns[k]! > 0 && deadCount(s, t) > s.sib.owed[k]!;
}

/** Units of type k the crisis still asks for this turn under crisis-pace-type (the module comment). */
function commitDueNow(s: DcState, k: number): number {
  const b = s.sib;
  if (b.crisis < 0) return 0;
  const turnOfCrisis = s.turn - b.crisis + 1;
  const target = Math.ceil((b.commit[k]! * Math.min(3, turnOfCrisis)) / 3);
  return Math.max(0, target - b.committed[k]!);
}

/**
 * DC 3.C.3.c (crisis-pace-total): units still owed by type, and how many of any type must still go
 * this turn (a third of the total by the end of the first crisis turn, all by the end of the third);
 * `optional`: the Soviet player may send more now (the first two crisis turns, once the minimum is met).
 */
export function commitNeed(s: DcState): { owed: number[]; mustNow: number; optional: boolean } {
  const b = s.sib;
  const owed = b.commit.map((n, k) => Math.max(0, n - b.committed[k]!));
  if (b.crisis < 0) return { owed, mustNow: 0, optional: false };
  const turnOfCrisis = s.turn - b.crisis + 1;
  const left = owed.reduce((a, n) => a + n, 0);
  const total = b.commit.reduce((a, n) => a + n, 0);
  const sent = total - left;
  const mustNow =
    turnOfCrisis >= 3 ? left : turnOfCrisis === 1 ? Math.max(0, Math.ceil(total / 3) - sent) : 0;
  return { owed, mustNow, optional: turnOfCrisis < 3 && mustNow === 0 && left > 0 };
}

/** SIB_TYPES indices a unit of type `t` counts as when committed: its own, or a composite's components (first recipe). */
export function commitKinds(s: DcState, t: number): number[] {
  const ty = s.rules.types[t]!;
  const ids = ty.composite !== undefined ? ty.composite.of[0]! : [ty.id];
  const out: number[] = [];
  for (const id of ids) {
    const k = SIB_TYPES.indexOf(id as (typeof SIB_TYPES)[number]);
    if (k >= 0) out.push(k);
  }
  return out;
}

function commitOptions(s: DcState, ws: DcWorkspace, stopped: boolean): CommitOption[] {
  const seen: number[] = [];
  const out: CommitOption[] = [];
  if (s.sib.crisis < 0) return out;
  let due: number[];
  let optional = false;
  if (s.rules.crisisPaceType) due = SIB_TYPES.map((_, k) => commitDueNow(s, k));
  else {
    const need = commitNeed(s);
    if (need.mustNow === 0 && (!need.optional || stopped)) return out;
    optional = need.optional;
    due = need.owed;
  }
  if (due.every((n) => n === 0)) return out;
  // commitKinds per unit type, made once per call
  const kindsOf: (number[] | undefined)[] = [];
  s.units.forEach((u, i) => {
    if (u.side !== 1 || u.st !== 0) return;
    let kinds = kindsOf[u.t];
    if (kinds === undefined) {
      kinds = commitKinds(s, u.t);
      kindsOf[u.t] = kinds;
    }
    // DC 3.C.3.c: a composite counts as its basic components (crisis-pace-type: basic units only)
    if (kinds.length === 0 || (s.rules.crisisPaceType && s.rules.types[u.t]!.composite !== undefined)) return;
    if (!kinds.some((k) => due[k]! > 0) || !inSupply(s, ws, u)) return;
    // identical counters at one point once: type, point, losses, dispersed, fortified packed in one number
    const sig = (((u.t * 65536 + u.at) * 65536 + u.losses) * 2 + (u.disp ? 1 : 0)) * 2 + (u.fort ? 1 : 0);
    if (seen.includes(sig)) return;
    seen.push(sig);
    out.push({ type: 'commit', unit: i, kind: kinds[0]! });
  });
  // DC 3.C.3.c: once the turn's minimum is met the Soviet player may stop (the option first)
  if (optional && out.length > 0) out.unshift({ type: 'commit', unit: -1, kind: -1 });
  return out;
}

export function siberiaStep(s: DcState, ws: DcWorkspace, task: DcTask & { t: 'siberia' }): DcDecision | null {
  const b = s.sib;
  if (task.stage === 0) {
    task.stage = 1;
    // D-31: an early call in a Soviet R/R before December 1941, from the second game turn (variant
    // sib-call-from-turn-2; sib-call-from-turn-1: from the first)
    if (b.call < 0 && b.wave1 < 0 && s.turn >= s.first + (s.rules.sibCallTurn1 ? 0 : 1) && s.turn <= 7)
      return {
        kind: 'siberian-call',
        side: 'soviet',
        rule: 'DC 3.C.3',
        options: [
          { type: 'call', call: false },
          { type: 'call', call: true },
        ],
      } as Decision<'siberian-call', CallOption>;
  }
  if (task.stage === 1) {
    // D-38 (DC 3.C.3): from June 1942, for each type owed back, one unit enters now or is held
    for (let k = task.rk ?? 0; k < 4; k++)
      if (returnDue(s, k)) {
        task.rk = k + 1;
        return {
          kind: 'siberia-return',
          side: 'soviet',
          rule: 'DC 3.C.3',
          options: [
            { type: 'return', kind: k, enter: true },
            { type: 'return', kind: k, enter: false },
          ],
        } as Decision<'siberia-return', ReturnOption>;
      }
    // D-32 (DC 3.C.2): composites from the wave, or units held back, one answer at a time
    if (task.cd !== true) {
      const opts = composeOptions(s);
      if (opts.length > 1)
        return { kind: 'siberian-compose', side: 'soviet', rule: 'DC 3.C.2', options: opts } as Decision<
          'siberian-compose',
          ComposeOption
        >;
    }
    task.stage = 2;
    const due = dueNow(s, task.rm ?? 0);
    if (due.some((n) => n > 0) || b.comp.length > 0) {
      const entries = eastEntries(s, ws);
      if (entries.length > 1)
        return {
          kind: 'entry-point',
          side: 'soviet',
          rule: 'DC 3.C.3, 8.B',
          options: entries.map((p): EntryOption => ({ type: 'entry', at: p })),
        } as Decision<'entry-point', EntryOption>;
      if (entries.length === 1) enter(s, ws, entries[0]!, task.rm ?? 0);
    }
  }
  if (task.stage === 2) {
    const opts = commitOptions(s, ws, task.cs === true);
    if (opts.length > 1)
      return { kind: 'crisis-commit', side: 'soviet', rule: 'DC 3.C.3.c', options: opts } as Decision<
        'crisis-commit',
        CommitOption
      >;
    if (opts.length === 1) {
      commit(s, opts[0]!, task);
      return null;
    }
  }
  s.stack.pop();
  return null;
}

/**
 * Brings the units due (reserve, and the returns of the types set in `returning`) onto `at`,
 * undispersed (DC 3.C.3, 8.A.2.c).
 */
export function enter(s: DcState, ws: DcWorkspace, at: number, returning: number): void {
  const b = s.sib;
  const due = dueNow(s, returning);
  due.forEach((n, k) => {
    const t = typeIndex(s, k);
    for (let j = 0; j < n; j++) {
      const i = deadOf(s, t);
      if (i < 0) break;
      const u = s.units[i]!;
      u.st = 0;
      u.at = at;
      u.losses = 0;
      u.disp = false;
      u.fort = false;
      u.atk = -1;
      u.iso = false;
      if (b.owed[k]! > 0) {
        b.owed[k]!--;
        s.stats.sibArrived++;
      } else {
        b.returns[k]!--;
        s.stats.sibReturned++;
      }
    }
  });
  // D-32 (DC 3.C.2, 8.C.3): composites formed from the reserve, dispersed as every new composite is
  while (b.comp.length > 0) {
    const t = b.comp[0]!;
    const free = freeCounter(s, t, []);
    if (free === null) break;
    b.comp.shift();
    placeComposite(s, t, free, at);
    s.stats.sibArrived++;
  }
  tell(s, ws, 1, 'DC 3.C.3', `Siberian units enter at ${mapOf(s).names[at]}`);
}

/** DC 3.C.2: "Shock armies, cavalry-mechanized groups, and parachute corps may be created this way". */
const SIB_COMPOSITES: readonly string[] = ['sov-shock', 'sov-cavmech', 'sov-para'];

/** Counters of type `t` not in play: the pool (pool-counter-mix) and the dead pile (DC 8.C.3). */
function countersLeft(s: DcState, t: number): number {
  return (s.rules.poolDeadOnly ? 0 : s.pool[t]!) + deadCount(s, t);
}

/** Reserve units of each SIB type due now from the waves (not the returns), by the dead pile's counters. */
function waveDue(s: DcState): number[] {
  return SIB_TYPES.map((_, k) => {
    const t = typeIndex(s, k);
    return t < 0 ? 0 : Math.min(deadCount(s, t), s.sib.owed[k]!);
  });
}

/**
 * D-32 options (DC 3.C.2, Advanced level): enter as they are; each composite type and recipe whose
 * components are all among the wave's units due now (allowed this month, a counter free, DC 8.C.3);
 * hold one unit of a type back to the next wave (waves 1 and 2 only). Empty when nothing can be formed or held.
 */
export function composeOptions(s: DcState): ComposeOption[] {
  const b = s.sib;
  if (s.rules.level !== 'advanced' || b.crisis >= 0) return [];
  const due = waveDue(s);
  if (due.every((n) => n === 0)) return [];
  const out: ComposeOption[] = [{ type: 'compose', unitType: -1, recipe: -1, kind: -1 }];
  s.rules.types.forEach((ty, t) => {
    if (ty.composite === undefined || ty.side !== 'soviet' || !allowedType(s, t)) return;
    // variant sib-comp: the three composites DC 3.C.2 names, or any composite of 8.C.3 allowed this month
    if (!s.rules.sibCompAny && !SIB_COMPOSITES.includes(ty.id)) return;
    if (freeCounter(s, t, []) === null || countersLeft(s, t) <= b.comp.filter((x) => x === t).length) return;
    recipes(s, t).forEach((recipe, r) => {
      const need = [0, 0, 0, 0];
      for (const id of recipe) {
        const k = SIB_TYPES.indexOf(id as (typeof SIB_TYPES)[number]);
        if (k < 0) return;
        need[k]!++;
      }
      if (need.every((n, k) => n <= due[k]!)) out.push({ type: 'compose', unitType: t, recipe: r, kind: -1 });
    });
  });
  // DC 3.C.2: "holding back units from the first turn's forces ... to the second", the second's to the third
  if (b.waves < 3)
    for (let k = 0; k < 4; k++)
      if (due[k]! > 0) out.push({ type: 'compose', unitType: -2, recipe: -1, kind: k });
  return out.length > 1 ? out : [];
}

/** Carries out a D-32 answer. */
export function applyCompose(s: DcState, task: DcTask & { t: 'siberia' }, o: ComposeOption): void {
  const b = s.sib;
  if (o.unitType === -1) {
    task.cd = true;
    return;
  }
  if (o.unitType === -2) {
    b.owed[o.kind]!--;
    b.held[o.kind]!++;
    return;
  }
  for (const id of recipes(s, o.unitType)[o.recipe]!)
    b.owed[SIB_TYPES.indexOf(id as (typeof SIB_TYPES)[number])]!--;
  b.comp.push(o.unitType);
  s.stats.compositesBuilt++;
}

/** Carries out a D-37 answer: the unit to the dead pile, counted as its basic components (DC 3.C.3.c); or stop. */
export function commit(s: DcState, o: CommitOption, task?: DcTask & { t: 'siberia' }): void {
  if (o.unit < 0) {
    if (task !== undefined) task.cs = true;
    return;
  }
  const b = s.sib;
  const u = s.units[o.unit]!;
  u.st = 1;
  u.at = -1;
  u.atk = -1;
  u.fort = false;
  u.disp = false;
  const kinds = s.rules.crisisPaceType ? [o.kind] : commitKinds(s, u.t);
  for (const k of kinds) b.committed[k]!++;
  // DC 3.C.3: owed back from June 1942 as one unit, classed by its (first) basic type
  b.returns[kinds[0]!]!++;
  s.stats.sibCommitted++;
}

/** Carries out a D-38 answer. */
export function applyReturn(task: DcTask & { t: 'siberia' }, o: ReturnOption): void {
  if (o.enter) task.rm = (task.rm ?? 0) | (1 << o.kind);
}

export function applyCall(s: DcState, call: boolean): void {
  if (!call) return;
  s.sib.call = s.turn;
  s.sib.wave1 = s.turn + 1;
  s.stats.sibCallTurn = s.turn;
}
