/** Merkur 9.0, para regrouping: every fourth para eliminated, one returns and three retire. */
import { expectKind, type TaskOf } from '../../core/kernel.js';
import { dec, type MerkurTaskKind } from './decisions.js';
import { MAP } from './map.js';
import { GER, type MerkurState, type Task } from './state.js';
import { room, unitsIn } from './units.js';

/** 9.0: each fourth para loss triggers a regrouping. */
export function queueRegroup(s: MerkurState): void {
  if (s.paraLosses.length >= 4 && !s.stack.some((t) => t.t === 'regroup'))
    s.stack.push({ t: 'regroup', units: s.paraLosses.slice(0, 4) });
}

/** 9.0: the zone a regrouped para returns to: its regiment's, an EM's, or the most paras'. */
export function regroupZone(s: MerkurState, ui: number): number {
  const u = s.units[ui]!;
  let best = -1;
  let key = -1;
  for (let z = 0; z < MAP.count; z++) {
    const here = unitsIn(s, z, GER);
    if (here.length === 0 || room(s, z, GER) <= 0) continue;
    const regt = here.some((i) => s.units[i]!.group === u.group && s.units[i]!.type === 'para');
    const em = here.some((i) => s.units[i]!.type === 'em');
    const paras = here.filter((i) => s.units[i]!.type === 'para').length;
    const k = (regt ? 1000 : 0) + (em ? 100 : 0) + paras;
    if (k > key) {
      key = k;
      best = z;
    }
  }
  return best;
}

/** 9.0: the para named returns (to `regroupZone`), the other three retire. */
function answerRegroup(s: MerkurState, t: TaskOf<Task, 'regroup'>, back: number): void {
  s.stack.pop();
  s.paraLosses.splice(0, 4);
  for (const i of t.units) {
    const u = s.units[i]!;
    if (i === back) {
      const z = regroupZone(s, i);
      if (z >= 0) {
        u.status = 'map';
        u.zone = z;
        u.reduced = s.rules.v['regroup-reduced'] === true;
        u.dispersed = false;
        s.stats.paras_regrouped++;
        continue;
      }
    }
    u.status = 'retired';
    s.stats.paras_retired++;
  }
}

/** 9.0: which of the four paras returns. */
export const regroupTask: MerkurTaskKind<'regroup'> = {
  step(s, _ws, task) {
    if (task.units.length > 0)
      return dec(
        'regroup',
        GER,
        'Merkur 9.0',
        task.units.map((unit) => ({ type: 'regroup', unit })),
      );
    s.stack.pop();
    return null;
  },
  answer(s, _ws, task, d, choice) {
    expectKind('Merkur', task.t, d, 'regroup');
    answerRegroup(s, task, d.options[choice]!.unit);
  },
};
