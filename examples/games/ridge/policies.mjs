// Ridge Line's scripted players: two for each side, plus the uniform random baseline. A policy
// reads the state (the game has no hidden information) and answers each decision by its index;
// it keeps no plan, so it needs neither `reset` nor `clone`.
import { randomPolicy } from 'sandtable';
import { GRID, inCover, TOWN_HEXES } from './map.mjs';
import { alive, enemyOf } from './rules.mjs';

/** @typedef {import('./rules.mjs').State} State */
/** @typedef {import('./rules.mjs').RidgeDecision} RidgeDecision */
/** @typedef {import('sandtable').PolicyDef<State, RidgeDecision>} RidgePolicyDef */

/** The index of the highest score (the first of equals). @param {number[]} scores */
const best = (scores) => scores.reduce((b, x, i) => (x > scores[b] ? i : b), 0);

/** Distance from hex `h` to the nearest of `targets` (hex indices); 0 when there are none. */
const nearest = (/** @type {number} */ h, /** @type {number[]} */ targets) =>
  targets.length === 0 ? 0 : Math.min(...targets.map((t) => GRID.distance(h, t)));

/** The towns `side` does not hold. @param {State} s @param {'red' | 'blue'} side */
const townsToTake = (s, side) => TOWN_HEXES.filter((_, i) => s.towns[i] !== side);

/**
 * A scripted policy from its habits: where to move (a score per destination hex), the weakest
 * column it attacks at (a column index of the CRT), whether it advances.
 * @param {string} id
 * @param {(s: State, side: 'red' | 'blue', h: number) => number} place
 * @param {number} minColumn
 * @param {(s: State, h: number) => boolean} advances
 * @returns {import('sandtable').Policy<State, RidgeDecision>}
 */
function scripted(id, place, minColumn, advances) {
  return {
    id,
    choose(s, d) {
      switch (d.kind) {
        case 'move':
        case 'retreat':
          return best(d.options.map((o) => place(s, d.side, GRID.index(o.to))));
        case 'attack': {
          // the best column at or above the policy's minimum, else no attack
          const cols = d.options.map((o) => (o.target === null ? -1 : columnIndex(o.column)));
          const i = best(cols);
          return cols[i] >= minColumn ? i : 0;
        }
        case 'advance':
          return advances(s, GRID.index(d.options[1].to)) ? 1 : 0;
        default:
          throw new Error(`ridge: no policy answer for ${JSON.stringify(d)}`);
      }
    },
  };
}

/** The CRT column of a label (the labels of rules.mjs CRT: 1-2, 1-1, 2-1, 3-1, 4-1). */
const COLUMNS = ['1-2', '1-1', '2-1', '3-1', '4-1'];
const columnIndex = (/** @type {string} */ label) => COLUMNS.indexOf(label);

/** @type {RidgePolicyDef[]} */
export const policies = [
  {
    id: 'assault',
    side: 'red',
    description: 'heads for the nearest town it does not hold; attacks at any odds; always advances',
    create: () =>
      scripted(
        'assault',
        (s, side, h) => -nearest(h, townsToTake(s, side)),
        0,
        () => true,
      ),
  },
  {
    id: 'probe',
    side: 'red',
    description:
      'as assault, but moves from cover to cover and attacks only at 1-1 or better; advances into cover',
    create: () =>
      scripted(
        'probe',
        (s, side, h) => -nearest(h, townsToTake(s, side)) + (inCover(h) ? 1.5 : 0),
        1,
        (_s, h) => inCover(h),
      ),
  },
  {
    id: 'hold',
    side: 'blue',
    description: 'sits in the towns and retakes lost ones; attacks only at 2-1 or better; never advances',
    create: () =>
      scripted(
        'hold',
        (_s, _side, h) => (TOWN_HEXES.includes(h) ? 10 : 0) - nearest(h, TOWN_HEXES) + (inCover(h) ? 1 : 0),
        2,
        () => false,
      ),
  },
  {
    id: 'counter',
    side: 'blue',
    description: 'closes with the nearest Red unit; attacks at 1-1 or better; always advances',
    create: () =>
      scripted(
        'counter',
        (s, side, h) =>
          -nearest(
            h,
            alive(s, enemyOf(side)).map((u) => u.hex),
          ) + (inCover(h) ? 0.5 : 0),
        1,
        () => true,
      ),
  },
  { id: 'random', side: 'red', description: 'uniform over the legal options', create: () => randomPolicy() },
  { id: 'random', side: 'blue', description: 'uniform over the legal options', create: () => randomPolicy() },
];

export const defaultPolicies = { red: 'assault', blue: 'hold' };
