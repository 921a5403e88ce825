/**
 * The dice of a battle as chance points (DC 13.A.1-2, 13.B.2, 13.B.6, 7.B, 21.B.4): each side's fire
 * (the winter bonus on the attacker's dice), the Advanced air combat and the paratroops' free shot.
 * In explicit-chance mode combat.ts `battleStep` stops at them with their exact distribution and
 * `battleOutcome` carries out the outcome; in sampled mode the dice are rolled from the `combat`
 * stream and the same functions carry out what they show.
 */
import type { ChanceNode } from '../../core/game.js';
import { outcomeValue, valueNode } from './chance.js';
import { fireDistribution, fireLosses } from './fire.js';
import { fireTotal } from './firepower.js';
import { defenderLosses, destroy, spendAllOut } from './losses.js';
import { winter4142 } from './movement.js';
import { tell } from './narrate.js';
import { paraShot } from './paratroops.js';
import { type Battle, type DcState, other } from './state.js';
import { mapOf } from './supply.js';
import { sovietAir } from './support.js';
import type { DcWorkspace } from './workspace.js';

/**
 * DC 7.B.1, 7.B.3: +1 on the attacker's dice in the Snow of winter 1941/42 — an Axis attack with a
 * Finnish unit against Soviets in Finland (variant finland-set), or a Soviet attack on an Axis point
 * of the Arctic Weather Line outside Finland unless half or more of its major defenders are Finns.
 */
export function winterBonus(s: DcState, b: Battle): number {
  if (s.weather !== 2 || !winter4142(s.turn)) return 0;
  const m = mapOf(s);
  const id = m.ids[b.at]!;
  const inFinland = s.rules.finland.includes(id);
  const finn = (i: number) => s.rules.types[s.units[i]!.t]!.nation === 'finnish';
  if (b.att === 0) return inFinland && b.attackers.some((i) => s.units[i]!.st === 0 && finn(i)) ? 1 : 0;
  if (inFinland || !s.rules.arcticLine.includes(id) || s.control[b.at] !== 0) return 0;
  const majors = b.defenders.filter((i) => s.units[i]!.st === 0 && s.rules.types[s.units[i]!.t]!.major);
  return majors.length > 0 && 2 * majors.filter(finn).length >= majors.length ? 0 : 1;
}

/** Whether the attacker fires at `b.stage` (att-fire, sim-fire-att); the defender fires at def-fire and sim-fire. */
const attackerFires = (b: Battle): boolean => b.stage === 'att-fire' || b.stage === 'sim-fire-att';

/**
 * DC 13.B.2, 13.B.6: the fire of the side firing at `b.stage`: its losses (0 with no fire total),
 * rolled from the `combat` stream; in explicit-chance mode the chance node of their exact
 * distribution (fire.ts `fireDistribution`), whose outcome `battleOutcome` carries out.
 */
export function fireRoll(s: DcState, ws: DcWorkspace, b: Battle): number | ChanceNode {
  const attacker = attackerFires(b);
  const total = fireTotal(s, ws, b, attacker);
  if (total <= 0) return 0;
  const plus = attacker ? winterBonus(s, b) : 0;
  if (ws.explicitChance)
    return valueNode(
      'DC 13.B.2, 13.B.6',
      `${attacker ? 'attacker' : 'defender'} fire ${total}: losses`,
      fireDistribution(s.rules.crt, s.rules.maxColumn, total, plus),
    );
  const dice: number[] | undefined = ws.trace === undefined ? undefined : [];
  const l = fireLosses(s.rules.crt, s.rules.maxColumn, total, ws.streams.stream('combat'), plus, dice);
  if (dice !== undefined) tellFire(s, ws, b, total, l, dice);
  return l;
}

function tellFire(s: DcState, ws: DcWorkspace, b: Battle, total: number, l: number, dice?: number[]): void {
  tell(
    s,
    ws,
    attackerFires(b) ? b.att : other(b.att),
    'DC 13.B.2, 13.B.6',
    `fires ${total}: ${l} loss(es)`,
    dice,
  );
}

/**
 * Carries out fire outcome `l` (losses) at `b.stage` (DC 13.B.2-3; 13.B.8: all-out units are spent
 * after their die; a simultaneous round's losses wait for both dice).
 */
export function afterFire(s: DcState, b: Battle, l: number): void {
  switch (b.stage) {
    case 'def-fire':
      b.lossLeft = l;
      spendAllOut(s, b, true);
      b.fortLeft = 0;
      b.stage = 'att-loss';
      return;
    case 'att-fire':
      spendAllOut(s, b);
      [b.lossLeft, b.fortLeft] = defenderLosses(s, b, l);
      b.stage = 'def-loss';
      return;
    case 'sim-fire':
      b.lossLeft = l;
      b.stage = 'sim-fire-att';
      return;
    case 'sim-fire-att':
      // DC 13.B.8: all-out units cannot absorb the losses of a simultaneous round
      spendAllOut(s, b);
      spendAllOut(s, b, true);
      b.fortLeft = 0;
      [b.defPending, b.defPendingForts] = defenderLosses(s, b, l);
      b.stage = 'sim-att-loss';
      return;
    default:
      throw new Error(`DC: a fire outcome at battle stage ${b.stage}`);
  }
}

/** DC 13.A.1-2: after the air combat, the Soviet air units shot down (`lost`) are eliminated. */
export function afterAirCombat(
  s: DcState,
  ws: DcWorkspace,
  b: Battle,
  lost: readonly number[],
  dice: number[],
): void {
  b.stage = 'allout';
  for (const i of lost) destroy(s, i);
  if (dice.length > 0)
    tell(s, ws, 1, 'DC 13.A.1', `air combat: ${lost.length} Soviet air unit(s) lost`, dice);
  // DC 21.B.3-4 (paratroops.ts): the drops' escorts checked, then the paratroops' free shot
  if (s.drops.length > 0 && b.att === 1) b.stage = 'para';
}

/**
 * Carries out outcome `k` of the chance node battle `b` stopped at (explicit-chance mode): the
 * losses of a fire (`fireRoll`), the Soviet air surviving the air combat, or the paratroops' shot.
 */
export function battleOutcome(s: DcState, ws: DcWorkspace, b: Battle, node: ChanceNode, k: number): void {
  const v = outcomeValue(node, k);
  switch (b.stage) {
    case 'def-fire':
    case 'att-fire':
    case 'sim-fire':
    case 'sim-fire-att':
      if (ws.trace !== undefined) tellFire(s, ws, b, fireTotal(s, ws, b, attackerFires(b)), v);
      afterFire(s, b, v);
      return;
    case 'air-combat':
      afterAirCombat(s, ws, b, sovietAir(s, b).slice(v), []);
      return;
    case 'para-fire':
      paraShot(s, ws, b, v);
      b.stage = 'para-loss';
      return;
    default:
      throw new Error(`DC: a chance outcome at battle stage ${b.stage}`);
  }
}
