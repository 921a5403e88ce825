/**
 * Set-up on the map (Merkur 3.2, 13.0): the CW's forts (3.2), the solitaire glider markers (3.2,
 * M-19) and, under V cw-setup-free, the CW's free placement (13.0 is missing from the rules).
 */
import { expectKind, type TaskOf } from '../../core/kernel.js';
import {
  dec,
  type FortOption,
  type MerkurDecision,
  type MerkurTaskKind,
  type SetupZoneOption,
} from './decisions.js';
import { MAP } from './map.js';
import { CW, GER, type MerkurState, type Task } from './state.js';
import { countIn, room, unitIndex } from './units.js';

/** 3.2: the Sturm Regiment units that may receive the 4 solitaire glider markers. */
export const STURM_REGIMENT: readonly string[] = ['Sturm/I', 'Sturm/II', 'Sturm/III', 'Sturm/IV', 'Meindl'];

/** 3.2: the CW places forts (up to 6) in zones it holds that are neither towns nor strategic. */
function fortsStep(s: MerkurState, task: TaskOf<Task, 'forts'>): MerkurDecision | null {
  if (task.placed < 6) {
    const opts: FortOption[] = [{ type: 'no-fort' }];
    for (let z = 0; z < MAP.count; z++)
      if (s.fort[z] === 0 && MAP.town[z] === 0 && !MAP.strategic[z] && countIn(s, z, CW) > 0)
        opts.push({ type: 'fort', zone: z });
    if (opts.length > 1) return dec('fort', CW, 'Merkur 3.2', opts);
  }
  s.stack.pop();
  return null;
}

/** 3.2: the CW places up to 6 forts. */
export const fortsTask: MerkurTaskKind<'forts'> = {
  step: (s, _ws, task) => fortsStep(s, task),
  answer(s, _ws, task, d, choice) {
    expectKind('Merkur', task.t, d, 'fort');
    const o = d.options[choice]!;
    if (o.type === 'no-fort') s.stack.pop();
    else {
      s.fort[o.zone] = 1;
      task.placed++;
    }
  },
};

/** 3.2 (M-19): the solitaire German gives the 4 glider markers to units of the Sturm Regiment. */
export const glidersTask: MerkurTaskKind<'gliders'> = {
  step: (s) =>
    dec(
      'glider-assign',
      GER,
      'Merkur 3.2',
      STURM_REGIMENT.map((id) => ({ type: 'no-glider', unit: unitIndex(s, id) })),
    ),
  answer(s, _ws, task, d, choice) {
    expectKind('Merkur', task.t, d, 'glider-assign');
    s.stack.pop();
    for (const id of STURM_REGIMENT) s.units[unitIndex(s, id)]!.glider = true;
    s.units[d.options[choice]!.unit]!.glider = false;
    s.units[unitIndex(s, 'Suessmann')]!.glider = false;
  },
};

/** 13.0 (missing; V cw-setup-free): the CW places each of its units. */
function cwSetupStep(s: MerkurState, task: TaskOf<Task, 'cw-setup'>): MerkurDecision | null {
  while (task.i < s.units.length && s.units[task.i]!.side !== CW) task.i++;
  if (task.i < s.units.length) {
    const opts: SetupZoneOption[] = [];
    for (let z = 0; z < MAP.count; z++)
      if (room(s, z, CW) > 0) opts.push({ type: 'setup-zone', unit: task.i, zone: z });
    return dec('setup-zone', CW, 'Merkur 13.0 (missing)', opts);
  }
  s.stack.pop();
  return null;
}

/** 13.0 (V cw-setup-free): the CW places each unit. */
export const cwSetupTask: MerkurTaskKind<'cw-setup'> = {
  step: (s, _ws, task) => cwSetupStep(s, task),
  answer(s, _ws, task, d, choice) {
    expectKind('Merkur', task.t, d, 'setup-zone');
    const o = d.options[choice]!;
    const u = s.units[o.unit]!;
    u.zone = o.zone;
    u.status = 'map';
    task.i++;
  },
};
