/** Merkur 11.0, the night phase: the Maori's attack (night movement limits are movement.ts). */
import { expectKind } from '../../core/kernel.js';
import { type CombatSpec, combatValues } from './combat.js';
import { dec, type MaoriOption, type MerkurDecision, type MerkurTaskKind } from './decisions.js';
import { MAP } from './map.js';
import { CW, GER, isDay, type MerkurState } from './state.js';
import { combatUnits, room, unitsIn } from './units.js';

/** 11.0: the night phase's Maori attack (night turns only). */
export function startNight(s: MerkurState): void {
  if (!isDay(s.turn)) s.stack.push({ t: 'maori' });
}

/** 11.0: at night the CW may spend a movement activation on the Maori's attack. */
function maoriStep(s: MerkurState): MerkurDecision | null {
  s.stack.pop();
  const m = s.units.findIndex((u) => u.maori && u.status === 'map');
  if (m < 0 || s.cwMoves <= 0) return null;
  const z = s.units[m]!.zone;
  const opts: MaoriOption[] = [{ type: 'no-maori' }];
  for (const y of [z, ...MAP.adj[z]!]) {
    if (y !== z && room(s, y, CW) <= 0) continue;
    for (const i of combatUnits(s, unitsIn(s, y, GER))) opts.push({ type: 'maori', target: i, zone: y });
  }
  // V-MAORI maori-may-fire: the Maori may also fire into an adjacent zone without entering it
  if (s.rules.v['maori-may-fire'])
    for (const y of MAP.adj[z]!)
      for (const i of combatUnits(s, unitsIn(s, y, GER)))
        opts.push({ type: 'maori', target: i, zone: y, fire: true });
  if (opts.length === 1) return null;
  s.stack.push({ t: 'maori' });
  return dec('maori-night', CW, 'Merkur 11.0', opts);
}

/** 11.0: the Maori attack (the dice, then the loser's loss and retreat) or not. */
function answerMaori(s: MerkurState, o: MaoriOption): void {
  s.stack.pop();
  if (o.type === 'no-maori') return;
  s.cwMoves--;
  const m = s.units.findIndex((u) => u.maori && u.status === 'map');
  if (o.fire !== true) s.units[m]!.zone = o.zone;
  s.units[m]!.acted = true;
  const spec: CombatSpec = {
    kind: 'maori',
    side: CW,
    attackers: [m],
    zone: o.zone,
    from: s.units[m]!.zone,
    target: o.target,
  };
  // 11.0: the values now, then the dice (a combat task from its stage 1), then the loser's loss and
  // retreat (its retreat zone, a fort, 2.4 asked of it)
  const vals = combatValues(s, spec, true);
  s.stack.push({ t: 'combat', spec, vals, x: 0, y: 0, rerolled: false, stage: 1 });
}

/** 11.0: the Maori attack, or not. */
export const maoriTask: MerkurTaskKind<'maori'> = {
  step: (s) => maoriStep(s),
  answer(s, _ws, task, d, choice) {
    expectKind('Merkur', task.t, d, 'maori-night');
    answerMaori(s, d.options[choice]!);
  },
};
