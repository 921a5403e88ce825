// Ridge Line, rules 4 to 7: the turn, movement, combat and victory, written as a turn machine on
// sandtable's kernel. The state is plain data (it is cloned, hashed and saved as JSON); everything
// random is drawn from the game's named streams; every question to a player is a decision.
import { readFileSync } from 'node:fs';
import {
  answerMachine,
  battleColumn,
  diceCounts,
  expectKind,
  note,
  parseCsvTable,
  roll,
  runMachine,
  turnMachine,
  unreachable,
} from 'sandtable';
import { GRID, inCover, TOWN_HEXES, terrain } from './map.mjs';

/** Rule 6.2: the combat results table, the designer's own file (sandtable odds --table crt.csv). */
export const CRT = parseCsvTable(readFileSync(new URL('./crt.csv', import.meta.url), 'utf8'), 'crt.csv');

/** @typedef {'red' | 'blue'} Side */
/** A counter: its strength, and its hex index (-1 once eliminated). @typedef {{ id: string, side: Side, str: number, hex: number }} Unit */
/**
 * The tasks of the turn (the kernel runs the one on top of the stack):
 * @typedef {{ t: 'move', side: Side, next: number }
 *   | { t: 'attack', side: Side, next: number }
 *   | { t: 'battle', attacker: string, defender: string, col: number,
 *       stage: 'roll' | 'retreat-defender' | 'retreat-attacker' | 'advance' | 'done',
 *       defenderRetreats: boolean, attackerRetreats: boolean, vacated: number }} Task
 */
/**
 * The decisions, one member per kind, each with its own options:
 * @typedef {{ kind: 'move', side: Side, rule: string, unit: string, options: { to: string }[] }
 *   | { kind: 'attack', side: Side, rule: string, unit: string, options: { target: string | null, column: string }[] }
 *   | { kind: 'retreat', side: Side, rule: string, unit: string, options: { to: string }[] }
 *   | { kind: 'advance', side: Side, rule: string, unit: string, options: { advance: boolean, to: string }[] }} RidgeDecision
 */
/**
 * @typedef {import('sandtable').GameStateBase & import('sandtable').MachineState<Task, RidgeDecision> & {
 *   turns: number, cover: number, zoc: boolean, turn: number, phase: number, units: Unit[],
 *   towns: Side[], attacked: string[], battles: number, over: boolean }} State
 */
/** @typedef {import('sandtable').Workspace} Workspace */

export const DECISION_KINDS = /** @type {const} */ (['move', 'attack', 'retreat', 'advance']);
const PHASES = ['Red movement', 'Red combat', 'Blue movement', 'Blue combat'];

/** @param {Side} side @returns {Side} */
export const enemyOf = (side) => (side === 'red' ? 'blue' : 'red');
/** @param {State} s @param {number} h */
export const unitAt = (s, h) => s.units.find((u) => u.hex === h);
/** @param {State} s @param {Side} side */
export const alive = (s, side) => s.units.filter((u) => u.side === side && u.hex >= 0);
/** @param {State} s @param {string} id @returns {Unit} */
export function unitById(s, id) {
  const u = s.units.find((x) => x.id === id);
  if (u === undefined) throw new Error(`ridge: no unit ${id}`);
  return u;
}
/** Whether hex `h` is next to a unit of `side`'s enemy. @param {State} s @param {number} h @param {Side} side */
export const nextToEnemy = (s, h, side) =>
  GRID.neighbours[h].some((n) => {
    const o = unitAt(s, n);
    return o !== undefined && o.side !== side;
  });

/** Rule 5.4: a unit entering a town takes it for its side. @param {State} s @param {Unit} u @param {number} h */
function enter(s, u, h) {
  u.hex = h;
  const t = TOWN_HEXES.indexOf(h);
  if (t >= 0) s.towns[t] = u.side;
}

/**
 * Rule 5: where a unit may move, its own hex first. Two hexes a turn; no hex holding a unit
 * (5.2); entering woods ends the move (5.1), and with zones of control (5.3, variant zoc) so does
 * entering a hex next to an enemy.
 * @param {State} s @param {Unit} u @returns {number[]}
 */
export function destinations(s, u) {
  const out = [];
  const seen = new Set([u.hex]);
  let frontier = [u.hex];
  for (let step = 0; step < 2; step++) {
    const next = [];
    for (const h of frontier) {
      if (h !== u.hex && (terrain(h) === 'woods' || (s.zoc && nextToEnemy(s, h, u.side)))) continue;
      for (const n of GRID.neighbours[h]) {
        if (seen.has(n) || unitAt(s, n) !== undefined) continue;
        seen.add(n);
        out.push(n);
        next.push(n);
      }
    }
    frontier = next;
  }
  return [u.hex, ...out.sort((a, b) => a - b)];
}

/**
 * Rule 6.1: the column of a battle: the ratio of the strengths, rounded in the defender's favour,
 * shifted left `cover` columns when the defender is in woods or a town. @param {State} s
 * @param {Unit} a @param {Unit} d @returns {number}
 */
export function columnOf(s, a, d) {
  const base = battleColumn(CRT, a.str, d.str).index;
  return Math.max(0, base - (inCover(d.hex) ? s.cover : 0));
}

/** Rule 6.3: where a unit may retreat: an empty neighbour not next to an enemy. @param {State} s @param {Unit} u */
export const retreats = (s, u) =>
  GRID.neighbours[u.hex].filter((n) => unitAt(s, n) === undefined && !nextToEnemy(s, n, u.side));

/** Eliminates a unit (rule 6.2: a loss of its whole strength). @param {Unit} u */
function eliminate(u) {
  u.str = 0;
  u.hex = -1;
}

/**
 * Rule 6.2: carries out die total `total` of the battle on top of the stack: the result of the
 * table's cell, the losses its legend gives each side, and which sides must retreat. The one
 * "apply outcome" for a sampled roll and an explicit chance outcome alike.
 * @param {State} s @param {Workspace} ws @param {Extract<Task, { t: 'battle' }>} task @param {number} total
 */
function resolve(s, ws, task, total) {
  const row = CRT.rows.findIndex(([from, to]) => total >= from && total <= to);
  const code = CRT.cells[row][task.col];
  const result = CRT.results.find((r) => r.code === code);
  if (result === undefined) throw new Error(`ridge: result ${code} has no legend`);
  const a = unitById(s, task.attacker);
  const d = unitById(s, task.defender);
  const from = d.hex;
  for (const [u, effect] of /** @type {const} */ ([
    [a, result.attacker],
    [d, result.defender],
  ])) {
    const loss = effect?.loss;
    if (loss === undefined) continue;
    u.str = loss === 'all' ? 0 : u.str - loss;
    if (u.str <= 0) eliminate(u);
  }
  s.battles++;
  task.defenderRetreats = d.hex >= 0 && (result.defender?.retreat ?? 0) > 0;
  task.attackerRetreats = a.hex >= 0 && (result.attacker?.retreat ?? 0) > 0;
  task.vacated = d.hex < 0 ? from : -1;
  task.stage = 'retreat-defender';
  note(ws.trace, {
    turn: s.turn,
    phase: PHASES[s.phase],
    side: a.side,
    rule: 'RIDGE 6.2',
    text: `${a.id} (${a.str}) attacks ${d.id} in ${GRID.ids[from]} at ${CRT.columns[task.col]}: roll ${total}, ${code} (${result.description})`,
    dice: [total],
  });
}

/** @type {import('sandtable').TurnMachine<State, Workspace, Task, RidgeDecision>} */
const RULES = {
  game: 'ridge',
  over: (s) => s.over,
  /** Rule 4: each turn Red moves, Red attacks, Blue moves, Blue attacks; the game ends after the last turn (7.1), or when a side has no units left (7.2). */
  nextPhase(s) {
    if (alive(s, 'red').length === 0 || alive(s, 'blue').length === 0) {
      s.over = true;
      return;
    }
    if (s.turn === 0 || s.phase === 3) {
      if (s.turn === s.turns) {
        s.over = true;
        return;
      }
      s.turn++;
      s.phase = 0;
    } else {
      s.phase++;
    }
    const side = s.phase < 2 ? 'red' : 'blue';
    s.attacked = [];
    s.stack.push(s.phase % 2 === 0 ? { t: 'move', side, next: 0 } : { t: 'attack', side, next: 0 });
  },
  tasks: {
    move: {
      /** Rule 5: each unit of the side in turn, in counter order, chooses where to move. */
      step(s, _ws, task) {
        for (; task.next < s.units.length; task.next++) {
          const u = s.units[task.next];
          if (u.side !== task.side || u.hex < 0) continue;
          const to = destinations(s, u).map((h) => ({ to: GRID.ids[h] }));
          return { kind: 'move', side: task.side, rule: 'RIDGE 5', unit: u.id, options: to };
        }
        s.stack.pop();
        return null;
      },
      answer(s, _ws, task, d, choice) {
        expectKind('ridge', 'move', d, 'move');
        enter(s, unitById(s, d.unit), GRID.index(d.options[choice].to));
        task.next++;
      },
    },
    attack: {
      /** Rule 6: each unit of the side next to an enemy may attack one of them, or not. */
      step(s, _ws, task) {
        for (; task.next < s.units.length; task.next++) {
          const u = s.units[task.next];
          if (u.side !== task.side || u.hex < 0 || s.attacked.includes(u.id)) continue;
          const targets = GRID.neighbours[u.hex]
            .map((n) => unitAt(s, n))
            .filter(/** @returns {o is Unit} */ (o) => o !== undefined && o.side !== u.side);
          if (targets.length === 0) continue;
          const options = [
            { target: null, column: '' },
            ...targets.map((o) => ({ target: o.id, column: CRT.columns[columnOf(s, u, o)] })),
          ];
          return { kind: 'attack', side: task.side, rule: 'RIDGE 6', unit: u.id, options };
        }
        s.stack.pop();
        return null;
      },
      answer(s, _ws, task, d, choice) {
        expectKind('ridge', 'attack', d, 'attack');
        task.next++;
        const target = d.options[choice].target;
        if (target === null) return;
        s.attacked.push(d.unit);
        const col = columnOf(s, unitById(s, d.unit), unitById(s, target));
        s.stack.push({
          t: 'battle',
          attacker: d.unit,
          defender: target,
          col,
          stage: 'roll',
          defenderRetreats: false,
          attackerRetreats: false,
          vacated: -1,
        });
      },
    },
    battle: {
      /** Rule 6.2 to 6.4: the roll, the defender's retreat, the attacker's, the advance. */
      step(s, ws, task) {
        switch (task.stage) {
          case 'roll': {
            const { count, sides } = CRT.dice;
            if (ws.explicitChance) {
              const { ways, outOf } = diceCounts(count, sides);
              const outcomes = [];
              for (let t = count; t <= count * sides; t++)
                outcomes.push({ label: `${t}`, p: ways[t] / outOf });
              return { kind: 'chance', side: 'chance', rule: 'RIDGE 6.2', what: 'combat die', outcomes };
            }
            let total = 0;
            for (let i = 0; i < count; i++) total += roll(ws.streams.stream('combat'), sides);
            resolve(s, ws, task, total);
            return null;
          }
          case 'retreat-defender':
          case 'retreat-attacker': {
            const defender = task.stage === 'retreat-defender';
            const must = defender ? task.defenderRetreats : task.attackerRetreats;
            task.stage = defender ? 'retreat-attacker' : 'advance';
            if (!must) return null;
            const u = unitById(s, defender ? task.defender : task.attacker);
            const to = retreats(s, u);
            if (to.length === 0) {
              // rule 6.3: a unit that cannot retreat is eliminated
              if (defender) task.vacated = u.hex;
              eliminate(u);
              return null;
            }
            if (defender) task.vacated = u.hex;
            task.stage = defender ? 'retreat-defender' : 'retreat-attacker';
            return {
              kind: 'retreat',
              side: u.side,
              rule: 'RIDGE 6.3',
              unit: u.id,
              options: to.map((h) => ({ to: GRID.ids[h] })),
            };
          }
          case 'advance': {
            task.stage = 'done';
            const a = unitById(s, task.attacker);
            if (
              task.vacated < 0 ||
              a.hex < 0 ||
              task.attackerRetreats ||
              unitAt(s, task.vacated) !== undefined
            )
              return null;
            return {
              kind: 'advance',
              side: a.side,
              rule: 'RIDGE 6.4',
              unit: a.id,
              options: [
                { advance: false, to: GRID.ids[a.hex] },
                { advance: true, to: GRID.ids[task.vacated] },
              ],
            };
          }
          case 'done':
            s.stack.pop();
            return null;
          default:
            return unreachable(task.stage);
        }
      },
      answer(s, _ws, task, d, choice) {
        expectKind('ridge', 'battle', d, 'retreat', 'advance');
        const u = unitById(s, d.unit);
        if (d.kind === 'retreat') {
          enter(s, u, GRID.index(d.options[choice].to));
          task.stage = task.stage === 'retreat-defender' ? 'retreat-attacker' : 'advance';
        } else if (d.options[choice].advance) {
          enter(s, u, GRID.index(d.options[choice].to));
        }
      },
      outcome(s, ws, task, _node, k) {
        resolve(s, ws, task, CRT.dice.count + k);
      },
    },
  },
  narrate(s, ws, d, choice, source) {
    /** @type {string} */
    let what;
    switch (d.kind) {
      case 'move':
      case 'retreat':
        what = `${d.kind === 'retreat' ? 'retreats' : 'moves'} to ${d.options[choice].to}`;
        break;
      case 'attack': {
        const o = d.options[choice];
        what = o.target === null ? 'does not attack' : `attacks ${o.target} at ${o.column}`;
        break;
      }
      case 'advance':
        what = d.options[choice].advance ? `advances to ${d.options[choice].to}` : 'stays';
        break;
      default:
        return unreachable(d);
    }
    note(ws.trace, {
      turn: s.turn,
      phase: PHASES[s.phase],
      side: d.side,
      rule: d.rule,
      text: `${d.unit} ${what}${source === 'asked' ? '' : ` (${source})`}`,
      decision: { kind: d.kind, choice, of: d.options.length },
    });
  },
};

export const MACHINE = turnMachine(RULES);
/** @param {State} s @param {Workspace} ws */
export const advance = (s, ws) => runMachine(MACHINE, s, ws);
/** @param {State} s @param {Workspace} ws @param {import('sandtable').Pending<RidgeDecision>} p @param {number} choice */
export const apply = (s, ws, p, choice) => answerMachine(MACHINE, s, ws, p, choice);

/** Rule 7: Red wins holding `need` towns at the end, or when Blue has no units left. @param {State} s @param {number} need */
export function redWins(s, need) {
  if (alive(s, 'red').length === 0) return false;
  if (alive(s, 'blue').length === 0) return true;
  return s.towns.filter((t) => t === 'red').length >= need;
}

/** Rule checks on a state: one unit a hex, strengths positive, towns owned by a side. @param {State} s */
export function invariants(s) {
  const bad = [];
  const seen = new Set();
  for (const u of s.units) {
    if (u.hex < 0) continue;
    if (u.hex >= GRID.size) bad.push(`${u.id} off the map`);
    if (seen.has(u.hex)) bad.push(`two units in ${GRID.ids[u.hex]}`);
    seen.add(u.hex);
    if (!(u.str > 0)) bad.push(`${u.id} on the map with strength ${u.str}`);
  }
  for (const t of s.towns) if (t !== 'red' && t !== 'blue') bad.push(`a town owned by ${t}`);
  return bad;
}
