/** Scripted US policies: the US wins unless the Soviets hold two towns at the end of turn 4 (SFO 10). */
import type { PolicyDef } from '../../../core/game.js';
import { adjacentEnemies, adjacentFriends, type Board, friendsOn, nearest, policyDef } from './common.js';

/** Towns with fewer than `cap` US units, counting the moving unit as gone from `from`. */
function underManned(b: Board, from: number, cap: number): number[] {
  return b.m.towns.filter((t) => b.enemy[t] === 0 && friendsOn(b, t, from) < cap);
}

/** Occupies and stacks in the towns, attacks only at very good odds. */
export const holdTowns: PolicyDef = policyDef(
  'hold-towns',
  'us',
  'Occupy every town and stack two units in them when Advanced; stay put once in a town; attack only at very good expected value (mostly to retake a town).',
  {
    value: (b, _u, from, h) => {
      const cap = b.state.rules.stackLimit;
      let v = 0;
      if (b.m.town[h] === 1) v += friendsOn(b, h, from) === 0 ? 15 : 9;
      const need = underManned(b, from, cap);
      v -= 1.5 * nearest(b, h, need.length > 0 ? need : b.m.towns);
      if (b.m.forest[h] === 1 && b.state.rules.forestAllowed) v += 1;
      if (b.m.town[h] !== 1) v -= 0.5 * adjacentEnemies(b, h);
      return v;
    },
    attack: { kill: 3, displace: 0.5, town: 5, loss: 3, retreat: 0.5, perAttacker: 0.2, threshold: 1.2 },
  },
);

/** Goes for the Soviets: retakes towns, engages units, attacks at good odds. */
export const counterattack: PolicyDef = policyDef(
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
    attack: { kill: 3, displace: 1.2, town: 5, loss: 1.5, retreat: 0.3, perAttacker: 0.05, threshold: 0.2 },
  },
);

/** Falls back to forest and towns, avoids contact in the open, trades space for time. */
export const elastic: PolicyDef = policyDef(
  'elastic',
  'us',
  'Elastic defence: fall back to towns and (Advanced) forest, avoid ending in the open next to Soviet units, keep towards the west edge; retake a town late (turn 4) when the odds are good.',
  {
    value: (b, _u, from, h) => {
      let v = 0;
      if (b.m.town[h] === 1) v += friendsOn(b, h, from) === 0 ? 9 : 5;
      if (b.m.forest[h] === 1 && b.state.rules.forestAllowed) v += 6;
      const contact = adjacentEnemies(b, h);
      if (b.m.town[h] !== 1 && b.m.forest[h] !== 1) v -= 2.5 * contact;
      v -= 0.8 * nearest(b, h, b.m.towns);
      v += 0.3 * (9 - b.m.grid.cols[h]!);
      if (b.lastTurn) v -= 1.5 * nearest(b, h, b.sovTowns);
      return v;
    },
    attack: { kill: 3, displace: 0.6, town: 5, loss: 3, retreat: 0.6, perAttacker: 0.1, threshold: 0.9 },
  },
);

export const usPolicies: readonly PolicyDef[] = [holdTowns, counterattack, elastic];
