/**
 * The sequence of play (K6, K7) as the state machine the driver steps (docs/architecture.md "The game is a state machine"): pre-game the
 * German secret allocation then the British set-up; each turn Step 1 German movement segment (drops,
 * mountain landings, movement), Step 2 Luftwaffe placement and German combat, Step 3 British movement,
 * Step 4 British combat, Step 5 the turn marker; after turn 10 the game ends (K4, K3). `advance`
 * runs the rules to the next decision, `apply` carries out one answer.
 */
import { answerMachine, expectKind, runMachine, turnMachine, unreachable } from '../../core/kernel.js';
import { applyEx, applyRoll, battleOptions, exOptions, fight, kill, makeBattle, rollStep } from './combat.js';
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
import { applyCa, applyRetreat, caOptions, retreatStep } from './retreat.js';
import { allocateStep, applyAllocate, applySetup, setupStep } from './setup.js';
import { type CreteState, type CreteTask, POOL } from './state.js';
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

/** The task kinds of Crete's sequence of play: how each steps and carries out its answers. */
const MACHINE = turnMachine<CreteState, CreteWorkspace, CreteTask, CreteDecision>({
  game: 'crete',
  over: (s) => s.over,
  nextPhase,
  tasks: {
    allocate: {
      step(s, _ws, task) {
        const d = allocateStep(s, task);
        return d === null
          ? null
          : { kind: 'allocate-drop', side: 'german', rule: 'K6.1', options: d.options };
      },
      answer(s, _ws, task, d, choice) {
        expectKind('crete', task.t, d, 'allocate-drop');
        applyAllocate(s, task, d.options[choice]!);
      },
    },
    setup: {
      step(s, ws, task) {
        const d = setupStep(s, ws, task);
        return d === null ? null : { kind: 'setup-hex', side: 'british', rule: 'K6.2', options: d.options };
      },
      answer(s, _ws, task, d, choice) {
        expectKind('crete', task.t, d, 'setup-hex');
        applySetup(s, task, d.options[choice]!);
      },
    },
    drops: {
      step(s, ws, task) {
        const d = dropsStep(s, ws, task);
        if (d === null) return null;
        return d.kind === 'drop-more'
          ? { kind: 'drop-more', side: 'german', rule: 'K7 Step 1', options: d.options }
          : { kind: 'drop-hex', side: 'german', rule: 'K15.1, K15.2', options: d.options };
      },
      answer(s, _ws, task, d, choice) {
        expectKind('crete', task.t, d, 'drop-more', 'drop-hex');
        switch (d.kind) {
          case 'drop-more':
            applyDropMore(s, task, d.options[choice]!);
            return;
          case 'drop-hex':
            applyDropHex(s, task, d.options[choice]!);
            return;
          default:
            return unreachable(d);
        }
      },
    },
    scatter: {
      step: scatterStep,
      answer(_s, _ws, task, d) {
        throw new Error(`crete: decision ${d.kind} answered in task ${task.t}`);
      },
      outcome: (s, ws, task, _node, outcome) => applyScatterDie(s, ws, task, outcome + 1),
    },
    overstack: {
      step(s, ws, task) {
        const o = overstackOptions(s, ws, task);
        if (o.length === 0) {
          s.stack.pop();
          kill(s, ws, task.u); // no square with room on the board (K11.1)
          return null;
        }
        return { kind: 'scatter-overstack', side: 'german', rule: 'K11.1, K15.2', options: o };
      },
      answer(s, _ws, task, d, choice) {
        expectKind('crete', task.t, d, 'scatter-overstack');
        applyOverstack(s, d.options[choice]!);
      },
    },
    'scatter-attacks': {
      step(s, ws) {
        scatterAttacks(s, ws);
        return null;
      },
      answer(_s, _ws, task, d) {
        throw new Error(`crete: decision ${d.kind} answered in task ${task.t}`);
      },
    },
    mountain: {
      step(s, ws, task) {
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
        return { kind: 'mountain-land', side: 'german', rule: 'K17', options: d.options };
      },
      answer(s, ws, task, d, choice) {
        expectKind('crete', task.t, d, 'mountain-land');
        const o = d.options[choice]!;
        task.landed.push(...land(s, ws, o.airfield, o.count));
      },
    },
    move: {
      step(s, ws, task) {
        const d = moveStep(s, ws, task);
        if (d === null) {
          s.stack.pop();
          return null;
        }
        return d.kind === 'move'
          ? { kind: 'move', side: task.side, rule: 'K8', options: d.options }
          : { kind: 'move-unit', side: task.side, rule: 'K8', options: d.options };
      },
      answer(s, ws, task, d, choice) {
        expectKind('crete', task.t, d, 'move-unit', 'move');
        const o = d.options[choice]!;
        switch (d.kind) {
          case 'move-unit':
            if (o.u < 0)
              s.stack.pop(); // the segment ends: the units not picked stay
            else {
              task.i = o.u + 1;
              task.u = o.u;
              task.done.push(o.u);
            }
            return;
          case 'move':
            if (o.to >= 0) moveUnit(s, ws, o.u, o.to);
            task.u = -1;
            return;
          default:
            return unreachable(d);
        }
      },
    },
    air: {
      step(s, ws, task) {
        const d = airStep(s, ws, task);
        if (d === null) {
          s.stack.pop();
          return null;
        }
        return { kind: 'air-support', side: 'german', rule: 'K16', options: d.options };
      },
      answer(s, ws, task, d, choice) {
        expectKind('crete', task.t, d, 'air-support');
        const o = d.options[choice]!;
        if (o.to < 0) return;
        s.units[o.u]!.loc = o.to;
        if (ws.trace !== undefined)
          tell(s, ws, 'german', 'K16', `${s.units[o.u]!.name} supports the attack from ${sq(o.to)}`);
      },
    },
    combat: {
      step(s, ws, task) {
        // the first option ends the segment: with no battle to fight, the segment ends unasked
        const o = battleOptions(s, ws, task.side);
        if (o.length === 1) {
          s.stack.pop();
          return null;
        }
        return { kind: 'battle', side: task.side, rule: 'K10.1, K10.5', options: o };
      },
      answer(s, ws, task, d, choice) {
        expectKind('crete', task.t, d, 'battle');
        const o = d.options[choice]!;
        if (o.def < 0) s.stack.pop();
        else fight(s, ws, makeBattle(s, d.side, o.squares, o.def, o.table));
      },
    },
    roll: {
      step: rollStep,
      answer(_s, _ws, task, d) {
        throw new Error(`crete: decision ${d.kind} answered in task ${task.t}`);
      },
      outcome: (s, ws, task, _node, outcome) => applyRoll(s, ws, task, outcome + 1),
    },
    ca: {
      step(s, ws, task) {
        const side = task.battle.side === 'german' ? 'british' : 'german';
        return { kind: 'ca-response', side, rule: 'K10.13', options: caOptions(s, ws, task.battle) };
      },
      answer(s, ws, task, d, choice) {
        expectKind('crete', task.t, d, 'ca-response');
        applyCa(s, ws, task, d.options[choice]!);
      },
    },
    ex: {
      step(s, ws, task) {
        const o = exOptions(s, task);
        if (o.length === 0) {
          applyEx(s, ws, { units: [] }); // no ground attacker left to lose
          return null;
        }
        return { kind: 'ex-losses', side: task.battle.side, rule: 'K16, CRT EX', options: o };
      },
      answer(s, ws, task, d, choice) {
        expectKind('crete', task.t, d, 'ex-losses');
        applyEx(s, ws, d.options[choice]!);
      },
    },
    retreat: {
      step(s, ws, task) {
        const d = retreatStep(s, ws, task);
        return d === null
          ? null
          : { kind: 'retreat', side: d.side, rule: 'K10.11, K10.12', options: d.options };
      },
      answer(s, ws, task, d, choice) {
        expectKind('crete', task.t, d, 'retreat');
        applyRetreat(s, ws, task, d.options[choice]!.to);
      },
    },
    'after-scatter': {
      step(s, ws, task) {
        afterScatter(s, ws, task);
        return null;
      },
      answer(_s, _ws, task, d) {
        throw new Error(`crete: decision ${d.kind} answered in task ${task.t}`);
      },
    },
  },
});

/** GameDefinition.advance: runs the rules to the next decision or chance point (left pending in the state) or the end. */
export function advance(s: CreteState, ws: CreteWorkspace): CretePending | null {
  return runMachine(MACHINE, s, ws);
}

/** GameDefinition.apply: carries out answer `choice` to the pending decision or chance point (checked). */
export function apply(s: CreteState, ws: CreteWorkspace, pending: CretePending, choice: number): void {
  answerMachine(MACHINE, s, ws, pending, choice);
}
