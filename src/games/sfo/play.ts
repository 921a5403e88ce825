/** The turn sequence (SFO 5): Soviet events, movement, combat; then US events, movement, combat; 4 turns. */
import { ask, note } from '../../core/decide.js';
import { d6 } from '../../core/dice.js';
import type { GameRecord, PlayContext, TraceEvent } from '../../core/game.js';
import { type DecideContext, hexName, label, legalBattles, resolveBattle } from './combat.js';
import { applyReplacement, checkReinforcement, replacementOptions } from './events.js';
import { mapOf, type SfoMap } from './map.js';
import { applyMove, entryDestinations, type MoveContext, moveContext, reachable } from './movement.js';
import type { SfoOption } from './options.js';
import type { Phase, SfoState, Side } from './state.js';
import { sovietTownFlags, winner } from './victory.js';

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
  tell(state, ctx.trace, side, rule, `turn ${state.turn}: ${phase}`);
}

/** SFO 7: Soviet events (Advanced replacement) or US events (Advanced V reinforcement); nothing in Basic. */
export function eventsPhase(state: SfoState, side: Side, ctx: PlayContext<SfoState>): void {
  enterPhase(state, side === 'soviet' ? 'soviet-events' : 'us-events', ctx, side, 'SFO 7');
  if (side === 'soviet') {
    const options = replacementOptions(state);
    if (options.length === 0) return;
    state.decisions++;
    const c = ask(ctx.streams, ctx.policies, state, { kind: 'replace', side, rule: 'SFO 7', options });
    const o = options[c]!;
    const count = o.type === 'replace' ? o.count : 0;
    const units = applyReplacement(state, count);
    if (count > 0) {
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
    tell(state, ctx.trace, side, 'SFO 7', 'Soviets hold 2+ towns: West German V arrives at the west edge');
  }
}

/**
 * Destinations ignoring stacking, per unit of `side` (SFO 8, 8.4). Within one movement phase only
 * the moving side's units move, so enemy units and their ZOC are fixed: these lists stay valid for
 * the whole phase and only the stacking filter changes as units move.
 */
function rawDestinations(state: SfoState, side: Side, m: SfoMap): (number[] | null)[] {
  const pre = moveContext(state, side, m);
  const open: MoveContext = { friend: new Uint8Array(m.size), enemy: pre.enemy, zoc: pre.zoc };
  return state.units.map((u, i) => {
    if (u.side !== side) return null;
    if (u.status === 'map') return reachable(state, i, m, open);
    if (u.status === 'arriving') return entryDestinations(state, i, m, open);
    return null;
  });
}

function optionsFrom(
  state: SfoState,
  side: Side,
  raw: readonly (number[] | null)[],
  friend: Uint8Array,
): SfoOption[] {
  const options: SfoOption[] = [{ type: 'end-movement' }];
  const limit = state.rules.stackLimit;
  for (let i = 0; i < state.units.length; i++) {
    const u = state.units[i]!;
    const dests = raw[i];
    if (u.side !== side || u.moved || dests === null || dests === undefined) continue;
    const on = u.status === 'map';
    for (const to of dests) {
      if (friend[to]! >= limit) continue; // SFO 8.2: stacking, enforced at each destination
      options.push(on ? { type: 'move', unit: i, from: u.hex, to } : { type: 'enter', unit: i, to });
    }
  }
  return options;
}

/** The legal options of the next move decision of `side` (SFO 8, 8.4): each unit moves at most once per phase. */
export function moveOptions(state: SfoState, side: Side): SfoOption[] {
  const m = mapOf(state);
  return optionsFrom(state, side, rawDestinations(state, side, m), moveContext(state, side, m).friend);
}

/**
 * SFO 8: the side moves units one at a time until it ends the phase. Arriving units that cannot
 * (or choose not to) enter stay off the map and may try again in the next movement phase.
 */
export function movementPhase(state: SfoState, side: Side, ctx: PlayContext<SfoState>): void {
  enterPhase(state, side === 'soviet' ? 'soviet-movement' : 'us-movement', ctx, side, 'SFO 8');
  for (const u of state.units) if (u.side === side) u.moved = false;
  const m = mapOf(state);
  const raw = rawDestinations(state, side, m);
  const friend = moveContext(state, side, m).friend;
  for (;;) {
    const options = optionsFrom(state, side, raw, friend);
    if (options.length === 1) break;
    state.decisions++;
    const c = ask(ctx.streams, ctx.policies, state, { kind: 'move', side, rule: 'SFO 8', options });
    const o = options[c]!;
    if (o.type === 'move' || o.type === 'enter') {
      const from = state.units[o.unit]!.hex;
      if (from >= 0) friend[from] = friend[from]! - 1;
      friend[o.to] = friend[o.to]! + 1;
      applyMove(state, o.unit, o.to);
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
    const die = d6(ctx.streams.stream('combat'));
    resolveBattle(state, o.battle, die, dctx);
    ctx.onStep?.(state);
  }
}

/** Plays the game from its current state to the end of the last turn (SFO 5) and records it (SFO 10). */
export function playGame(state: SfoState, ctx: PlayContext<SfoState>): GameRecord {
  for (; state.turn <= state.rules.turns; state.turn++) {
    for (const side of ['soviet', 'us'] as const) {
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
  const result = winner(state);
  const towns = sovietTownFlags(state);
  tell(
    state,
    ctx.trace,
    result === 'soviet-win' ? 'soviet' : 'us',
    'SFO 10',
    `end of turn ${state.turn}: Soviets hold ${towns.reduce((a, b) => a + b, 0)} town(s): ${result}`,
  );
  ctx.onStep?.(state);
  return record(state);
}

export function record(state: SfoState): GameRecord {
  const towns = sovietTownFlags(state);
  const s = state.stats;
  return {
    result: winner(state),
    endTurn: state.turn,
    endReason: 'turn-limit',
    victoryLevel: 'win',
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
    },
  };
}
