/**
 * Merkur 5.2, paradrops and gliders: the turn's drop zones (12.0 in solitaire), the landing tests
 * with their initiative re-roll (3.1 a), dispersion (3.2), then combat on landing zone by zone.
 */
import type { ChanceNode } from '../../core/game.js';
import { expectKind, type TaskOf } from '../../core/kernel.js';
import { d6Node, roll } from './chance.js';
import type { CombatSpec } from './combat.js';
import { merkurData } from './data.js';
import {
  type DropOption,
  dec,
  type InitiativeOption,
  type MerkurDecision,
  type MerkurTaskKind,
} from './decisions.js';
import { canUseInitiative, useInitiative } from './initiative.js';
import { landingTerrain, MAP } from './map.js';
import { queueRegroup } from './regroup.js';
import { CW, GER, type MerkurState, type Task } from './state.js';
import { countIn, occupancy, unitIndex } from './units.js';
import type { MerkurWorkspace } from './workspace.js';

/** 5.2, 12.0: the turn's paradrops and glider landings: drop zones, (solitaire placement,) landing tests. */
export function startDrops(s: MerkurState): void {
  const arrivals = merkurData.arrivals.filter((a) => a.turn === s.turn);
  const units: number[] = [];
  for (const a of arrivals) for (const x of a.drops) units.push(unitIndex(s, x.unit));
  const solo = s.rules.solitaire && (s.turn === 1 || s.turn === 2);
  if (units.length === 0 && !solo) return;
  // V-SOLOTEST: the landing tests after the CW placement (default) or before it
  const testFirst = solo && s.rules.v['test-at-placement'];
  if (testFirst) s.stack.push({ t: 'solo-place', zones: [] });
  s.stack.push({ t: 'landing', units: [], zones: [], i: 0, rerolled: false });
  if (solo && !testFirst) s.stack.push({ t: 'solo-place', zones: [] });
  s.stack.push({ t: 'drop', units, i: 0, zones: [] });
  // 3.2 (M-19): in solitaire the German gives the 4 glider markers to units of the Sturm Regiment
  if (s.rules.solitaire && s.turn === 1) s.stack.push({ t: 'gliders' });
}

/** 5.2 (M-27, M-64): the landing-test modifier for a unit landing in zone `z`. */
export function landingModifier(s: MerkurState, z: number, glider: boolean): number {
  let m = landingTerrain(z);
  const enemies = countIn(s, z, CW);
  if (enemies > 0) m += enemies <= 2 ? 1 : enemies <= 4 ? 2 : 3;
  if (!s.rules.solitaire && !glider) m -= 1;
  if (s.rules.solitaire && MAP.adj[z]!.some((y) => countIn(s, y, CW) > 0)) m += 1;
  return m;
}

/** 5.2: reduced when d6 + m >= 6. */
export function landingReduced(die: number, m: number): boolean {
  return die + m >= 6;
}

/** 5.2, 12.0: the drop zone of each unit arriving by parachute or glider this turn. */
function dropStep(
  s: MerkurState,
  ws: MerkurWorkspace,
  task: TaskOf<Task, 'drop'>,
): MerkurDecision | ChanceNode | null {
  const zones = task.zones;
  while (task.i < task.units.length) {
    const ui = task.units[task.i]!;
    const arrival = merkurData.arrivals.find(
      (a) => a.turn === s.turn && a.drops.some((x) => x.unit === s.units[ui]!.id),
    )!;
    const hist = arrival.drops.find((x) => x.unit === s.units[ui]!.id)!;
    const fixed = s.rules.v['drops-historical'] && !s.rules.solitaire;
    if (fixed) {
      const k =
        s.turn === 1
          ? merkurData.arrivals
              .filter((a) => a.turn === 1)
              .flatMap((a) => a.drops)
              .findIndex((x) => x.unit === hist.unit)
          : -1;
      zones.push(fixedDropZone(s, k >= 0 ? s.rules.dropZones[k]! : MAP.index.get(hist.zone)!, zones));
      task.i++;
      continue;
    }
    const opts: DropOption[] = [];
    const occ = occupancy(s, ws.occ);
    for (let z = 0; z < MAP.count; z++) {
      const onMap = MAP.map[z] === arrival.map;
      const strat =
        s.rules.v['drops-strategic'] &&
        MAP.strategic[z] &&
        MAP.adj[z]!.some((y) => MAP.map[y] === arrival.map);
      if (!onMap && !strat) continue;
      let planned = 0;
      for (let k = 0; k < zones.length; k++) if (zones[k] === z) planned++;
      if (!MAP.strategic[z] && occ.g[z]! + planned >= 6) continue;
      opts.push({ type: 'drop', unit: ui, zone: z });
    }
    return dec('landing-zone', GER, 'Merkur 5.2, 12.0', opts);
  }
  s.stack.pop();
  // hand the choices to the landing task under it (and the solitaire placement)
  for (const below of s.stack) {
    if (below.t === 'landing') {
      below.units = task.units.slice();
      below.zones = zones.slice();
    } else if (below.t === 'solo-place') below.zones = zones.slice();
  }
  return null;
}

/**
 * V drops-historical: the data's drop zone, or, when 5.1 leaves no room there (units already
 * landed, earlier drops of the turn), the nearest zone of the same map with room (lowest index).
 */
function fixedDropZone(s: MerkurState, z: number, planned: readonly number[]): number {
  const free = (y: number) =>
    MAP.strategic[y] || countIn(s, y, GER) + planned.filter((x) => x === y).length < 6;
  if (free(z)) return z;
  let best = -1;
  for (let y = 0; y < MAP.count; y++)
    if (MAP.map[y] === MAP.map[z] && free(y) && (best < 0 || MAP.dist[z]![y]! < MAP.dist[z]![best]!))
      best = y;
  return best >= 0 ? best : z;
}

export function landingStep(
  s: MerkurState,
  ws: MerkurWorkspace,
  task: TaskOf<Task, 'landing'>,
): MerkurDecision | ChanceNode | null {
  const zones = task.zones;
  while (task.i < task.units.length) {
    // 3.1 a: the German may re-roll a landing test with the initiative
    if (task.test === 'ask')
      return dec('initiative', GER, 'Merkur 3.1, 5.2', [{ type: 'keep' }, { type: 'reroll' }]);
    const u = s.units[task.units[task.i]!]!;
    if (u.status !== 'map') {
      u.zone = zones[task.i]!;
      u.status = 'map';
    }
    const p = roll(
      ws,
      'landing',
      'd6',
      () => LANDING_DIE,
      (k) => landingDie(s, task, k + 1),
    );
    if (p !== null) return p;
  }
  // 5.2: combat on landing, once all tests are done, zone by zone in the order of the drops; each
  // combat's losses are carried out (the losing side choosing, docs/games/merkur.md "Decisions") before the
  // next combat's dice. Each is a combat task (`combatStep`): the sides name the lead units and
  // supporters (G6, G7, C5, V-LEADDEF) and the attacker may re-roll it with the initiative (3.1 a)
  let k = task.k ?? 0;
  while (k < task.units.length) {
    const z = zones[k]!;
    k++;
    if (zones.indexOf(z) < k - 1) continue;
    const att = task.units.filter(
      (i, j) =>
        zones[j] === z && s.units[i]!.status === 'map' && s.units[i]!.zone === z && s.units[i]!.type !== 'em',
    );
    if (att.length === 0 || countIn(s, z, CW) === 0) continue;
    task.k = k;
    const spec: CombatSpec = { kind: 'landing', side: GER, attackers: att, zone: z, from: z };
    s.stack.push({ t: 'combat', spec, vals: null, x: 0, y: 0, rerolled: false, stage: 0 });
    return null;
  }
  s.stack.pop();
  queueRegroup(s);
  return null;
}

function applyLanding(s: MerkurState, ui: number, reduced: boolean): void {
  const u = s.units[ui]!;
  if (reduced) {
    s.stats.landing_reduced++;
    if (u.glider) s.stats.glider_reduced++;
    if (!u.reduced) {
      u.reduced = true;
      s.stats.german_steps_lost++;
    }
  }
  if (!u.glider) {
    u.dispersed = true;
    u.dispersedTurn = s.turn;
    s.stats.paras_dispersed++;
  }
}

/** 5.2 with 3.1 a: the landing test kept, or re-rolled with the initiative. */
function answerLandingInitiative(
  s: MerkurState,
  task: TaskOf<Task, 'landing'>,
  type: InitiativeOption['type'],
): void {
  if (type === 'reroll') {
    useInitiative(s, GER);
    s.stats.landing_tests++;
    task.test = 'retest';
    return;
  }
  delete task.test;
  applyLanding(s, task.units[task.i]!, true);
  task.rerolled = false;
  task.i++;
}

const LANDING_DIE = d6Node('Merkur 5.2', 'landing test die');

/**
 * 5.2: die `die` of unit i's landing test: reduced when die + modifier >= 6 (a failed first test
 * may wait for the initiative question, 3.1 a); a re-rolled test stands.
 */
function landingDie(s: MerkurState, task: TaskOf<Task, 'landing'>, die: number): void {
  const ui = task.units[task.i]!;
  const reduced = landingReduced(die, landingModifier(s, task.zones[task.i]!, s.units[ui]!.glider));
  if (task.test === 'retest') delete task.test;
  else {
    s.stats.landing_tests++;
    if (reduced && !task.rerolled && canUseInitiative(s, GER)) {
      task.rerolled = true;
      task.test = 'ask';
      return;
    }
  }
  applyLanding(s, ui, reduced);
  task.rerolled = false;
  task.i++;
}

/** 5.2, 12.0: the drop zone of each arriving unit. */
export const dropTask: MerkurTaskKind<'drop'> = {
  step: dropStep,
  answer(_s, _ws, task, d, choice) {
    expectKind('Merkur', task.t, d, 'landing-zone');
    task.zones.push(d.options[choice]!.zone);
    task.i++;
  },
};

/** 5.2: the landing tests (3.1 a: the German may re-roll one), then combat on landing. */
export const landingTask: MerkurTaskKind<'landing'> = {
  step: landingStep,
  outcome: (s, _ws, task, _node, k) => landingDie(s, task, k + 1),
  answer(s, _ws, task, d, choice) {
    expectKind('Merkur', task.t, d, 'initiative');
    answerLandingInitiative(s, task, d.options[choice]!.type);
  },
};
