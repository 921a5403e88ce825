/** Scripted US policies: the US wins unless the Soviets hold two towns at the end of turn 4 (SFO 10). */
import type { PolicyDef } from '../../../core/game.js';
import type { SfoDecision } from '../decisions.js';
import type { SfoState } from '../state.js';
import {
  adjacentEnemies,
  adjacentFriends,
  type Board,
  dist,
  friendsOn,
  nearest,
  policyDef,
  weight,
} from './common.js';

/**
 * Distance from `h` to the nearest town with fewer than `cap` US units and no enemy, counting the
 * moving unit as gone from `from`; to the nearest town when there is none.
 */
export function nearestUnderManned(b: Board, from: number, h: number, cap: number): number {
  const towns = b.m.towns;
  let best = 99;
  let any = false;
  for (let i = 0; i < towns.length; i++) {
    const t = towns[i]!;
    if (b.enemy[t] === 0 && friendsOn(b, t, from) < cap) {
      any = true;
      const d = dist(b, h, t);
      if (d < best) best = d;
    }
  }
  return any ? best : nearest(b, h, towns);
}

/** Values that see the origin only through `friendsOn` and `adjacentFriends` (see `Tactics.sameAsOffMap`). */
const onlyNearby = (): boolean => true;

/** Occupies and stacks in the towns, attacks only at very good odds. */
export const holdTowns: PolicyDef<SfoState, SfoDecision> = policyDef(
  'hold-towns',
  'us',
  'Occupy every town and stack two units in them when Advanced; stay put once in a town; attack only at very good expected value (mostly to retake a town).',
  (w) => {
    const { townAlone, townStacked, underManned, forest, openContact } = w as { [k: string]: number };
    return {
      value: (b, _u, from, h) => {
        const cap = b.state.rules.stackLimit;
        let v = 0;
        if (b.m.town[h] === 1) v += friendsOn(b, h, from) === 0 ? townAlone! : townStacked!;
        v -= underManned! * nearestUnderManned(b, from, h, cap);
        if (b.m.forest[h] === 1 && b.state.rules.forestAllowed) v += forest!;
        if (b.m.town[h] !== 1) v -= openContact! * adjacentEnemies(b, h);
        return v;
      },
      // the origin counts in the under-manned towns only when it is a town
      sameAsOffMap: (b, from) => b.m.town[from] !== 1,
      attack: { kill: 3, displace: 0.5, town: 5, loss: 3, retreat: 0.5, perAttacker: 0.2, threshold: 1.2 },
    };
  },
  [
    weight('townAlone', 'Move: value of a town no US unit holds yet.', 15, 0, 45),
    weight('townStacked', 'Move: value of a town already held (a second unit).', 9, 0, 27),
    weight('underManned', 'Move: cost per hex of distance to the nearest under-manned town.', 1.5, 0, 5),
    weight('forest', 'Move: value of a forest hex (Advanced).', 1, 0, 4),
    weight('openContact', 'Move: cost per Soviet unit adjacent outside a town.', 0.5, 0, 3),
  ],
);

/** Goes for the Soviets: retakes towns, engages units, attacks at good odds. */
export const counterattack: PolicyDef<SfoState, SfoDecision> = policyDef(
  'counterattack',
  'us',
  'Retake Soviet-held towns and engage: move next to Soviet units (towns first), attack whenever the expected value is fair, advance into towns.',
  {
    value: (b, _u, from, h) => {
      let v = 0;
      if (b.m.town[h] === 1) v += friendsOn(b, h, from) === 0 ? 8 : 3;
      const goal = b.sovTowns.length > 0 ? b.sovTowns : b.enemyHexes;
      v -= 1.5 * nearest(b, h, goal);
      v += 1.2 * Math.min(adjacentEnemies(b, h), 2) + 0.5 * Math.min(adjacentFriends(b, h, from), 2);
      return v;
    },
    sameAsOffMap: onlyNearby,
    attack: { kill: 3, displace: 1.2, town: 5, loss: 1.5, retreat: 0.3, perAttacker: 0.05, threshold: 0.2 },
  },
);

/** Falls back to forest and towns, avoids contact in the open, trades space for time. */
export const elastic: PolicyDef<SfoState, SfoDecision> = policyDef(
  'elastic',
  'us',
  'Elastic defence: fall back to towns and (Advanced) forest, avoid ending in the open next to Soviet units, keep towards the west edge; retake a town late (turn 4) when the odds are good.',
  (w) => {
    const { townAlone, townStacked, forest, openContact, nearestTown, west, retake } = w as {
      [k: string]: number;
    };
    return {
      value: (b, _u, from, h) => {
        let v = 0;
        if (b.m.town[h] === 1) v += friendsOn(b, h, from) === 0 ? townAlone! : townStacked!;
        if (b.m.forest[h] === 1 && b.state.rules.forestAllowed) v += forest!;
        const contact = adjacentEnemies(b, h);
        if (b.m.town[h] !== 1 && b.m.forest[h] !== 1) v -= openContact! * contact;
        v -= nearestTown! * nearest(b, h, b.m.towns);
        v += west! * (9 - b.m.grid.cols[h]!);
        if (b.lastTurn) v -= retake! * nearest(b, h, b.sovTowns);
        return v;
      },
      sameAsOffMap: onlyNearby,
      attack: { kill: 3, displace: 0.6, town: 5, loss: 3, retreat: 0.6, perAttacker: 0.1, threshold: 0.9 },
    };
  },
  [
    weight('townAlone', 'Move: value of a town no US unit holds yet.', 9, 0, 27),
    weight('townStacked', 'Move: value of a town already held.', 5, 0, 15),
    weight('forest', 'Move: value of a forest hex (Advanced).', 6, 0, 18),
    weight('openContact', 'Move: cost per Soviet unit adjacent in the open.', 2.5, 0, 8),
    weight('nearestTown', 'Move: cost per hex of distance to the nearest town.', 0.8, 0, 3),
    weight('west', 'Move: value per column towards the west edge.', 0.3, 0, 1),
    weight('retake', 'Move, last turn: cost per hex of distance to a Soviet-held town.', 1.5, 0, 5),
  ],
);

export const usPolicies: readonly PolicyDef<SfoState, SfoDecision>[] = [holdTowns, counterattack, elastic];
