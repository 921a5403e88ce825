/**
 * Paradrops (K15, K6.1, K7 Step 1): on turn 1 the allocated battalions drop on their boards, later
 * any remaining ones on any board; drop squares hold no enemy (K15.1) and at most 3 Germans (K15.2);
 * each unit rolls the scatter test on the intended square's terrain (K15.3: clear 1-2, rough or
 * town 1-4; airfield = clear), a scattered unit rolls its direction (K15.4: 1 = north, clockwise,
 * the core hex neighbour order), lands, drowns (V-SEA), is displaced (V-OVER) or attacks the enemy
 * it came down on (K15.5; V-SCATATK). Paras landed this turn neither move nor attack (K15.6).
 */

import { d6 } from '../../core/dice.js';
import type { ChanceNode } from '../../core/game.js';
import { DIE_OUTCOMES, fight, kill } from './combat.js';
import { usedColumn } from './crt.js';
import { creteData } from './data.js';
import { type UnitBoard, type UnitTo, unitTo } from './decisions.js';
import { AIRFIELD, CLEAR, MAP } from './map.js';
import { occupancy } from './movement.js';
import { sq, tell } from './narrate.js';
import { type Battle, type CreteState, type CreteTask, LIMBO, POOL } from './state.js';
import type { CreteWorkspace } from './workspace.js';

/** K15.3: does die 1..6 scatter a para dropped on terrain t? */
export function scatters(terrain: number, die: number): boolean {
  const S = creteData.scatter;
  return (terrain === CLEAR || terrain === AIRFIELD ? S.clear : S.roughOrTown).includes(die);
}

/** K15.4: the square a scatter direction die 1..6 leads to from `h` (-1: sea or off the board). */
export function scatterTarget(h: number, die: number): number {
  return MAP.dir[h * 6 + die - 1]!;
}

/** K15.1, K15.2: squares of board `b` a para may be dropped on, given `declared` Germans already aimed at each. */
export function dropSquares(s: CreteState, ws: CreteWorkspace, b: number, declared: Uint8Array): number[] {
  occupancy(s, ws);
  const out: number[] = [];
  for (const h of MAP.byBoard[b]!)
    if (ws.bri[h] === 0 && ws.ger[h]! + declared[h]! < s.rules.stack) out.push(h);
  return out;
}

type DropsTask = CreteTask & { t: 'drops' };

/** The next drop decision (board on later turns, then squares), or pushes the scatter rolls; null when done. */
export function dropsStep(
  s: CreteState,
  ws: CreteWorkspace,
  task: DropsTask,
): { kind: 'drop-more'; options: UnitBoard[] } | { kind: 'drop-hex'; options: UnitTo[] } | null {
  if (task.stage === 'choose') {
    while (task.i < s.units.length) {
      const ui = task.i++;
      const u = s.units[ui]!;
      if (u.kind !== 'para' || u.loc !== POOL) continue;
      return { kind: 'drop-more', options: [-1, 0, 1, 2].map((board) => ({ u: ui, board })) };
    }
    task.stage = 'declare';
    task.i = 0;
  }
  if (task.stage === 'declare') {
    while (task.i < task.order.length) {
      const ui = task.order[task.i]!;
      const declared = declaredCounts(s, task);
      const squares = dropSquares(s, ws, s.units[ui]!.to, declared);
      if (squares.length === 0) {
        task.order.splice(task.i, 1); // no legal square on its board: it stays available (K7 Step 1)
        s.units[ui]!.to = -1;
        continue;
      }
      return { kind: 'drop-hex', options: squares.map((to) => unitTo(ui, to)) };
    }
    task.stage = 'roll';
    task.i = 0;
  }
  if (s.rules.declare === 'declare-all-then-roll' && task.i < task.order.length) {
    // push the scatter tests in drop order (last pushed runs first)
    for (let k = task.order.length - 1; k >= task.i; k--) pushScatter(s, task.order[k]!);
    task.i = task.order.length;
    return null;
  }
  s.stack.pop();
  if (s.rules.scatterAttack === 'scatter-attack-together') s.stack.push({ t: 'scatter-attacks' });
  return null;
}

/** Germans already aimed at each square this turn (intended squares of declared, not yet landed paras). */
function declaredCounts(s: CreteState, task: DropsTask): Uint8Array {
  const out = new Uint8Array(MAP.size);
  for (let k = 0; k < task.i; k++) {
    const u = s.units[task.order[k]!]!;
    if (u.loc === POOL && u.to >= 0 && u.landed === -1) out[u.to]!++;
  }
  return out;
}

function pushScatter(s: CreteState, ui: number): void {
  const u = s.units[ui]!;
  s.stack.push({ t: 'scatter', u: ui, intended: u.to, die: 0, stage: 'test' });
}

/** Board chosen for a para on a later turn (-1: held back). */
export function applyDropMore(s: CreteState, task: DropsTask, o: UnitBoard): void {
  if (o.board < 0) return;
  s.units[o.u]!.to = o.board;
  task.order.push(o.u);
}

/** Intended square chosen (K15; V-DECLARE). */
export function applyDropHex(s: CreteState, task: DropsTask, o: UnitTo): void {
  const u = s.units[o.u]!;
  u.to = o.to;
  u.landed = -1; // declared, not landed
  task.i++;
  const st = s.stats;
  const b = MAP.board[o.to]!;
  if (s.turn === 1) {
    st.paras_dropped_t1++;
    if (b === 0) st.paras_t1_suda++;
    else if (b === 1) st.paras_t1_retimo++;
    else st.paras_t1_heraklion++;
  } else st.paras_dropped_later++;
  if (b === 0) st.paras_dropped_suda++;
  else if (b === 1) st.paras_dropped_retimo++;
  else st.paras_dropped_heraklion++;
  if (s.rules.declare === 'declare-sequential') pushScatter(s, o.u);
}

/** The scatter dice (K15.3, K15.4): chance points in explicit mode, else stream `drop`. */
export function scatterStep(
  s: CreteState,
  ws: CreteWorkspace,
  task: CreteTask & { t: 'scatter' },
): ChanceNode | null {
  if (ws.explicitChance)
    return {
      kind: 'chance',
      side: 'chance',
      rule: task.stage === 'test' ? 'K15.3' : 'K15.4',
      what: task.stage === 'test' ? 'scatter test' : 'scatter direction',
      outcomes: DIE_OUTCOMES,
    };
  applyScatterDie(s, ws, task, d6(ws.streams.stream('drop')));
  return null;
}

/** Applies one scatter die (the task is popped when the para is down). */
export function applyScatterDie(
  s: CreteState,
  ws: CreteWorkspace,
  task: CreteTask & { t: 'scatter' },
  die: number,
): void {
  const u = s.units[task.u]!;
  const h = task.intended;
  if (task.stage === 'test') {
    if (!scatters(MAP.terrain[h]!, die)) {
      s.stack.pop();
      if (ws.trace !== undefined) tell(s, ws, 'german', 'K15.3', `${u.name} lands on ${sq(h)}`, [die]);
      come(s, ws, task.u, h, h);
      return;
    }
    s.stats.paras_scattered++;
    task.stage = 'direction';
    return;
  }
  const to = scatterTarget(h, die);
  if (ws.trace !== undefined)
    tell(s, ws, 'german', 'K15.4', `${u.name} scatters (direction ${die}) to ${sq(to)}`, [die]);
  if (to < 0) {
    if (s.rules.sea === 'sea-reroll') return; // roll the direction again
    s.stack.pop();
    if (s.rules.sea === 'sea-stays') come(s, ws, task.u, h, h);
    else {
      s.stats.paras_drowned++;
      if (!s.rules.drownedScores) s.drownedCf += u.cf;
      u.landed = s.turn;
      kill(s, ws, task.u, s.rules.drownedScores);
    }
    return;
  }
  s.stack.pop();
  come(s, ws, task.u, to, h);
}

/** A para comes down over square `to` (intended `h`): lands, attacks (K15.5) or is displaced (V-OVER). */
function come(s: CreteState, ws: CreteWorkspace, ui: number, to: number, h: number): void {
  occupancy(s, ws);
  const u = s.units[ui]!;
  u.landed = s.turn;
  if (ws.bri[to]! > 0) {
    s.stats.paras_scattered_onto_enemy++;
    u.loc = LIMBO;
    u.to = to;
    if (s.rules.scatterAttack === 'scatter-attack-at-once') forcedAttack(s, ws, [ui], to);
    return;
  }
  if (ws.ger[to]! >= s.rules.stack) {
    if (s.rules.over === 'overstack-eliminated') {
      kill(s, ws, ui);
      return;
    }
    if (s.rules.over === 'overstack-stays' && ws.ger[h]! < s.rules.stack && ws.bri[h] === 0) {
      place(s, ui, h);
      return;
    }
    u.loc = LIMBO;
    u.to = to;
    s.stack.push({ t: 'overstack', u: ui, from: to });
    return;
  }
  place(s, ui, to);
}

function place(s: CreteState, ui: number, h: number): void {
  const u = s.units[ui]!;
  u.loc = h;
  u.to = -1;
  u.xTurn = MAP.exitTo[h]! >= 0 ? s.turn : 0;
}

/** K15.5: the forced all-out attack, no air, of the paras over enemy square `h`. */
export function forcedAttack(s: CreteState, ws: CreteWorkspace, paras: number[], h: number): void {
  let a = 0;
  for (const i of paras) a += s.units[i]!.cf;
  const defenders: number[] = [];
  let d = 0;
  s.units.forEach((u, i) => {
    if (u.loc === h && u.side === 'british') {
      defenders.push(i);
      d += u.cf;
    }
  });
  if (MAP.terrain[h] === 1 || MAP.terrain[h] === 2) d *= 2;
  const b: Battle = {
    side: 'german',
    attackers: paras,
    squares: [h],
    def: h,
    defenders,
    table: 'all-out',
    depth: 0,
    scatter: true,
    column: Math.max(0, usedColumn(s.rules, a, d)),
  };
  fight(s, ws, b);
}

/** V-OVER overstack-displace: the nearest legal squares to the full one (the German chooses). */
export function overstackOptions(
  s: CreteState,
  ws: CreteWorkspace,
  task: CreteTask & { t: 'overstack' },
): UnitTo[] {
  occupancy(s, ws);
  let best = Number.POSITIVE_INFINITY;
  let out: number[] = [];
  for (const h of MAP.byBoard[MAP.board[task.from]!]!) {
    if (ws.bri[h]! > 0 || ws.ger[h]! >= s.rules.stack) continue;
    const c = MAP.cube[h]!;
    const f = MAP.cube[task.from]!;
    const dx = c.x - f.x;
    const dz = c.z - f.z;
    const d = (Math.abs(dx) + Math.abs(dz) + Math.abs(dx + dz)) / 2;
    if (d < best) {
      best = d;
      out = [h];
    } else if (d === best) out.push(h);
  }
  return out.map((to) => unitTo(task.u, to));
}

export function applyOverstack(s: CreteState, o: UnitTo): void {
  s.stack.pop();
  place(s, o.u, o.to);
}

/**
 * After a forced attack (K15.5): a surviving para lands on the square if the enemy is gone; else,
 * by the C-47 reading, it retreats from it (scatter-fail-retreats) or is destroyed
 * (scatter-fail-destroyed).
 */
export function afterScatter(
  s: CreteState,
  ws: CreteWorkspace,
  task: CreteTask & { t: 'after-scatter' },
): void {
  s.stack.pop();
  const b = task.battle;
  occupancy(s, ws);
  const survivors = b.attackers.filter((i) => s.units[i]!.loc === LIMBO);
  if (survivors.length === 0) return;
  if (ws.bri[b.def] === 0) {
    s.stats.scatter_attacks_won++;
    for (const i of survivors) place(s, i, b.def);
    return;
  }
  if (s.rules.scatterFail === 'scatter-fail-destroyed') {
    for (const i of survivors) kill(s, ws, i);
    tell(
      s,
      ws,
      'german',
      'K15.5',
      `${survivors.length} para(s) over ${sq(b.def)} destroyed (scatter-fail-destroyed)`,
    );
    return;
  }
  s.stack.push({ t: 'retreat', units: survivors, away: [b.def], step: 0, i: 0 });
}

/** V-SCATATK scatter-attack-together: after the drops, the paras over each enemy square attack it together. */
export function scatterAttacks(s: CreteState, ws: CreteWorkspace): void {
  s.stack.pop();
  const by = new Map<number, number[]>();
  s.units.forEach((u, i) => {
    if (u.loc === LIMBO && u.kind === 'para') by.set(u.to, [...(by.get(u.to) ?? []), i]);
  });
  for (const [h, paras] of [...by.entries()].reverse()) forcedAttack(s, ws, paras, h);
}
