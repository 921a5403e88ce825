/** The turn sequence (SFO 5): Soviet events, movement, combat; then US events, movement, combat; 4 turns. */
import { ask, note } from '../../core/decide.js';
import { d6 } from '../../core/dice.js';
import type { GameRecord, PlayContext, TraceEvent } from '../../core/game.js';
import { type DecideContext, decide, hexName, label, legalBattles, resolveBattle } from './combat.js';
import {
  applyExpertReplacement,
  applyReplacement,
  checkReinforcement,
  drawEvent,
  effectiveEvent,
  expertReplacementOptions,
  frictionTargets,
  reinforcementUnit,
  replacementOptions,
  scheduledArrivals,
  V_ID,
} from './events.js';
import { mapOf, type SfoMap } from './map.js';
import {
  applyMove,
  entryDestinations,
  type MoveContext,
  moveContext,
  moveContextInto,
  NO_UNITS,
  reachable,
} from './movement.js';
import type { SfoOption } from './options.js';
import type { EventCell, Phase, SfoState, Side } from './state.js';
import { outcome, sovietTownFlags } from './victory.js';

function tell(
  state: SfoState,
  trace: TraceEvent[] | undefined,
  side: Side,
  rule: string,
  text: string,
  extra?: Partial<TraceEvent>,
) {
  if (trace === undefined) return;
  note(trace, { turn: state.turn, phase: state.phase, side, rule, text, ...extra });
}

function enterPhase(state: SfoState, phase: Phase, ctx: PlayContext<SfoState>, side: Side, rule: string) {
  state.phase = phase;
  if (ctx.trace !== undefined) tell(state, ctx.trace, side, rule, `turn ${state.turn}: ${phase}`);
}

/** SFO 7: Soviet events (Advanced replacement) or US events (Advanced V reinforcement); nothing in Basic; Expert random events. */
export function eventsPhase(state: SfoState, side: Side, ctx: PlayContext<SfoState>): void {
  enterPhase(state, side === 'soviet' ? 'soviet-events' : 'us-events', ctx, side, 'SFO 7');
  if (state.rules.expert !== null) {
    expertEvents(state, side, ctx);
    return;
  }
  if (side === 'soviet') {
    const options = replacementOptions(state);
    if (options.length === 0) return;
    state.decisions++;
    const c = ask(ctx.streams, ctx.policies, state, { kind: 'replace', side, rule: 'SFO 7', options });
    const o = options[c]!;
    const count = o.type === 'replace' ? o.count : 0;
    const units = applyReplacement(state, count);
    if (count > 0) {
      if (ctx.trace !== undefined)
        tell(
          state,
          ctx.trace,
          side,
          'SFO 7',
          `Soviet replacements: ${units.map((u) => label(state, u)).join(', ')} arrive at the east edge`,
          {
            decision: { kind: 'replace', choice: c, of: options.length },
          },
        );
    }
  } else if (checkReinforcement(state)) {
    if (ctx.trace !== undefined)
      tell(state, ctx.trace, side, 'SFO 7', 'Soviets hold 2+ towns: West German V arrives at the west edge');
  }
}

const EVENT_NAMES: Readonly<Record<string, string>> = {
  planned: 'As planned',
  air: 'Air support',
  artillery: 'Artillery support',
  spetsnaz: 'Spetsnaz',
  friction: 'Enemy SNAFU / Command problems',
  replacement: 'Replacement',
};

function eventName(state: SfoState, cell: EventCell): string {
  const id = reinforcementUnit(cell);
  if (id === null) return EVENT_NAMES[cell] ?? cell;
  return `Reinforcement ${state.units.find((u) => u.id === id)?.label ?? id}`;
}

/**
 * SFO 7, 7.1 (Expert): scheduled reinforcements of the scenario arrive; the faction rolls its random
 * event (two under Guards / Hardened NATO, choosing one) and carries it out.
 */
export function expertEvents(state: SfoState, side: Side, ctx: PlayContext<SfoState>): void {
  const ex = state.rules.expert!;
  const arrived = scheduledArrivals(state, side);
  if (arrived.length > 0) {
    if (ctx.trace !== undefined)
      tell(
        state,
        ctx.trace,
        side,
        'SFO 12-13',
        `scheduled reinforcements: ${arrived.map((u) => label(state, u)).join(', ')} arrive`,
      );
  }
  const rng = ctx.streams.stream('events');
  const first = drawEvent(state, side, rng);
  let cell = effectiveEvent(state, side, first.cell);
  if (ctx.trace !== undefined)
    tell(
      state,
      ctx.trace,
      side,
      'SFO 7',
      `random event: ${eventName(state, first.cell)}${cell !== first.cell ? ' (As planned)' : ''}`,
      {
        dice: first.dice,
      },
    );
  if (ex.eventRolls[side] > 1) {
    const second = drawEvent(state, side, rng, first.index);
    const other = effectiveEvent(state, side, second.cell);
    if (ctx.trace !== undefined)
      tell(
        state,
        ctx.trace,
        side,
        'SFO 7',
        `second random event: ${eventName(state, second.cell)}${other !== second.cell ? ' (As planned)' : ''}`,
        {
          dice: second.dice,
        },
      );
    if (other !== cell) {
      const options: SfoOption[] = [
        { type: 'event', cell },
        { type: 'event', cell: other },
      ];
      const c = decide(
        state,
        ctx,
        'event',
        side,
        side === 'soviet' ? 'SFO 7 (Guards)' : 'SFO 13 (Hardened NATO)',
        options,
      );
      cell = c === 0 ? cell : other;
      if (ctx.trace !== undefined)
        tell(state, ctx.trace, side, 'SFO 7', `chooses ${eventName(state, cell)}`, {
          decision: { kind: 'event', choice: c, of: 2 },
        });
    }
  }
  const kind = reinforcementUnit(cell) === null ? cell : 'reinforce';
  state.stats[`ev_${side}_${kind}` as 'ev_soviet_air']++;
  applyEvent(state, side, cell, ctx);
}

function applyEvent(state: SfoState, side: Side, cell: EventCell, ctx: PlayContext<SfoState>): void {
  const id = reinforcementUnit(cell);
  if (id !== null) {
    const ui = state.units.findIndex((u) => u.id === id);
    state.units[ui]!.status = 'arriving';
    if (id === V_ID) state.stats.v_arrival_turn = state.turn;
    if (ctx.trace !== undefined)
      tell(
        state,
        ctx.trace,
        side,
        'SFO 7.1',
        `${label(state, ui)} arrives at the ${side === 'soviet' ? 'east' : 'west'} edge`,
      );
    return;
  }
  switch (cell) {
    case 'air':
    case 'artillery':
    case 'spetsnaz':
      state.expert!.held = cell;
      return;
    case 'replacement': {
      const options = expertReplacementOptions(state, side);
      const c = decide(state, ctx, 'replace', side, 'SFO 7.1', options);
      const o = options[c]!;
      if (o.type !== 'replace-units' || o.units.length === 0) return;
      applyExpertReplacement(state, side, o.units);
      if (ctx.trace !== undefined)
        tell(
          state,
          ctx.trace,
          side,
          'SFO 7.1',
          `replacements: ${o.units.map((u) => label(state, u)).join(', ')} arrive`,
          {
            decision: { kind: 'replace', choice: c, of: options.length },
          },
        );
      return;
    }
    case 'friction': {
      const targets = frictionTargets(state, side);
      if (targets.length === 0) return;
      const options: SfoOption[] = targets.map((unit) => ({ type: 'disrupt', unit }));
      const c = decide(state, ctx, 'disrupt', side, 'SFO 7.1', options);
      const ui = targets[c]!;
      state.units[ui]!.disrupted = true;
      if (ctx.trace !== undefined)
        tell(state, ctx.trace, side, 'SFO 7.1', `${label(state, ui)} is out of action (flipped)`, {
          decision: { kind: 'disrupt', choice: c, of: options.length },
        });
      return;
    }
    default:
      return;
  }
}

/** SFO 7.1: enemy hexes a support chit may be placed on: defenders next to a unit that can still attack. */
export function supportHexes(state: SfoState, side: Side): number[] {
  const m = mapOf(state);
  const mark = new Uint8Array(m.size);
  for (const u of state.units) {
    if (u.side !== side || u.status !== 'map' || u.disrupted) continue; // combat has not begun: last turn's attacked flags do not count
    for (const n of m.neighbours[u.hex]!) mark[n] = 1;
  }
  const out: number[] = [];
  const seen = new Uint8Array(m.size);
  for (const u of state.units) {
    if (u.side === side || u.status !== 'map' || seen[u.hex] === 1) continue;
    seen[u.hex] = 1;
    if (mark[u.hex] === 1) out.push(u.hex);
  }
  return out.sort((a, b) => a - b);
}

/** SFO 7.1: during movement the faction places the support chit it drew on a defender it will attack, or loses it. */
function placeSupport(state: SfoState, side: Side, ctx: PlayContext<SfoState>): void {
  const xs = state.expert;
  if (xs === null || xs.held === null) return;
  const kind = xs.held;
  xs.held = null;
  const hexes = supportHexes(state, side);
  if (hexes.length === 0) return;
  const options: SfoOption[] = [
    { type: 'no-support' },
    ...hexes.map((hex): SfoOption => ({ type: 'support', kind, hex })),
  ];
  const c = decide(state, ctx, 'support', side, 'SFO 7.1', options);
  const o = options[c]!;
  if (o.type !== 'support') return;
  xs.placed = { kind, hex: o.hex };
  if (ctx.trace !== undefined)
    tell(state, ctx.trace, side, 'SFO 7.1', `${kind} support placed on ${hexName(state, o.hex)}`, {
      decision: { kind: 'support', choice: c, of: options.length },
    });
}

/**
 * Expert optional Armour in the open (SFO 8.3): a tank starting in enemy ZOC may move one clear hex
 * into another enemy-ZOC hex (not enemy-occupied), spending all its MP.
 */
export function infiltrationHexes(
  state: SfoState,
  ui: number,
  m: SfoMap,
  zoc: Uint8Array,
  enemy: Uint8Array,
): number[] {
  const u = state.units[ui]!;
  if (u.status !== 'map' || u.type !== 'tank' || zoc[u.hex] !== 1) return [];
  const out: number[] = [];
  for (const n of m.neighbours[u.hex]!) if (zoc[n] === 1 && enemy[n] === 0 && m.forest[n] !== 1) out.push(n);
  return out;
}

/**
 * Destinations ignoring stacking, per unit of `side` (SFO 8, 8.4). Within one movement phase only
 * the moving side's units move, so enemy units and their ZOC are fixed: these lists stay valid for
 * the whole phase and only the stacking filter changes as units move.
 */
function rawDestinations(
  state: SfoState,
  side: Side,
  m: SfoMap,
  pre: MoveContext,
  infiltrating?: Map<number, number[]>,
): (number[] | null)[] {
  const open: MoveContext = { friend: NO_UNITS, enemy: pre.enemy, zoc: pre.zoc };
  const armour = state.rules.expert?.armourInOpen === true;
  return state.units.map((u, i) => {
    if (u.side !== side || u.disrupted) return null; // SFO 7.1: a disrupted unit cannot move
    if (u.status === 'map') {
      const r = reachable(state, i, m, open);
      if (armour && u.type === 'tank') {
        const extra = infiltrationHexes(state, i, m, pre.zoc, pre.enemy).filter((h) => !r.includes(h));
        r.push(...extra);
        infiltrating?.set(i, extra);
      }
      return r;
    }
    if (u.status === 'arriving') return entryDestinations(state, i, m, open);
    return null;
  });
}

/**
 * The option objects of one movement phase, built once: per unit, one option per raw destination
 * (`null` for units that cannot move). A unit's origin does not change until it has moved, and then
 * it is out of the phase, so the objects stay valid; each decision filters them by stacking.
 */
function phaseOptions(
  state: SfoState,
  side: Side,
  raw: readonly (number[] | null)[],
): (SfoOption[] | null)[] {
  return state.units.map((u, i) => {
    const dests = raw[i];
    if (u.side !== side || dests === null || dests === undefined) return null;
    const on = u.status === 'map';
    return dests.map(
      (to): SfoOption => (on ? { type: 'move', unit: i, from: u.hex, to } : { type: 'enter', unit: i, to }),
    );
  });
}

const END_MOVEMENT: SfoOption = { type: 'end-movement' };

// Buffers of movementPhase (one phase at a time; nothing it calls uses them).
const phaseFriend = new Uint8Array(128);
const phaseEnemy = new Uint8Array(128);
const phaseZoc = new Uint8Array(128);

/** The options of the next decision: `built[i][k]` goes to `raw[i][k]` (phaseOptions). */
function optionsFrom(
  state: SfoState,
  built: readonly (SfoOption[] | null)[],
  raw: readonly (number[] | null)[],
  friend: Uint8Array,
): SfoOption[] {
  const options: SfoOption[] = [END_MOVEMENT];
  const limit = state.rules.stackLimit;
  for (let i = 0; i < built.length; i++) {
    const opts = built[i];
    if (opts === null || opts === undefined || state.units[i]!.moved) continue;
    const dests = raw[i]!;
    for (let k = 0; k < opts.length; k++) {
      // SFO 8.2: stacking, enforced at each destination
      if (friend[dests[k]!]! < limit) options.push(opts[k]!);
    }
  }
  return options;
}

/** The legal options of the next move decision of `side` (SFO 8, 8.4): each unit moves at most once per phase. */
export function moveOptions(state: SfoState, side: Side): SfoOption[] {
  const m = mapOf(state);
  const pre = moveContext(state, side, m);
  const raw = rawDestinations(state, side, m, pre);
  return optionsFrom(state, phaseOptions(state, side, raw), raw, pre.friend);
}

/**
 * SFO 8: the side moves units one at a time until it ends the phase. Arriving units that cannot
 * (or choose not to) enter stay off the map and may try again in the next movement phase.
 */
export function movementPhase(state: SfoState, side: Side, ctx: PlayContext<SfoState>): void {
  enterPhase(state, side === 'soviet' ? 'soviet-movement' : 'us-movement', ctx, side, 'SFO 8');
  for (const u of state.units) if (u.side === side) u.moved = false;
  const m = mapOf(state);
  const infiltrating = new Map<number, number[]>();
  const pre = moveContextInto(state, side, m, phaseFriend, phaseEnemy, phaseZoc);
  const raw = rawDestinations(state, side, m, pre, infiltrating);
  const friend = pre.friend;
  const ex = state.rules.expert;
  const night = ex !== null && ex.nightTurn === state.turn;
  const built = phaseOptions(state, side, raw);
  for (;;) {
    const options = optionsFrom(state, built, raw, friend);
    if (options.length === 1) break;
    state.decisions++;
    const c = ask(ctx.streams, ctx.policies, state, { kind: 'move', side, rule: 'SFO 8', options });
    const o = options[c]!;
    if (o.type === 'move' || o.type === 'enter') {
      const from = state.units[o.unit]!.hex;
      if (from >= 0) friend[from] = friend[from]! - 1;
      friend[o.to] = friend[o.to]! + 1;
      if (infiltrating.get(o.unit)?.includes(o.to) === true) state.stats.infiltrations++;
      applyMove(state, o.unit, o.to);
      // SFO 8 Optional Night: a unit that moves at night is flipped and may not attack.
      if (night) state.units[o.unit]!.disrupted = true;
      if (ctx.trace !== undefined)
        tell(
          state,
          ctx.trace,
          side,
          o.type === 'move' ? 'SFO 8' : 'SFO 8.4',
          `${label(state, o.unit)} ${o.type === 'enter' ? 'enters' : hexName(state, from)} → ${hexName(state, o.to)}`,
          {
            decision: { kind: 'move', choice: c, of: options.length },
          },
        );
    } else break;
  }
  placeSupport(state, side, ctx);
}

/** SFO 9: the side fights battles one at a time, in the order it chooses, until it ends the phase. */
export function combatPhase(state: SfoState, side: Side, ctx: PlayContext<SfoState>): void {
  enterPhase(state, side === 'soviet' ? 'soviet-combat' : 'us-combat', ctx, side, 'SFO 9');
  for (const u of state.units) if (u.side === side) u.attacked = false;
  state.attackedHexes = [];
  const dctx: DecideContext = { streams: ctx.streams, policies: ctx.policies, trace: ctx.trace };
  for (;;) {
    const battles = legalBattles(state, side);
    if (battles.length === 0) break;
    const options: SfoOption[] = [{ type: 'end-combat' }];
    for (const battle of battles) options.push({ type: 'battle', battle });
    state.decisions++;
    const c = ask(ctx.streams, ctx.policies, state, { kind: 'attack', side, rule: 'SFO 9', options });
    const o = options[c]!;
    if (o.type !== 'battle') break;
    const dice = ctx.streams.stream('combat');
    // SFO 7.1 Spetsnaz: two dice, the lower one is used (odds.combatDieDistribution(true)).
    const die = o.battle.support === 'spetsnaz' ? Math.min(d6(dice), d6(dice)) : d6(dice);
    resolveBattle(state, o.battle, die, dctx);
    ctx.onStep?.(state);
  }
  if (state.expert !== null) {
    // SFO 7.1: unused support is lost; SFO 9.4: the faction's flipped units face up again.
    state.expert.placed = null;
    state.expert.held = null;
    for (const u of state.units) if (u.side === side) u.disrupted = false;
  }
}

/** Plays the game from its current state to the end of the last turn (SFO 5) and records it (SFO 10). */
export function playGame(state: SfoState, ctx: PlayContext<SfoState>): GameRecord {
  const order: readonly Side[] = state.rules.expert?.first === 'us' ? ['us', 'soviet'] : ['soviet', 'us'];
  for (; state.turn <= state.rules.turns; state.turn++) {
    for (const side of order) {
      eventsPhase(state, side, ctx);
      ctx.onStep?.(state);
      movementPhase(state, side, ctx);
      ctx.onStep?.(state);
      combatPhase(state, side, ctx);
      ctx.onStep?.(state);
    }
  }
  state.turn = state.rules.turns;
  state.phase = 'end';
  const { result, level, vp } = outcome(state);
  const towns = sovietTownFlags(state);
  if (ctx.trace !== undefined)
    tell(
      state,
      ctx.trace,
      result === 'soviet-win' ? 'soviet' : 'us',
      'SFO 10',
      state.rules.expert?.victory === 'vp'
        ? `end of turn ${state.turn}: victory points Soviet ${vp.soviet}, US ${vp.us}: ${result} (${level})`
        : `end of turn ${state.turn}: Soviets hold ${towns.reduce((a, b) => a + b, 0)} town(s): ${result}`,
    );
  ctx.onStep?.(state);
  return record(state);
}

export function record(state: SfoState): GameRecord {
  const towns = sovietTownFlags(state);
  const s = state.stats;
  const { result, level, vp } = outcome(state);
  return {
    cells: state.fought,
    result,
    endTurn: state.turn,
    endReason: 'turn-limit',
    victoryLevel: level,
    stats: {
      soviet_towns_end: towns[0]! + towns[1]! + towns[2]!,
      soviet_units_lost: s.soviet_units_lost,
      us_units_lost: s.us_units_lost,
      battles: s.battles,
      res_ae: s.res_ae,
      res_ar: s.res_ar,
      res_ne: s.res_ne,
      res_dr: s.res_dr,
      res_de: s.res_de,
      res_ex: s.res_ex,
      soviet_replacements: s.soviet_replacements,
      v_arrival_turn: s.v_arrival_turn,
      esselben_held: towns[0]!,
      ganheim_held: towns[1]!,
      town3_held: towns[2]!,
      vp_soviet: vp.soviet,
      vp_us: vp.us,
      us_replacements: s.us_replacements,
      ev_soviet_planned: s.ev_soviet_planned,
      ev_soviet_air: s.ev_soviet_air,
      ev_soviet_artillery: s.ev_soviet_artillery,
      ev_soviet_spetsnaz: s.ev_soviet_spetsnaz,
      ev_soviet_friction: s.ev_soviet_friction,
      ev_soviet_replacement: s.ev_soviet_replacement,
      ev_soviet_reinforce: s.ev_soviet_reinforce,
      ev_us_planned: s.ev_us_planned,
      ev_us_air: s.ev_us_air,
      ev_us_artillery: s.ev_us_artillery,
      ev_us_friction: s.ev_us_friction,
      ev_us_replacement: s.ev_us_replacement,
      ev_us_reinforce: s.ev_us_reinforce,
      supported_battles: s.supported_battles,
      breakthroughs: s.breakthroughs,
      exploitations: s.exploitations,
      infiltrations: s.infiltrations,
      soviet_armour_lost: s.soviet_armour_lost,
      us_armour_lost: s.us_armour_lost,
    },
  };
}
