/**
 * The sequence of play (K6, K7) as the state machine the driver steps (docs/architecture.md "The game is a state machine"): pre-game the
 * German secret allocation then the British set-up; each turn Step 1 German movement segment (drops,
 * mountain landings, movement), Step 2 Luftwaffe placement and German combat, Step 3 British movement,
 * Step 4 British combat, Step 5 the turn marker; after turn 10 the game ends (K4, K3). `advance`
 * runs the rules to the next decision, `apply` carries out one answer.
 */
import type { ChanceNode } from '../../core/game.js';
import {
  applyCa,
  applyEx,
  applyRetreat,
  applyRoll,
  battleOptions,
  caOptions,
  exOptions,
  fight,
  kill,
  makeBattle,
  retreatStep,
  rollStep,
} from './combat.js';
import type { CreteDecision, CretePending } from './decisions.js';
import {
  afterScatter,
  applyDropHex,
  applyDropMore,
  applyOverstack,
  applyScatterDie,
  dropsStep,
  overstackOptions,
  scatterAttacks,
  scatterStep,
} from './drops.js';
import { airStep } from './luftwaffe.js';
import { MAP } from './map.js';
import { land, mountainStep } from './mountain.js';
import { moveStep, moveUnit } from './movement.js';
import { sq, tell } from './narrate.js';
import { allocateStep, applyAllocate, applySetup, setupStep } from './setup.js';
import { type CreteState, type CreteTask, POOL, type Side } from './state.js';
import { outcome } from './victory.js';
import type { CreteWorkspace } from './workspace.js';

const PHASES = ['german-move', 'german-combat', 'british-move', 'british-combat'] as const;

/** Per airfield (MAP.airfields order): the statistic of the turn it fell (first turn end German-held). */
const FELL = [
  'airfield_german_turn_maleme',
  'airfield_german_turn_retimo',
  'airfield_german_turn_heraklion',
] as const;

/** Airfield bookkeeping (V-CAPTURE airfield-cleared; the airfield_open statistics). */
function airfields(s: CreteState): void {
  // one pass over the units: bit 1 British, bit 2 German ground units, per airfield
  const af = MAP.airfields;
  const held = af.map(() => 0);
  for (const u of s.units) {
    if (u.loc < 0) continue;
    const k = af.indexOf(u.loc);
    if (k < 0) continue;
    if (u.side === 'british') held[k]! |= 1;
    else if (u.kind !== 'air') held[k]! |= 2;
  }
  af.forEach((_, k) => {
    const bri = (held[k]! & 1) !== 0;
    const ger = (held[k]! & 2) !== 0;
    if (bri || ger) s.airfieldContested[k] = 1;
    if (!bri && s.turn >= 1 && s.airfieldOpen[k] === 0) s.airfieldOpen[k] = s.turn;
    const fell = FELL[k]!;
    if (ger && s.turn >= 1 && s.stats[fell] < 0) s.stats[fell] = s.turn;
  });
}

function nextPhase(s: CreteState, ws: CreteWorkspace): void {
  if (s.turn === 0) {
    airfields(s);
    s.turn = 1;
    s.seq = 0;
    s.stats.british_cf_suda_setup = cfOn(s, 0);
    s.stats.british_cf_retimo_setup = cfOn(s, 1);
    s.stats.british_cf_heraklion_setup = cfOn(s, 2);
  } else if (s.seq === 4) {
    airfields(s);
    s.seq = 0;
    s.turn++;
  }
  if (s.turn > s.rules.turns) {
    endGame(s, ws);
    return;
  }
  const seq = s.seq++;
  s.phase = PHASES[seq]!;
  s.fought.length = 0;
  for (const u of s.units) if (u.kind === 'air') u.loc = POOL; // K16: removed after the attacks
  switch (seq) {
    case 0: {
      // V-MTNCAP mtn-stack-only: after the movement, waves of landings into the room made on the
      // airfields, each wave's units moving before the next wave (K17: they may move on landing)
      if (s.rules.mtnCap === 'mtn-stack-only') s.stack.push({ t: 'mountain', i: 0, wave: 1, landed: [] });
      s.stack.push({ t: 'move', side: 'german', i: 0, u: -1, done: [] });
      s.stack.push({ t: 'mountain', i: 0, wave: 0, landed: [] });
      if (s.turn === 1) {
        const order: number[] = [];
        s.units.forEach((u, i) => {
          const b = s.secret?.alloc[i] ?? -1;
          if (u.kind === 'para' && b >= 0) {
            u.to = b;
            order.push(i);
          }
        });
        s.stack.push({ t: 'drops', stage: 'declare', i: 0, order });
      } else s.stack.push({ t: 'drops', stage: 'choose', i: 0, order: [] });
      return;
    }
    case 1:
      s.stack.push({ t: 'combat', side: 'german' });
      s.stack.push({ t: 'air', i: 0 });
      return;
    case 2:
      s.stack.push({ t: 'move', side: 'british', i: 0, u: -1, done: [] });
      return;
    case 3:
      s.stack.push({ t: 'combat', side: 'british' });
      return;
  }
}

function cfOn(s: CreteState, board: number): number {
  let cf = 0;
  for (const u of s.units) if (u.side === 'british' && u.loc >= 0 && MAP.board[u.loc] === board) cf += u.cf;
  return cf;
}

/** K4, K3: the game ends after turn 10. */
function endGame(s: CreteState, ws: CreteWorkspace): void {
  s.turn = s.rules.turns;
  s.phase = 'end';
  s.over = true;
  if (ws.trace === undefined) return;
  const o = outcome(s);
  tell(
    s,
    ws,
    undefined,
    'K3',
    `end: German ${o.score.german}, British ${o.score.british}: ${o.result} (${o.level})`,
  );
}

const decision = <K extends CreteDecision['kind']>(
  kind: K,
  side: Side,
  rule: string,
  options: (CreteDecision & { kind: K })['options'],
): CretePending => ({ kind, side, rule, options }) as CreteDecision;

/** What the task on top asks next, or null when it progressed without a decision. */
function step(s: CreteState, ws: CreteWorkspace, task: CreteTask): CretePending | null {
  switch (task.t) {
    case 'allocate': {
      const d = allocateStep(s, task);
      return d === null ? null : decision('allocate-drop', 'german', 'K6.1', d.options);
    }
    case 'setup': {
      const d = setupStep(s, ws, task);
      return d === null ? null : decision('setup-hex', 'british', 'K6.2', d.options);
    }
    case 'drops': {
      const d = dropsStep(s, ws, task);
      if (d === null) return null;
      return d.kind === 'drop-more'
        ? decision('drop-more', 'german', 'K7 Step 1', d.options)
        : decision('drop-hex', 'german', 'K15.1, K15.2', d.options);
    }
    case 'scatter':
      return scatterStep(s, ws, task) as CretePending | null;
    case 'overstack': {
      const o = overstackOptions(s, ws, task);
      if (o.length === 0) {
        s.stack.pop();
        kill(s, ws, task.u); // no square with room on the board (K11.1)
        return null;
      }
      if (o.length === 1) {
        applyOverstack(s, o[0]!);
        return null;
      }
      return decision('scatter-overstack', 'german', 'K11.1, K15.2', o);
    }
    case 'scatter-attacks':
      scatterAttacks(s, ws);
      return null;
    case 'mountain': {
      const d = mountainStep(s, ws, task);
      if (d === null) {
        s.stack.pop();
        if (task.wave >= 1 && task.landed.length > 0) {
          // mtn-stack-only: the wave's units move, then the next wave lands (ends: the pool empties)
          s.stack.push({ t: 'mountain', i: 0, wave: task.wave + 1, landed: [] });
          s.stack.push({ t: 'move', side: 'german', i: 0, u: -1, done: [], only: task.landed });
        }
        return null;
      }
      return decision('mountain-land', 'german', 'K17', d.options);
    }
    case 'move': {
      const d = moveStep(s, ws, task);
      if (d === null) {
        s.stack.pop();
        return null;
      }
      return decision(d.kind, task.side, 'K8', d.options);
    }
    case 'air': {
      const d = airStep(s, ws, task);
      if (d === null) {
        s.stack.pop();
        return null;
      }
      return decision('air-support', 'german', 'K16', d.options);
    }
    case 'combat': {
      const o = battleOptions(s, ws, task.side);
      if (o.length === 1) {
        s.stack.pop();
        return null;
      }
      return decision('battle', task.side, 'K10.1, K10.5', o);
    }
    case 'roll':
      return rollStep(s, ws, task);
    case 'ca': {
      const o = caOptions(s, ws, task.battle);
      if (o.length === 1) {
        applyCa(s, ws, task, o[0]!);
        return null;
      }
      return decision('ca-response', task.battle.side === 'german' ? 'british' : 'german', 'K10.13', o);
    }
    case 'ex': {
      const o = exOptions(s, task);
      if (o.length <= 1) {
        applyEx(s, ws, o[0] ?? { units: [] });
        return null;
      }
      return decision('ex-losses', task.battle.side, 'K16, CRT EX', o);
    }
    case 'retreat': {
      const d = retreatStep(s, ws, task);
      return d === null ? null : decision('retreat', d.side, 'K10.11, K10.12', d.options);
    }
    case 'after-scatter':
      afterScatter(s, ws, task);
      return null;
  }
}

/** GameDefinition.advance. */
export function advance(s: CreteState, ws: CreteWorkspace): CretePending | null {
  while (s.pending === null) {
    if (s.over) return null;
    const task = s.stack[s.stack.length - 1];
    if (task === undefined) {
      nextPhase(s, ws);
      continue;
    }
    const p = step(s, ws, task);
    if (p !== null) {
      s.pending = p;
      if (p.kind !== 'chance') s.decisions++;
    }
  }
  return s.pending;
}

/** GameDefinition.apply: carries out answer `choice` to the pending decision (checked). */
export function apply(s: CreteState, ws: CreteWorkspace, pending: CretePending, choice: number): void {
  const p = s.pending;
  if (p === null || p.kind !== pending.kind)
    throw new Error(`crete: answer to ${pending.kind}, but ${p === null ? 'nothing' : p.kind} is pending`);
  const task = s.stack[s.stack.length - 1];
  if (task === undefined) throw new Error(`crete: ${p.kind} pending with no task`);
  if (p.kind === 'chance') {
    const n = (p as ChanceNode).outcomes.length;
    if (!Number.isInteger(choice) || choice < 0 || choice >= n)
      throw new Error(`crete: chance outcome ${choice} of ${n}`);
    s.pending = null;
    if (task.t === 'roll') applyRoll(s, ws, task, choice + 1);
    else if (task.t === 'scatter') applyScatterDie(s, ws, task, choice + 1);
    else throw new Error(`crete: a chance point pending in task ${task.t}`);
    return;
  }
  const d = p as CreteDecision;
  const of = d.options.length;
  if (!Number.isInteger(choice) || choice < 0 || choice >= of)
    throw new Error(`crete: answer ${choice} to ${d.kind} (${d.rule}) with ${of} options`);
  s.pending = null;
  switch (d.kind) {
    case 'allocate-drop':
      applyAllocate(s, task as CreteTask & { t: 'allocate' }, d.options[choice]!);
      return;
    case 'setup-hex':
      applySetup(s, task as CreteTask & { t: 'setup' }, d.options[choice]!);
      return;
    case 'drop-more':
      applyDropMore(s, task as CreteTask & { t: 'drops' }, d.options[choice]!);
      return;
    case 'drop-hex':
      applyDropHex(s, task as CreteTask & { t: 'drops' }, d.options[choice]!);
      return;
    case 'scatter-overstack':
      applyOverstack(s, d.options[choice]!);
      return;
    case 'mountain-land': {
      const o = d.options[choice]!;
      const task = s.stack[s.stack.length - 1]!;
      const landed = land(s, ws, o.airfield, o.count);
      if (task.t === 'mountain') task.landed.push(...landed);
      return;
    }
    case 'move-unit': {
      const o = d.options[choice]!;
      const move = task as CreteTask & { t: 'move' };
      if (o.u < 0)
        s.stack.pop(); // the segment ends: the units not picked stay
      else {
        move.i = o.u + 1;
        move.u = o.u;
        move.done.push(o.u);
      }
      return;
    }
    case 'move': {
      const o = d.options[choice]!;
      if (o.to >= 0) moveUnit(s, ws, o.u, o.to);
      (task as CreteTask & { t: 'move' }).u = -1;
      return;
    }
    case 'air-support': {
      const o = d.options[choice]!;
      if (o.to >= 0) {
        s.units[o.u]!.loc = o.to;
        if (ws.trace !== undefined)
          tell(s, ws, 'german', 'K16', `${s.units[o.u]!.name} supports the attack from ${sq(o.to)}`);
      }
      return;
    }
    case 'battle': {
      const o = d.options[choice]!;
      if (o.def < 0) {
        s.stack.pop();
        return;
      }
      fight(s, ws, makeBattle(s, d.side, o.squares, o.def, o.table));
      return;
    }
    case 'ex-losses':
      applyEx(s, ws, d.options[choice]!);
      return;
    case 'retreat':
      applyRetreat(s, ws, task as CreteTask & { t: 'retreat' }, d.options[choice]!.to);
      return;
    case 'ca-response':
      applyCa(s, ws, task as CreteTask & { t: 'ca' }, d.options[choice]!);
      return;
  }
}
