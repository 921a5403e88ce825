/**
 * Scripted Soviet policies. Soviets win by physically holding two towns at the end of turn 4 (SFO 10),
 * so every policy values towns; they differ in how they get there and when they fight.
 */
import type { PolicyDef } from '../../../core/game.js';
import type { SfoDecision } from '../decisions.js';
import type { SfoState } from '../state.js';
import {
  adjacentEnemies,
  adjacentFriends,
  type Board,
  friendsOn,
  hexTable,
  nearest,
  policyDef,
  weight,
} from './common.js';

/** Per hex: distance to the weakest town not held, plus 0.7 per US unit holding or adjacent to it. */
function weakestTown(b: Board, out: Float64Array): void {
  const towns = b.m.towns;
  const size = b.m.size;
  // the target towns (in town order) and their guard penalties 0.7 * guard
  const ts: number[] = [];
  const gs: number[] = [];
  for (let i = 0; i < towns.length; i++) {
    const t = towns[i]!;
    if (!b.sovTargets.includes(t)) continue;
    ts.push(t);
    gs.push(0.7 * b.guard[i]!);
  }
  const d = b.dist;
  for (let h = 0; h < size; h++) {
    let best = 99;
    for (let j = 0; j < ts.length; j++) {
      const v = d[h * size + ts[j]!]! + gs[j]!;
      if (v < best) best = v;
    }
    out[h] = best;
  }
}

/** Values that see the origin only through `friendsOn` and `adjacentFriends` (see `Tactics.sameAsOffMap`). */
const onlyNearby = (): boolean => true;

function targets(b: Board): readonly number[] {
  return b.sovTargets;
}

function townValue(b: Board, from: number, h: number, first: number, second: number): number {
  if (b.m.town[h] !== 1) return 0;
  return friendsOn(b, h, from) === 0 ? first : second;
}

/** Drives every unit at the nearest town it does not hold, attacks whatever blocks, advances always. */
export const townRush: PolicyDef<SfoState, SfoDecision> = policyDef(
  'town-rush',
  'soviet',
  'Drive every unit at the nearest town not yet held; attack any adjacent US unit at any legal odds; always advance and replace at once.',
  {
    value: (b, _u, from, h) =>
      townValue(b, from, h, 12, 3) - 2 * nearest(b, h, targets(b)) + 0.3 * adjacentEnemies(b, h),
    sameAsOffMap: onlyNearby,
    attack: { kill: 3, displace: 1, town: 3, loss: 1.5, retreat: 0.2, perAttacker: 0, threshold: -1 },
    replace: (_s, counts) => Math.max(...counts),
  },
);

/** Methodical: masses units together, attacks only at good expected value, advances into towns. */
export const bestOdds: PolicyDef<SfoState, SfoDecision> = policyDef(
  'best-odds',
  'soviet',
  'Methodical: keep units in mutually supporting groups (forest when Advanced), close on the weakest-held town, attack only at a good expected value from the CRT, advance into towns; replace when two units can come back or from turn 3.',
  (w) => {
    const {
      townAlone,
      townStacked,
      weakestTown: toWeakest,
      friends: perFriend,
      alone: lone,
      forest,
    } = w as {
      [k: string]: number;
    };
    return {
      value: (b, _u, from, h) => {
        const friends = Math.min(adjacentFriends(b, h, from) + friendsOn(b, h, from), 3);
        const contact = adjacentEnemies(b, h);
        const best = hexTable(b, weakestTown)[h]!;
        const alone = contact > 0 && friends === 0 && b.m.town[h] !== 1 ? lone! : 0;
        return (
          townValue(b, from, h, townAlone!, townStacked!) -
          toWeakest! * best +
          perFriend! * friends -
          alone +
          (b.m.forest[h] === 1 && b.state.rules.forestAllowed ? forest! : 0)
        );
      },
      sameAsOffMap: onlyNearby,
      attack: { kill: 3, displace: 1, town: 4, loss: 3, retreat: 0.5, perAttacker: 0.1, threshold: 0.6 },
      replace: (s, counts) => (Math.max(...counts) >= 2 || s.turn >= 3 ? Math.max(...counts) : 0),
    };
  },
  [
    weight('townAlone', 'Move: value of a town no Soviet unit holds yet.', 12, 0, 36),
    weight('townStacked', 'Move: value of a town already held.', 5, 0, 15),
    weight('weakestTown', 'Move: cost per hex of distance to the weakest-held target town.', 1.6, 0, 5),
    weight(
      'friends',
      'Move: value per supporting Soviet unit (on or next to the hex, at most 3).',
      0.8,
      0,
      3,
    ),
    weight('alone', 'Move: cost of ending alone next to US units outside a town.', 2, 0, 6),
    weight('forest', 'Move: value of a forest hex (Advanced).', 0.8, 0, 3),
  ],
);

/** Pins US units by ZOC contact (so they cannot shift), then attacks trapped or stacked defenders. */
export const zocPin: PolicyDef<SfoState, SfoDecision> = policyDef(
  'zoc-pin',
  'soviet',
  'Pin US units: end moves adjacent to as many US units as possible so they cannot slide between towns (no ZOC to ZOC), then attack where the defenders cannot retreat or are stacked (DR eliminates them); towns still count most.',
  {
    value: (b, _u, from, h) => {
      const contact = Math.min(adjacentEnemies(b, h), 3);
      return (
        townValue(b, from, h, 10, 3) +
        2.5 * contact -
        1.2 * nearest(b, h, targets(b)) -
        (friendsOn(b, h, from) > 0 ? 1 : 0)
      );
    },
    sameAsOffMap: onlyNearby,
    attack: { kill: 5, displace: 0.6, town: 3, loss: 2, retreat: 0.3, perAttacker: 0.05, threshold: 0.4 },
    replace: (_s, counts) => Math.max(...counts),
  },
);

export const sovietPolicies: readonly PolicyDef<SfoState, SfoDecision>[] = [bestOdds, townRush, zocPin];
