/**
 * Combat (SFO 9): legal battles, the combat die, results, elimination (9.1), retreat (9.2) and
 * advance (9.3), with the Expert optional Armour in the open (breakthrough, exploitation). A battle
 * is resolved as a sequence of tasks on the state's stack, so the game can stop at every retreat,
 * elimination and advance decision.
 */
import { d6 } from '../../core/dice.js';
import type { ChanceNode } from '../../core/game.js';
import { type CombatResult, columnLabel, crtColumn, crtResult } from './crt.js';
import {
  type AdvanceOption,
  type Answer,
  forced,
  type NoAdvance,
  type SfoDecision,
  type SfoOption,
} from './decisions.js';
import { mapOf, type SfoMap } from './map.js';
import { enemyZocInto } from './movement.js';
import { hexName, label, tell } from './narrate.js';
import { enemyOf, type SfoState, type SfoTask, type Side, type SupportKind } from './state.js';
import { newScratch, type SfoScratch, type SfoWorkspace } from './workspace.js';

/** One battle: a defender hex and the attacking units, with its CRT column index and strength difference. */
export interface Battle {
  readonly defender: number;
  readonly attackers: readonly number[];
  /** CRT column index 0..5 (Basic: attackers - 1; Advanced: strength difference). */
  readonly column: number;
  /** Advanced: Σ offence − (Σ defence + forest); Basic: the same sum, for information. Expert: + support. */
  readonly difference: number;
  /** Expert (SFO 7.1): the support chit placed on this defender, applied to this battle. */
  readonly support: SupportKind | null;
}

/** SFO 9 (Advanced): the defence of a hex: Σ defence of its units, +1 per hex (not per unit) in forest. */
export function hexDefence(state: SfoState, h: number, m: SfoMap = mapOf(state)): number {
  let d = 0;
  const flipped = state.rules.expert?.disruptedDefence ?? 0;
  for (const u of state.units) if (u.status === 'map' && u.hex === h) d += u.disrupted ? flipped : u.defence;
  return d + (m.forest[h] === 1 ? 1 : 0);
}

/** SFO 7.1: the offence a support chit adds (Spetsnaz adds none: it changes the dice). */
export function supportOffence(state: SfoState, kind: SupportKind | null): number {
  const ex = state.rules.expert;
  if (kind === null || ex === null) return 0;
  return kind === 'air' ? ex.support.air : kind === 'artillery' ? ex.support.artillery : 0;
}

/** The support chit placed on hex `h` by the side in turn (Expert), if any. */
export function supportOn(state: SfoState, h: number): SupportKind | null {
  const p = state.expert?.placed;
  return p != null && p.hex === h ? p.kind : null;
}

/**
 * A battle's column and difference for the given attackers against hex `defender`; at the Expert
 * level a support chit placed on the defender adds its offence (SFO 9, Fig. 13 right).
 */
export function makeBattle(
  state: SfoState,
  defender: number,
  attackers: readonly number[],
  support: SupportKind | null = supportOn(state, defender),
): Battle {
  let off = 0;
  for (const a of attackers) off += state.units[a]!.offence;
  const difference = off + supportOffence(state, support) - hexDefence(state, defender);
  return {
    defender,
    attackers: [...attackers],
    column: crtColumn(state.rules.level, attackers.length, difference),
    difference,
    support,
  };
}

/**
 * SFO 9: every battle `side` may fight now. Attackers are units that have not attacked this turn,
 * adjacent to the defender hex. Basic: any non-empty set of such units, column = their number.
 * Advanced: combat integrity — whole attacking hexes (their not-yet-attacked units) and all defenders
 * of the hex; strength difference below 0 is not allowed. Variant one-attack-per-hex: a hex once attacked
 * this phase cannot be attacked again.
 */
export function legalBattles(state: SfoState, side: Side, sc: SfoScratch = newScratch()): Battle[] {
  const m = mapOf(state);
  const enemy = enemyOf(side);
  const out: Battle[] = [];
  const units = state.units;
  const nu = units.length;
  // per hex, the first eligible attacker (unit index, -1 none) and, per unit, the next one on its hex
  if (sc.head.length < m.size) sc.head = new Int16Array(2 * m.size);
  if (sc.next.length < nu) sc.next = new Int16Array(2 * nu);
  const head = sc.head;
  const next = sc.next;
  const seen = sc.seen.length >= m.size ? sc.seen.fill(0, 0, m.size) : new Uint8Array(m.size);
  head.fill(-1, 0, m.size);
  // units that may attack, per hex in unit order (built backwards so that each list ascends)
  for (let i = nu - 1; i >= 0; i--) {
    const a = units[i]!;
    if (a.side !== side || a.status !== 'map' || a.attacked || a.disrupted) continue;
    next[i] = head[a.hex]!;
    head[a.hex] = i;
  }
  const basic = state.rules.level === 'basic';
  const flipped = state.rules.expert?.disruptedDefence ?? 0;
  for (const d of units) {
    if (d.side !== enemy || d.status !== 'map' || seen[d.hex] === 1) continue;
    const dh = d.hex;
    seen[dh] = 1;
    if (state.rules.oneAttackPerHex && state.attackedHexes.includes(dh)) continue;
    // groups: Basic one group per eligible unit; Advanced one group per attacking hex
    const groups: number[][] = [];
    const ns = m.neighbours[dh]!;
    for (let j = 0; j < ns.length; j++) {
      let i = head[ns[j]!]!;
      if (i < 0) continue;
      if (basic) {
        for (; i >= 0; i = next[i]!) groups.push([i]);
      } else {
        const g: number[] = [];
        for (; i >= 0; i = next[i]!) g.push(i);
        groups.push(g);
      }
    }
    const k = groups.length;
    if (k === 0) continue;
    // makeBattle, with what does not depend on the attackers computed once per defender hex
    let def = 0;
    for (const u of units) if (u.status === 'map' && u.hex === dh) def += u.disrupted ? flipped : u.defence;
    def += m.forest[dh] === 1 ? 1 : 0; // hexDefence
    const support = supportOn(state, dh);
    const bonus = supportOffence(state, support);
    for (let mask = 1; mask < 1 << k; mask++) {
      const attackers: number[] = [];
      let off = 0;
      for (let j = 0; j < k; j++) {
        if ((mask & (1 << j)) === 0) continue;
        const g = groups[j]!;
        for (let x = 0; x < g.length; x++) {
          attackers.push(g[x]!);
          off += units[g[x]!]!.offence;
        }
      }
      const difference = off + bonus - def;
      const column = crtColumn(state.rules.level, attackers.length, difference);
      if (column >= 0) out.push({ defender: dh, attackers, column, difference, support });
    }
  }
  return out;
}

/**
 * SFO 9.2: hexes unit `ui` may retreat into: adjacent, not enemy-occupied, not in enemy ZOC,
 * not friendly-occupied in Basic (Advanced: not making more than a 2-stack), not forest in Basic.
 * Empty means the unit is eliminated.
 */
export function retreatOptions(
  state: SfoState,
  ui: number,
  m: SfoMap = mapOf(state),
  sc: SfoScratch = newScratch(),
): number[] {
  const u = state.units[ui]!;
  if (u.status !== 'map') return [];
  const zoc = enemyZocInto(state, u.side, m, sc.zoc);
  const out: number[] = [];
  for (const n of m.neighbours[u.hex]!) {
    if (zoc[n] === 1) continue; // enemy ZOC covers enemy-occupied hexes too
    if (m.forest[n] === 1 && !state.rules.forestAllowed) continue;
    let friends = 0;
    for (const f of state.units) if (f.status === 'map' && f.hex === n && f.side === u.side) friends++;
    if (friends >= state.rules.stackLimit) continue;
    out.push(n);
  }
  return out;
}

/** SFO 9.3: if the defender hex is empty, one attacker may advance into it (no MP, ignoring ZOC; not into forest in Basic). */
export function advanceOptions(state: SfoState, battle: Battle): number[] {
  const m = mapOf(state);
  const h = battle.defender;
  if (m.forest[h] === 1 && !state.rules.forestAllowed) return [];
  for (const u of state.units) if (u.status === 'map' && u.hex === h) return [];
  return battle.attackers.filter((a) => {
    const u = state.units[a]!;
    return u.status === 'map' && m.neighbours[u.hex]!.includes(h);
  });
}

/**
 * SFO 9.3 Expert optional Armour in the open, exploitation: the tank that advanced into the vacated
 * clear hex may advance one more hex in any direction (into enemy ZOC and forest too, not into
 * enemy units, within stacking); if it does, one more attacker may advance into the vacated hex.
 */
export function exploitOptions(state: SfoState, tank: number): number[] {
  const m = mapOf(state);
  const u = state.units[tank]!;
  const out: number[] = [];
  for (const n of m.neighbours[u.hex]!) {
    let enemy = false;
    let friends = 0;
    for (const x of state.units) {
      if (x.status !== 'map' || x.hex !== n) continue;
      if (x.side === u.side) friends++;
      else enemy = true;
    }
    if (!enemy && friends < state.rules.stackLimit) out.push(n);
  }
  return out;
}

/** The units on the defender hex (all of them defend, SFO 9). */
export function defendersOf(state: SfoState, battle: Battle): number[] {
  const out: number[] = [];
  state.units.forEach((u, i) => {
    if (u.status === 'map' && u.hex === battle.defender) out.push(i);
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// The combat phase as tasks (SFO 9)

type Task<T extends SfoTask['t']> = SfoTask & { readonly t: T };

/** SFO 9: the phase begins: the side's units may each attack once. */
export function startCombat(state: SfoState, ws: SfoWorkspace, side: Side): void {
  state.phase = side === 'soviet' ? 'soviet-combat' : 'us-combat';
  if (ws.trace !== undefined) tell(state, ws, side, 'SFO 9', `turn ${state.turn}: ${state.phase}`);
  for (const u of state.units) if (u.side === side) u.attacked = false;
  state.attackedHexes = [];
  state.stack.push({ t: 'combat', side });
}

/** SFO 7.1: unused support is lost; SFO 9.4: the faction's flipped units face up again. */
function endCombat(state: SfoState, side: Side): void {
  if (state.expert === null) return;
  state.expert.placed = null;
  state.expert.held = null;
  for (const u of state.units) if (u.side === side) u.disrupted = false;
}

const END_COMBAT = { type: 'end-combat' } as const;

/** SFO 9: the next attack decision of the phase, or null (phase over) when no battle is possible. */
export function attackDecision(state: SfoState, ws: SfoWorkspace, task: Task<'combat'>): SfoDecision | null {
  const battles = legalBattles(state, task.side, ws.sc);
  if (battles.length === 0) {
    endCombat(state, task.side);
    return null;
  }
  const options: SfoOption[] = [END_COMBAT];
  for (const battle of battles) options.push({ type: 'battle', battle });
  return { kind: 'attack', side: task.side, rule: 'SFO 9', options } as SfoDecision;
}

/** Carries out an attack decision: a battle goes to its die roll; false when the side ends the phase. */
export function applyAttack(state: SfoState, task: Task<'combat'>, o: SfoOption): boolean {
  if (o.type !== 'battle') {
    endCombat(state, task.side);
    return false;
  }
  state.stack.push({ t: 'roll', battle: o.battle });
  return true;
}

const ONE_DIE: ChanceNode = {
  kind: 'chance',
  side: 'chance',
  rule: 'SFO 9',
  what: 'combat die',
  outcomes: [1, 2, 3, 4, 5, 6].map((k) => ({ label: String(k), p: 1 / 6 })),
};
/** SFO 7.1 Spetsnaz: two dice, of which the lower is used. */
const TWO_DICE: ChanceNode = {
  kind: 'chance',
  side: 'chance',
  rule: 'SFO 7.1',
  what: 'combat dice (Spetsnaz: the lower is used)',
  outcomes: [1, 2, 3, 4, 5, 6].flatMap((a) =>
    [1, 2, 3, 4, 5, 6].map((b) => ({ label: `${a},${b}`, p: 1 / 36 })),
  ),
};

/** The combat die of `battle`: the chance point (explicit mode), or the die drawn from the `combat` stream. */
export function rollStep(state: SfoState, ws: SfoWorkspace, task: Task<'roll'>): ChanceNode | null {
  const spetsnaz = task.battle.support === 'spetsnaz';
  if (ws.explicitChance) return spetsnaz ? TWO_DICE : ONE_DIE;
  const dice = ws.streams.stream('combat');
  // SFO 7.1 Spetsnaz: two dice, the lower one is used.
  const die = spetsnaz ? Math.min(d6(dice), d6(dice)) : d6(dice);
  state.stack.pop();
  resolveBattle(state, ws, task.battle, die);
  return null;
}

/** Applies outcome `k` of the roll's chance point. */
export function applyRoll(state: SfoState, ws: SfoWorkspace, task: Task<'roll'>, k: number): void {
  const die = task.battle.support === 'spetsnaz' ? Math.min(Math.floor(k / 6) + 1, (k % 6) + 1) : k + 1;
  state.stack.pop();
  resolveBattle(state, ws, task.battle, die);
}

/**
 * Resolves one battle with die `die` (1..6): looks the result up, marks the attackers, updates the
 * statistics, and queues what the result asks for (eliminations, retreats, the advance). SFO 9: EX
 * is treated as DR at the Basic and Advanced levels; at the Expert level both sides eliminate one
 * unit, the defender retreats the rest and the attacker may advance. A support chit on the
 * defender is used up by this battle (SFO 7.1). Armour in the open: a tank attacking a clear hex
 * that forces the defenders out is a breakthrough (two-hex retreat) and allows exploitation.
 */
export function resolveBattle(state: SfoState, ws: SfoWorkspace, battle: Battle, die: number): CombatResult {
  const side = state.units[battle.attackers[0]!]!.side;
  const defenders = defendersOf(state, battle);
  for (const a of battle.attackers) state.units[a]!.attacked = true;
  state.attackedHexes.push(battle.defender);
  if (!state.fought.includes(battle.defender)) state.fought.push(battle.defender);
  const result = crtResult(state.rules.crt, battle.column, die);
  state.stats.battles++;
  state.stats[`res_${result.toLowerCase()}` as 'res_ae']++;
  state.lastResult = result;
  const ex = state.rules.expert;
  if (battle.support !== null && state.expert !== null) {
    state.expert.placed = null;
    state.stats.supported_battles++;
  }
  const breakthrough =
    ex?.armourInOpen === true &&
    (result === 'DR' || result === 'EX' || result === 'DE') &&
    mapOf(state).forest[battle.defender] !== 1 &&
    battle.attackers.some((a) => state.units[a]!.type === 'tank');
  if (breakthrough) state.stats.breakthroughs++;
  if (ws.trace !== undefined)
    tell(
      state,
      ws,
      side,
      'SFO 9',
      `${battle.attackers.map((a) => `${label(state, a)} ${hexName(state, state.units[a]!.hex)}`).join(', ')} attack ${defenders
        .map((d) => label(state, d))
        .join(
          ', ',
        )} ${hexName(state, battle.defender)}${battle.support === null ? '' : ` with ${battle.support} support`}: column ${columnLabel(state.rules.level, battle.column)}, die ${die} → ${result}`,
      { dice: [die] },
    );
  // The stack runs last-pushed first: each case pushes its steps in reverse order.
  const stack = state.stack;
  const all = state.rules.elimination === 'all';
  const advance = (exploit: boolean) => stack.push({ t: 'advance', battle, side, exploit, except: -1 });
  const retreat = (units: readonly number[], two: boolean) => stack.push({ t: 'retreat', units, i: 0, two });
  const oneThen = (units: readonly number[], then: 'retreat' | 'stay', two: boolean) =>
    stack.push({ t: 'eliminate-one', units, then, two });
  switch (result) {
    case 'AE':
      if (all) eliminateAll(state, ws, battle.attackers);
      else oneThen(battle.attackers, 'retreat', false);
      break;
    case 'AR':
      retreat(battle.attackers, false);
      break;
    case 'NE':
      break;
    case 'EX':
      if (ex !== null) {
        // SFO 9 Expert: both factions eliminate one unit; the defender retreats the rest.
        advance(breakthrough);
        oneThen(defenders, 'retreat', breakthrough);
        oneThen(battle.attackers, 'stay', false);
        break;
      }
      advance(false);
      retreat(defenders, false);
      break;
    case 'DR':
      advance(breakthrough);
      retreat(defenders, breakthrough);
      break;
    case 'DE':
      advance(breakthrough);
      if (all) eliminateAll(state, ws, defenders);
      else oneThen(defenders, 'retreat', breakthrough);
      break;
  }
  return result;
}

/** SFO 9.1: removes a unit from the map. */
export function eliminate(state: SfoState, ui: number): void {
  const u = state.units[ui]!;
  u.status = 'eliminated';
  u.hex = -1;
  u.disrupted = false;
  if (u.side === 'soviet') state.stats.soviet_units_lost++;
  else state.stats.us_units_lost++;
  if (u.type === 'tank') {
    if (u.side === 'soviet') state.stats.soviet_armour_lost++;
    else state.stats.us_armour_lost++;
  }
}

function eliminateAll(state: SfoState, ws: SfoWorkspace, units: readonly number[]): void {
  for (const ui of units) {
    if (state.units[ui]!.status !== 'map') continue;
    eliminate(state, ui);
    if (ws.trace !== undefined)
      tell(state, ws, state.units[ui]!.side, 'SFO 9.1', `${label(state, ui)} eliminated`);
  }
}

/**
 * SFO 9.2: the next unit of the task to retreat one hex of its owner's choice: eliminated when it
 * has none, moved at once when it has one, else the owner's decision (returned). When the list is
 * done and `two` (a breakthrough, SFO 9.2 optional), every unit on the hexes retreated into,
 * including friendly units already there, retreats one more hex (Fig. 14).
 */
export function retreatStep(state: SfoState, ws: SfoWorkspace, task: Task<'retreat'>): SfoDecision | null {
  while (task.i < task.units.length) {
    const ui = task.units[task.i++]!;
    const u = state.units[ui]!;
    if (u.status !== 'map') continue;
    const hexes = retreatOptions(state, ui, undefined, ws.sc);
    if (hexes.length === 0) {
      eliminate(state, ui);
      if (ws.trace !== undefined)
        tell(state, ws, u.side, 'SFO 9.2', `${label(state, ui)} cannot retreat: eliminated`);
      continue;
    }
    const options = hexes.map((to): SfoOption => ({ type: 'retreat', unit: ui, to }));
    if (options.length === 1) {
      applyRetreat(state, ws, ui, hexes[0]!, forced('retreat'));
      continue;
    }
    return { kind: 'retreat', side: u.side, rule: 'SFO 9.2', options } as SfoDecision;
  }
  state.stack.pop();
  if (task.two) {
    const hexes: number[] = [];
    for (const ui of task.units) {
      const u = state.units[ui]!;
      if (u.status === 'map' && !hexes.includes(u.hex)) hexes.push(u.hex);
    }
    if (hexes.length === 0) return null;
    const side = state.units[task.units[0]!]!.side;
    const again: number[] = [];
    state.units.forEach((u, i) => {
      if (u.status === 'map' && u.side === side && hexes.includes(u.hex)) again.push(i);
    });
    if (ws.trace !== undefined)
      tell(
        state,
        ws,
        side,
        'SFO 9.2',
        `breakthrough: ${again.map((i) => label(state, i)).join(', ')} retreat a second hex`,
      );
    state.stack.push({ t: 'retreat', units: again, i: 0, two: false });
  }
  return null;
}

export function applyRetreat(state: SfoState, ws: SfoWorkspace, ui: number, to: number, a: Answer): void {
  const u = state.units[ui]!;
  const from = u.hex;
  u.hex = to;
  if (ws.trace !== undefined)
    tell(
      state,
      ws,
      u.side,
      'SFO 9.2',
      `${label(state, ui)} retreats ${hexName(state, from)} → ${hexName(state, to)}`,
      {
        decision: a,
      },
    );
}

/** Chart legend reading (variant elim-one), Expert EX: the owner eliminates one of the units. */
export function eliminateOneStep(
  state: SfoState,
  ws: SfoWorkspace,
  task: Task<'eliminate-one'>,
): SfoDecision | null {
  const alive = task.units.filter((i) => state.units[i]!.status === 'map');
  if (alive.length === 0) {
    state.stack.pop();
    return null;
  }
  const side = state.units[alive[0]!]!.side;
  const options = alive.map((unit): SfoOption => ({ type: 'eliminate', unit }));
  if (options.length === 1) {
    applyEliminateOne(state, ws, task, alive[0]!, forced('eliminate'));
    return null;
  }
  return { kind: 'eliminate', side, rule: 'SFO 9.1', options } as SfoDecision;
}

export function applyEliminateOne(
  state: SfoState,
  ws: SfoWorkspace,
  task: Task<'eliminate-one'>,
  ui: number,
  a: Answer,
): void {
  const alive = task.units.filter((i) => state.units[i]!.status === 'map');
  const side = state.units[ui]!.side;
  eliminate(state, ui);
  if (ws.trace !== undefined)
    tell(state, ws, side, 'SFO 9.1', `${label(state, ui)} eliminated`, {
      decision: a,
    });
  state.stack.pop();
  if (task.then === 'retreat')
    state.stack.push({ t: 'retreat', units: alive.filter((i) => i !== ui), i: 0, two: task.two });
}

const NO_ADVANCE: NoAdvance = { type: 'no-advance' };

/** SFO 9.3: the advance decision of a battle, or null when no attacker can advance. */
export function advanceStep(state: SfoState, task: Task<'advance'>): SfoDecision | null {
  const cands = advanceOptions(state, task.battle).filter((a) => a !== task.except);
  if (cands.length === 0) {
    state.stack.pop();
    return null;
  }
  const options: (AdvanceOption | NoAdvance)[] = [NO_ADVANCE];
  for (const unit of cands) options.push({ type: 'advance', unit, to: task.battle.defender });
  return { kind: 'advance', side: task.side, rule: 'SFO 9.3', options };
}

type Narration = (unit: string, from: string, to: string) => string;
const ADVANCES: Narration = (unit, from, to) => `${unit} advances ${from} → ${to}`;
const EXPLOITS: Narration = (unit, from, to) => `exploitation: ${unit} advances on ${from} → ${to}`;

/**
 * SFO 9.3: the attacker of an advance (or the tank of an exploitation) moves to the hex it chose;
 * null when the side chose not to.
 */
function advanceUnit(state: SfoState, ws: SfoWorkspace, side: Side, o: SfoOption, a: Answer, say: Narration) {
  state.stack.pop();
  if (o.type !== 'advance') return null;
  const u = state.units[o.unit]!;
  const from = u.hex;
  u.hex = o.to;
  if (ws.trace !== undefined) {
    const text = say(label(state, o.unit), hexName(state, from), hexName(state, o.to));
    tell(state, ws, side, 'SFO 9.3', text, { decision: a });
  }
  return u;
}

export function applyAdvance(
  state: SfoState,
  ws: SfoWorkspace,
  task: Task<'advance'>,
  o: SfoOption,
  a: Answer,
) {
  const u = advanceUnit(state, ws, task.side, o, a, ADVANCES);
  if (u !== null && task.exploit && u.type === 'tank' && o.type === 'advance')
    state.stack.push({ t: 'exploit', battle: task.battle, side: task.side, tank: o.unit });
}

/** SFO 9.3 optional: the exploitation decision of the tank that advanced, or null when it has no hex. */
export function exploitStep(state: SfoState, task: Task<'exploit'>): SfoDecision | null {
  const hexes = exploitOptions(state, task.tank);
  if (hexes.length === 0) {
    state.stack.pop();
    return null;
  }
  const options: (AdvanceOption | NoAdvance)[] = [NO_ADVANCE];
  for (const to of hexes) options.push({ type: 'advance', unit: task.tank, to });
  return { kind: 'exploit', side: task.side, rule: 'SFO 9.3', options };
}

export function applyExploit(
  state: SfoState,
  ws: SfoWorkspace,
  task: Task<'exploit'>,
  o: SfoOption,
  a: Answer,
) {
  if (advanceUnit(state, ws, task.side, o, a, EXPLOITS) === null) return;
  state.stats.exploitations++;
  // SFO 9.3: one more attacker may then advance into the vacated hex.
  state.stack.push({ t: 'advance', battle: task.battle, side: task.side, exploit: false, except: task.tank });
}
