/** Merkur 5.3, reinforcements by air: airfield and non-field landings from the air-landing queue. */
import { expectKind, type TaskOf } from '../../core/kernel.js';
import { d6Node, roll } from './chance.js';
import {
  type AirLandOption,
  type AirUnitOption,
  asksNothing,
  dec,
  type MerkurDecision,
  type MerkurTaskKind,
} from './decisions.js';
import { MAP } from './map.js';
import { landingModifier, landingReduced } from './paradrop.js';
import { GER, isDay, type MerkurState, type Task } from './state.js';
import { controlledBy, room } from './units.js';

/** 5.3: air-landings, by day (V airlanding-any-turn: any turn), while the queue holds units. */
export function startAirLanding(s: MerkurState): void {
  if ((isDay(s.turn) || s.rules.v['airlanding-any-turn']) && s.airQueue < s.airQueueIds.length)
    s.stack.push({ t: 'air-landing', used: [], nonfield: false });
}

function airLandingStep(s: MerkurState, task: TaskOf<Task, 'air-landing'>): MerkurDecision | null {
  if (s.airQueue >= s.airQueueIds.length) {
    s.stack.pop();
    return null;
  }
  const used = task.used;
  const opts: AirLandOption[] = [{ type: 'no-landing' }];
  for (const z of MAP.airfields)
    if (!used.includes(z) && controlledBy(s, z, GER) && room(s, z, GER) > 0)
      opts.push({ type: 'airfield', zone: z });
  if (!task.nonfield)
    for (let z = 0; z < MAP.count; z++)
      if (MAP.terrain[z] === 'plaine' && controlledBy(s, z, GER) && room(s, z, GER) > 0 && !MAP.airfield[z])
        opts.push({ type: 'nonfield', zone: z });
  if (opts.length === 1) {
    s.stack.pop();
    return null;
  }
  return dec('air-landing', GER, 'Merkur 5.3', opts);
}

/** 5.3: the next unit of the air-landing queue lands in `zone` (a non-field landing takes a glider test, no -1). */
function airLandNext(s: MerkurState, zone: number, nonfield: boolean): void {
  const ui = s.airQueueIds[s.airQueue++]!;
  const u = s.units[ui]!;
  u.zone = zone;
  u.status = 'map';
  s.stats.air_landed_units++;
  if (s.firstAirLanding < 0) s.firstAirLanding = s.turn;
  if (!nonfield) return;
  s.stats.nonfield_landings++;
  s.stats.landing_tests++;
  s.stack.push({ t: 'nonfield-test', unit: ui, zone });
}

const GLIDER_DIE = d6Node('Merkur 5.3', 'non-field landing test die');

/** 5.3 with 5.2: die `die` of the glider test of a unit landed away from an airfield (reduced on die + m >= 6). */
function nonfieldDie(s: MerkurState, task: TaskOf<Task, 'nonfield-test'>, die: number): void {
  s.stack.pop();
  if (landingReduced(die, landingModifier(s, task.zone, true))) {
    s.units[task.unit]!.reduced = true;
    s.stats.nonfield_reduced++;
    s.stats.landing_reduced++;
    s.stats.german_steps_lost++;
  }
}

/** 5.3: the glider test of a non-field landing. */
export const nonfieldTestTask: MerkurTaskKind<'nonfield-test'> = {
  step: (s, ws, task) =>
    roll(
      ws,
      'landing',
      'd6',
      () => GLIDER_DIE,
      (k) => nonfieldDie(s, task, k + 1),
    ),
  outcome: (s, _ws, task, _node, k) => nonfieldDie(s, task, k + 1),
  answer: asksNothing,
};

/** 5.3: the air-landing answer: an airfield, a plaine zone (one unit, a glider test), or none. */
function answerAirLanding(s: MerkurState, t: TaskOf<Task, 'air-landing'>, o: AirLandOption): void {
  if (o.type === 'no-landing') {
    s.stack.pop();
    return;
  }
  const cap = o.type === 'airfield' ? Math.min(s.rules.airLandingPerTurn, room(s, o.zone, GER)) : 1;
  if (o.type === 'airfield') t.used.push(o.zone);
  else t.nonfield = true;
  // V-QUEUEFREE queue-free: the German picks each unit (13.1 is missing)
  if (s.rules.v['queue-free']) {
    s.stack.push({ t: 'air-pick', zone: o.zone, left: cap, nonfield: o.type === 'nonfield' });
    return;
  }
  for (let k = 0; k < cap && s.airQueue < s.airQueueIds.length; k++)
    airLandNext(s, o.zone, o.type === 'nonfield');
}

/** 5.3: where the next units of the queue land, or none. */
export const airLandingTask: MerkurTaskKind<'air-landing'> = {
  step: (s, _ws, task) => airLandingStep(s, task),
  answer(s, _ws, task, d, choice) {
    expectKind('Merkur', task.t, d, 'air-landing');
    answerAirLanding(s, task, d.options[choice]!);
  },
};

/** 5.3, 13.1 (missing; V queue-free): the German picks the next unit of the air-landing queue. */
function airPickStep(s: MerkurState, task: TaskOf<Task, 'air-pick'>): MerkurDecision | null {
  if (task.left > 0 && s.airQueue < s.airQueueIds.length) {
    const seen = new Set<string>();
    const opts: AirUnitOption[] = [];
    for (let k = s.airQueue; k < s.airQueueIds.length; k++) {
      const u = s.units[s.airQueueIds[k]!]!;
      const key = `${u.type}:${u.a}:${u.d}:${u.art}:${u.id === 'Ringel' ? 'R' : ''}`;
      if (seen.has(key)) continue; // identical units: one option
      seen.add(key);
      opts.push({ type: 'air-unit', unit: s.airQueueIds[k]! });
    }
    return dec('air-landing-unit', GER, 'Merkur 5.3, 13.1', opts);
  }
  s.stack.pop();
  return null;
}

/** 5.3, 13.1 (V queue-free): the unit of the queue that lands next. */
export const airPickTask: MerkurTaskKind<'air-pick'> = {
  step: (s, _ws, task) => airPickStep(s, task),
  answer(s, _ws, task, d, choice) {
    expectKind('Merkur', task.t, d, 'air-landing-unit');
    const unit = d.options[choice]!.unit;
    const q = s.airQueueIds;
    const at = q.indexOf(unit, s.airQueue);
    q[at] = q[s.airQueue]!;
    q[s.airQueue] = unit;
    airLandNext(s, task.zone, task.nonfield);
    task.left--;
  },
};
