/**
 * Combat (SFO 9): legal battles, results, elimination (9.1), retreat (9.2) and advance (9.3).
 */
import { ask, note } from '../../core/decide.js';
import type { Policy, TraceEvent } from '../../core/game.js';
import type { GameStreams } from '../../core/rng.js';
import { type CombatResult, columnLabel, crtColumn, crtResult } from './crt.js';
import { mapOf, type SfoMap } from './map.js';
import { enemyZocInto } from './movement.js';
import type { SfoOption } from './options.js';
import { enemyOf, type SfoState, type Side, type SupportKind } from './state.js';

const scratchZoc = new Uint8Array(128);

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

/** What resolving a battle needs besides the state: the streams and policies of the game. */
export interface DecideContext {
  readonly streams: GameStreams;
  readonly policies: Readonly<Record<string, Policy>>;
  readonly trace?: TraceEvent[] | undefined;
}

export function label(state: SfoState, ui: number): string {
  const u = state.units[ui]!;
  return `${u.side === 'soviet' ? 'Soviet' : 'US'} ${u.label}`;
}

export function hexName(state: SfoState, h: number): string {
  return h < 0 ? 'off-map' : mapOf(state).ids[h]!;
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
// Scratch of legalBattles: per hex, the first eligible attacker (unit index, -1 none) and, per unit, the next one on its hex.
let scratchHead = new Int16Array(128);
let scratchNext = new Int16Array(64);
const scratchSeen = new Uint8Array(128);

export function legalBattles(state: SfoState, side: Side): Battle[] {
  const m = mapOf(state);
  const enemy = enemyOf(side);
  const out: Battle[] = [];
  const units = state.units;
  const nu = units.length;
  if (scratchHead.length < m.size) scratchHead = new Int16Array(2 * m.size);
  if (scratchNext.length < nu) scratchNext = new Int16Array(2 * nu);
  const head = scratchHead;
  const next = scratchNext;
  const seen = scratchSeen.length >= m.size ? scratchSeen.fill(0, 0, m.size) : new Uint8Array(m.size);
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
export function retreatOptions(state: SfoState, ui: number, m: SfoMap = mapOf(state)): number[] {
  const u = state.units[ui]!;
  if (u.status !== 'map') return [];
  const zoc = enemyZocInto(state, u.side, m, scratchZoc);
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

function tell(
  state: SfoState,
  ctx: DecideContext,
  side: Side,
  rule: string,
  text: string,
  extra?: Partial<TraceEvent>,
) {
  if (ctx.trace === undefined) return;
  note(ctx.trace, { turn: state.turn, phase: state.phase, side, rule, text, ...extra });
}

/** Asks the side's policy unless only one option is legal (forced moves are applied without asking). */
export function decide(
  state: SfoState,
  ctx: Pick<DecideContext, 'streams' | 'policies'>,
  kind: string,
  side: Side,
  rule: string,
  options: SfoOption[],
): number {
  if (options.length === 1) return 0;
  state.decisions++;
  return ask(ctx.streams, ctx.policies, state, { kind, side, rule, options });
}

/** SFO 9.2: each unit retreats one hex of its owner's choice, or is eliminated when it has none. */
export function retreatUnits(state: SfoState, units: readonly number[], ctx: DecideContext): void {
  for (const ui of units) {
    const u = state.units[ui]!;
    if (u.status !== 'map') continue;
    const hexes = retreatOptions(state, ui);
    if (hexes.length === 0) {
      eliminate(state, ui);
      if (ctx.trace !== undefined)
        tell(state, ctx, u.side, 'SFO 9.2', `${label(state, ui)} cannot retreat: eliminated`);
      continue;
    }
    const options: SfoOption[] = hexes.map((to) => ({ type: 'retreat', unit: ui, to }));
    const c = decide(state, ctx, 'retreat', u.side, 'SFO 9.2', options);
    const from = u.hex;
    u.hex = hexes[c]!;
    if (ctx.trace !== undefined)
      tell(
        state,
        ctx,
        u.side,
        'SFO 9.2',
        `${label(state, ui)} retreats ${hexName(state, from)} → ${hexName(state, u.hex)}`,
        {
          decision: { kind: 'retreat', choice: c, of: options.length },
        },
      );
  }
}

/**
 * SFO 9.2 Expert optional Armour in the open, breakthrough: the units retreat one hex as usual,
 * then every unit on the hexes retreated into (including friendly units already there) retreats
 * one more hex, again by the usual rules (Fig. 14).
 */
export function retreatTwo(state: SfoState, units: readonly number[], ctx: DecideContext): void {
  retreatUnits(state, units, ctx);
  const hexes: number[] = [];
  for (const ui of units) {
    const u = state.units[ui]!;
    if (u.status === 'map' && !hexes.includes(u.hex)) hexes.push(u.hex);
  }
  if (hexes.length === 0) return;
  const side = state.units[units[0]!]!.side;
  const again: number[] = [];
  state.units.forEach((u, i) => {
    if (u.status === 'map' && u.side === side && hexes.includes(u.hex)) again.push(i);
  });
  if (ctx.trace !== undefined)
    tell(
      state,
      ctx,
      side,
      'SFO 9.2',
      `breakthrough: ${again.map((i) => label(state, i)).join(', ')} retreat a second hex`,
    );
  retreatUnits(state, again, ctx);
}

/** Chart legend reading (variant elim-one): the owner eliminates one of the units, the rest retreat. */
function eliminateOne(state: SfoState, units: readonly number[], ctx: DecideContext): number[] {
  const alive = units.filter((i) => state.units[i]!.status === 'map');
  if (alive.length === 0) return [];
  const side = state.units[alive[0]!]!.side;
  const options: SfoOption[] = alive.map((unit) => ({ type: 'eliminate', unit }));
  const c = decide(state, ctx, 'eliminate', side, 'SFO 9.1', options);
  const ui = alive[c]!;
  eliminate(state, ui);
  if (ctx.trace !== undefined)
    tell(state, ctx, side, 'SFO 9.1', `${label(state, ui)} eliminated`, {
      decision: { kind: 'eliminate', choice: c, of: options.length },
    });
  return alive.filter((i) => i !== ui);
}

function eliminateAll(state: SfoState, units: readonly number[], ctx: DecideContext): void {
  for (const ui of units) {
    if (state.units[ui]!.status !== 'map') continue;
    eliminate(state, ui);
    if (ctx.trace !== undefined)
      tell(state, ctx, state.units[ui]!.side, 'SFO 9.1', `${label(state, ui)} eliminated`);
  }
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

function advance(
  state: SfoState,
  battle: Battle,
  side: Side,
  ctx: DecideContext,
  exploit = false,
  except = -1,
): void {
  const cands = advanceOptions(state, battle).filter((a) => a !== except);
  if (cands.length === 0) return;
  const options: SfoOption[] = [
    { type: 'no-advance' },
    ...cands.map((unit): SfoOption => ({ type: 'advance', unit, to: battle.defender })),
  ];
  state.decisions++;
  const c = ask(ctx.streams, ctx.policies, state, { kind: 'advance', side, rule: 'SFO 9.3', options });
  const o = options[c]!;
  if (o.type !== 'advance') return;
  const u = state.units[o.unit]!;
  const from = u.hex;
  u.hex = battle.defender;
  if (ctx.trace !== undefined)
    tell(
      state,
      ctx,
      side,
      'SFO 9.3',
      `${label(state, o.unit)} advances ${hexName(state, from)} → ${hexName(state, u.hex)}`,
      {
        decision: { kind: 'advance', choice: c, of: options.length },
      },
    );
  if (exploit && u.type === 'tank') exploitation(state, battle, o.unit, side, ctx);
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

function exploitation(state: SfoState, battle: Battle, tank: number, side: Side, ctx: DecideContext): void {
  const hexes = exploitOptions(state, tank);
  if (hexes.length === 0) return;
  const options: SfoOption[] = [
    { type: 'no-advance' },
    ...hexes.map((to): SfoOption => ({ type: 'advance', unit: tank, to })),
  ];
  state.decisions++;
  const c = ask(ctx.streams, ctx.policies, state, { kind: 'exploit', side, rule: 'SFO 9.3', options });
  const o = options[c]!;
  if (o.type !== 'advance') return;
  const u = state.units[tank]!;
  const from = u.hex;
  u.hex = o.to;
  state.stats.exploitations++;
  if (ctx.trace !== undefined)
    tell(
      state,
      ctx,
      side,
      'SFO 9.3',
      `exploitation: ${label(state, tank)} advances on ${hexName(state, from)} → ${hexName(state, o.to)}`,
      {
        decision: { kind: 'exploit', choice: c, of: options.length },
      },
    );
  advance(state, battle, side, ctx, false, tank);
}

/** The units on the defender hex (all of them defend, SFO 9). */
export function defendersOf(state: SfoState, battle: Battle): number[] {
  const out: number[] = [];
  state.units.forEach((u, i) => {
    if (u.status === 'map' && u.hex === battle.defender) out.push(i);
  });
  return out;
}

/**
 * Resolves one battle with die `die` (1..6): looks the result up, applies eliminations, retreats
 * and the advance (asking the owning sides), marks the attackers and updates the statistics.
 * SFO 9: EX is treated as DR at the Basic and Advanced levels; at the Expert level both sides
 * eliminate one unit, the defender retreats the rest and the attacker may advance. A support chit
 * on the defender is used up by this battle (SFO 7.1). Armour in the open: a tank attacking a clear
 * hex that forces the defenders out is a breakthrough (two-hex retreat) and allows exploitation.
 */
export function resolveBattle(
  state: SfoState,
  battle: Battle,
  die: number,
  ctx: DecideContext,
): CombatResult {
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
  const retreatDefenders = (units: readonly number[]) =>
    breakthrough ? retreatTwo(state, units, ctx) : retreatUnits(state, units, ctx);
  if (ctx.trace !== undefined)
    tell(
      state,
      ctx,
      side,
      'SFO 9',
      `${battle.attackers.map((a) => `${label(state, a)} ${hexName(state, state.units[a]!.hex)}`).join(', ')} attack ${defenders
        .map((d) => label(state, d))
        .join(
          ', ',
        )} ${hexName(state, battle.defender)}${battle.support === null ? '' : ` with ${battle.support} support`}: column ${columnLabel(state.rules.level, battle.column)}, die ${die} → ${result}`,
      { dice: [die] },
    );
  const allOrOne = state.rules.elimination;
  switch (result) {
    case 'AE':
      if (allOrOne === 'all') eliminateAll(state, battle.attackers, ctx);
      else retreatUnits(state, eliminateOne(state, battle.attackers, ctx), ctx);
      break;
    case 'AR':
      retreatUnits(state, battle.attackers, ctx);
      break;
    case 'NE':
      break;
    case 'EX':
      if (ex !== null) {
        // SFO 9 Expert: both factions eliminate one unit; the defender retreats the rest.
        eliminateOne(state, battle.attackers, ctx);
        retreatDefenders(eliminateOne(state, defenders, ctx));
        advance(state, battle, side, ctx, breakthrough);
        break;
      }
      retreatUnits(state, defenders, ctx);
      advance(state, battle, side, ctx);
      break;
    case 'DR':
      retreatDefenders(defenders);
      advance(state, battle, side, ctx, breakthrough);
      break;
    case 'DE':
      if (allOrOne === 'all') eliminateAll(state, defenders, ctx);
      else retreatDefenders(eliminateOne(state, defenders, ctx));
      advance(state, battle, side, ctx, breakthrough);
      break;
  }
  return result;
}
