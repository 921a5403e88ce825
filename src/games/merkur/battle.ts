/**
 * Merkur 7.0-7.4 as tasks: one combat (of an activation, on landing 5.2, a beach assault 5.4 or
 * the Maori 11.0): its lead units (7.1, 7.2), supporters (2.5 Note, 7.1 Note), the dice and the
 * initiative re-roll (3.1 a, 7.4); then its losses, the losing side choosing (7.4, 3.2 forts, 6.1).
 * The values and the results table are combat.ts.
 */
import { expectKind, type TaskOf, unreachable } from '../../core/kernel.js';
import {
  bandOps,
  type CombatSpec,
  combatBand,
  combatValues,
  defenders,
  finishCombat,
  runLosses,
  twoD6,
} from './combat.js';
import { supporters } from './command.js';
import { dec, type MerkurDecision, type MerkurTaskKind, sideIndex } from './decisions.js';
import { canUseInitiative, useInitiative } from './initiative.js';
import { queueRegroup } from './regroup.js';
import { CW, type MerkurState, type Task } from './state.js';
import { checkForts, combatUnits, countIn } from './units.js';
import type { MerkurWorkspace } from './workspace.js';

/**
 * One combat of an activation (7.0-7.4) or on landing (5.2): its attackers must still stand where they attack from and
 * the enemy must still be there (earlier combats may have changed both). An attacker holding the
 * initiative may have both sides re-roll a result of band 1-2 (3.1 a); under V reroll-defender-too a
 * defender holding it may re-roll a result of band 4-5 not re-rolled already. The second result stands.
 */
export function combatStep(
  s: MerkurState,
  ws: MerkurWorkspace,
  task: TaskOf<Task, 'combat'>,
): MerkurDecision | null {
  const sp = task.spec;
  const enemy = (1 - sp.side) as 0 | 1;
  if (task.vals === null) {
    const att = sp.attackers.filter((i) => s.units[i]!.status === 'map' && s.units[i]!.zone === sp.from);
    if (att.length === 0 || countIn(s, sp.zone, enemy) === 0) {
      s.stack.pop();
      return null;
    }
    const spec: CombatSpec = att.length === sp.attackers.length ? sp : { ...sp, attackers: att };
    task.spec = spec;
    // G6 (7.1): the attacker chooses the unit that leads, among the participating combat units
    if (spec.leadAttacker === undefined) {
      const leads = combatUnits(s, att);
      if (leads.length > 1)
        return dec(
          'lead-attacker',
          sp.side,
          'Merkur 7.1',
          leads.map((unit) => ({ type: 'lead-attacker', unit })),
        );
    }
    // V-LEADDEF lead-def-any: the defender chooses the unit that leads (7.2)
    if (s.rules.v['lead-def-any'] && spec.leadDefender === undefined) {
      const defs = defenders(s, spec.zone, enemy);
      if (defs.length > 1)
        return dec(
          'lead-defender',
          enemy,
          'Merkur 7.2',
          defs.map((unit) => ({ type: 'lead-defender', unit })),
        );
    }
    // G7, C5 (2.5 Note, 7.1 Note): the attacker, then the defender, names the EM or battery that
    // supports it, or none (art-one-per-zone: every zone's strongest adds, no choice)
    if (!s.rules.v['art-one-per-zone']) {
      const both = s.rules.v['art-assault-and-fire'] === true;
      // no supporter: none (-1), as `supportValue` would find when the values are taken just below
      if (spec.supportA === undefined && (spec.kind !== 'fire' || both)) {
        const list = supporters(s, sp.side, spec.from, false);
        if (list.length > 0) return supportDecision(sp.side, list);
        task.spec.supportA = -1;
      }
      if (spec.supportD === undefined && (spec.kind !== 'fire' || both)) {
        // 5.2: the CW supports a combat on landing only from the landing zone
        const list = supporters(s, enemy, spec.zone, spec.kind === 'landing' && enemy === CW);
        if (list.length > 0) return supportDecision(enemy, list);
        task.spec.supportD = -1;
      }
    }
    task.vals = combatValues(s, task.spec, true);
    task.x = twoD6(ws);
    task.y = twoD6(ws);
    const solitaireNever = sp.side === CW && s.rules.solitaire && s.rules.soloInitiative === 'never';
    if (
      combatBand(s, spec, task.vals, task.x, task.y) <= 2 &&
      canUseInitiative(s, sp.side) &&
      !solitaireNever
    )
      return dec('initiative', sp.side, 'Merkur 3.1, 7.4', [{ type: 'keep' }, { type: 'reroll' }]);
  }
  if (
    s.rules.v['reroll-defender-too'] &&
    !task.rerolled &&
    canUseInitiative(s, enemy) &&
    !(enemy === CW && s.rules.solitaire && s.rules.soloInitiative === 'never') &&
    combatBand(s, task.spec, task.vals!, task.x, task.y) >= 4
  ) {
    task.rerolled = true;
    return dec('initiative', enemy, 'Merkur 3.1, 7.4', [{ type: 'keep' }, { type: 'reroll' }]);
  }
  s.stack.pop();
  const vals = task.vals!;
  const b = finishCombat(s, ws, task.spec, vals, task.x, task.y, false);
  // 7.4: the losses, one at a time, each side choosing where the rules leave it a choice (after a
  // combat on landing the paras regroup once every landing combat is done, `landingStep`)
  s.stack.push({
    t: 'losses',
    ops: bandOps(s, task.spec, b, vals.leadA, vals.leadD),
    regroup: task.spec.kind !== 'landing',
  });
  return null;
}

/** G7, C5: `side` names its supporting EM or battery among `list`, or none. */
function supportDecision(side: 0 | 1, list: readonly number[]): MerkurDecision {
  return dec('artillery-support', side, 'Merkur 2.5, 7.1', [
    { type: 'support', unit: -1 },
    ...list.map((unit) => ({ type: 'support' as const, unit })),
  ]);
}

/** 7.0-7.4: one combat, its choices, dice and re-roll. */
export const combatTask: MerkurTaskKind<'combat'> = {
  step: combatStep,
  answer(s, ws, task, d, choice) {
    expectKind('Merkur', task.t, d, 'lead-attacker', 'lead-defender', 'artillery-support', 'initiative');
    const spec = task.spec;
    switch (d.kind) {
      case 'lead-attacker':
        spec.leadAttacker = d.options[choice]!.unit;
        return;
      case 'lead-defender':
        spec.leadDefender = d.options[choice]!.unit;
        return;
      case 'artillery-support':
        if (sideIndex(d) === spec.side) spec.supportA = d.options[choice]!.unit;
        else spec.supportD = d.options[choice]!.unit;
        return;
      case 'initiative':
        // the attacker's question comes first: after it, the result (kept or re-rolled) is not
        // offered to the defender again once re-rolled
        if (d.options[choice]!.type === 'reroll') {
          useInitiative(s, sideIndex(d));
          task.x = twoD6(ws);
          task.y = twoD6(ws);
          task.rerolled = true;
        }
        return;
      default:
        return unreachable(d);
    }
  },
};

/**
 * 7.4, 3.2, 6.1 (docs/games/merkur.md "Decisions"): carries out a combat's losses, asking the losing side
 * "all retreat or one halved", the retreat zone when there are two or more, and whether a fort
 * absorbs a loss; then the forts and para regrouping as after any combat.
 */
function lossesStep(
  s: MerkurState,
  ws: MerkurWorkspace,
  task: TaskOf<Task, 'losses'>,
): MerkurDecision | null {
  const q = runLosses(s, ws, task.ops, true);
  if (q === null) {
    s.stack.pop();
    checkForts(s);
    if (task.regroup) queueRegroup(s);
    return null;
  }
  if (q.kind === 'fort-sacrifice')
    return dec('fort-sacrifice', CW, 'Merkur 3.2', [
      { type: 'fort-sacrifice', unit: q.unit, use: true },
      { type: 'fort-sacrifice', unit: q.unit, use: false },
    ]);
  if (q.kind === 'em-follow')
    return dec('retreat-zone', q.side, 'Merkur 2.4', [
      { type: 'retreat', unit: q.unit, zone: q.to, forced: false, em: true },
      { type: 'retreat', unit: q.unit, zone: q.from, forced: false, em: true },
    ]);
  if (q.kind === 'retreat-zone')
    return dec(
      'retreat-zone',
      q.side,
      'Merkur 6.1, 7.4',
      q.zones.map((zone) => ({ type: 'retreat', unit: q.unit, zone, forced: q.forced })),
    );
  if (q.kind === 'second-defender')
    return dec(
      'second-defender',
      q.side,
      'Merkur 8.3',
      q.units.map((unit) => ({ type: 'second-defender', unit })),
    );
  return dec('loss-choice', q.side, 'Merkur 7.4, 8.3', [
    { type: 'loss', unit: -1 },
    ...q.units.map((unit) => ({ type: 'loss' as const, unit })),
  ]);
}

/** 7.4, 3.2, 6.1: a combat's losses, one at a time. */
export const lossesTask: MerkurTaskKind<'losses'> = {
  step: lossesStep,
  answer(_s, _ws, task, d, choice) {
    expectKind('Merkur', task.t, d, 'fort-sacrifice', 'retreat-zone', 'loss-choice', 'second-defender');
    const op = task.ops[0]!;
    switch (d.kind) {
      case 'fort-sacrifice':
        if (op.k === 'step' || op.k === 'elim') op.fort = d.options[choice]!.use;
        return;
      case 'retreat-zone': {
        const zone = d.options[choice]!.zone;
        if (op.k === 'retreat') op.zone = zone;
        else if (op.k === 'em') op.follow = zone === op.to;
        return;
      }
      case 'loss-choice':
        if (op.k === 'group') op.halve = d.options[choice]!.unit;
        return;
      case 'second-defender':
        if (op.k === 'second') op.pick = d.options[choice]!.unit;
        return;
      default:
        return unreachable(d);
    }
  },
};
