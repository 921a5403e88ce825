/**
 * Expert-specific policies, one per side (SFO 10, Table 3). In the victory-point scenarios the
 * objectives are Esselben (2 VP) and the VP forests 0506 and 0603 (1 VP each), and every enemy
 * unit still eliminated at the end (infantry 1, tank or pioneer 2). In the Standard scenario with
 * the two-town condition both fall back to town play.
 */

import type { PolicyDef } from '../../../core/game.js';
import { memoize } from '../../../core/memo.js';
import type { SfoDecision } from '../decisions.js';
import { mapOf } from '../map.js';
import type { SfoState } from '../state.js';
import {
  adjacentEnemies,
  adjacentFriends,
  type Board,
  dist,
  friendsOn,
  nearest,
  policyDef,
} from './common.js';
import { nearestUnderManned } from './us.js';

const HUNT_ESSELBEN: [number, number] = [13, 6];
const HUNT_FOREST: [number, number] = [8, 3];
const DENY_ESSELBEN: [number, number] = [14, 9];
const DENY_FOREST: [number, number] = [9, 5];

/** Esselben, then the VP forests, as hexes of the board's map (empty at Basic/Advanced). */
export function vpHexes(b: Board): readonly number[] {
  const ex = b.state.rules.expert;
  if (ex === null) return [];
  return vpHexList(`${b.m.key}|${ex.vp.forests.join(',')}`);
}

/** Key "map key|forest,forest" -> [Esselben, VP forests...] as hexes of that map. */
const vpHexList = memoize((key: string): readonly number[] => {
  const [mapKey, forests] = key.split('|') as [string, string];
  const m = mapOf({ mapKey });
  return [m.towns[0]!, ...forests.split(',').map((id) => m.grid.index(id))];
});

function vpMode(b: Board): boolean {
  return b.state.rules.expert?.victory === 'vp';
}

/** Value of standing on `h` for the VP it scores: Esselben first, then the VP forests. */
function objective(
  b: Board,
  from: number,
  h: number,
  first: [number, number],
  second: [number, number],
): number {
  const vp = vpHexes(b);
  const i = vp.indexOf(h);
  if (i < 0) return 0;
  const [alone, stacked] = i === 0 ? first : second;
  return friendsOn(b, h, from) === 0 ? alone : stacked;
}

/**
 * Soviet VP hunter: take and hold Esselben and the VP forests in mutually supporting groups, push
 * the tank through clear hexes next to US units (breakthroughs when Armour in the open is on), and
 * fight for eliminations (each US unit left eliminated is a VP, armour and pioneer 2) while avoiding
 * losing attacks (own losses are US VP). Under the two-town condition it plays for two towns.
 */
export const vpHunter: PolicyDef<SfoState, SfoDecision> = policyDef(
  'vp-hunter',
  'soviet',
  'Expert: take and hold Esselben (2 VP) and the VP forests 0506/0603 in supporting groups, drive the tank through clear hexes next to US units, fight for eliminations at good expected value, choose Guards events tank > air > reinforcement > Spetsnaz; two-town play in the Standard scenario without VP.',
  {
    value: (b, u, from, h) => {
      const friends = Math.min(adjacentFriends(b, h, from) + friendsOn(b, h, from), 3);
      const contact = adjacentEnemies(b, h);
      const alone = contact > 0 && friends === 0 && b.m.town[h] !== 1 && b.m.forest[h] !== 1 ? 2 : 0;
      const tank = b.state.units[u]!.type === 'tank';
      let v = 0.7 * friends - alone + (b.m.forest[h] === 1 ? 0.8 : 0);
      if (tank && b.state.rules.expert?.armourInOpen === true && b.m.forest[h] !== 1)
        v += 0.6 * Math.min(contact, 2);
      if (!vpMode(b)) {
        if (b.m.town[h] === 1) v += friendsOn(b, h, from) === 0 ? 12 : 5;
        return v - 1.6 * nearest(b, h, b.sovTargets);
      }
      const vp = vpHexes(b);
      // nearest VP hex not held by other Soviet units (all of them when every one is held)
      let anyOpen = false;
      for (let i = 0; i < vp.length; i++) if (b.own[vp[i]!] === 0 || vp[i] === from) anyOpen = true;
      v += objective(b, from, h, HUNT_ESSELBEN, HUNT_FOREST);
      let best = 99;
      for (let i = 0; i < vp.length; i++) {
        const t = vp[i]!;
        if (anyOpen && !(b.own[t] === 0 || t === from)) continue;
        const d = dist(b, h, t) + 0.6 * b.enemy[t]! + (t === vp[0] ? 0 : 0.8);
        if (d < best) best = d;
      }
      return v - 1.5 * best;
    },
    attack: { kill: 4, displace: 1, town: 4, loss: 3, retreat: 0.5, perAttacker: 0.1, threshold: 0.5 },
    replace: (_s, counts) => Math.max(...counts),
    events: {
      'reinforce:ZE': 7,
      air: 5,
      reinforce: 4.5,
      spetsnaz: 4,
      replacement: 3.5,
      artillery: 3,
      friction: 2.5,
      planned: 0,
    },
  },
);

/**
 * US VP denial: hold Esselben and the VP forests (stacked in forest for the +1 defence), retake
 * the ones the Soviets hold when the odds are fair, keep armour and the pioneer (2 VP each) out of
 * exposed clear hexes, and choose Hardened NATO events reinforcement > air > command problems.
 * Under the two-town condition it holds the towns.
 */
export const vpDenial: PolicyDef<SfoState, SfoDecision> = policyDef(
  'vp-denial',
  'us',
  'Expert: hold Esselben and the VP forests (stacked, forest +1), retake Soviet-held VP hexes at fair odds, keep armour and the pioneer (2 VP each) out of exposed clear hexes; Hardened NATO events reinforcement > air > command problems; holds the towns in the Standard scenario without VP.',
  {
    value: (b, u, from, h) => {
      const cap = b.state.rules.stackLimit;
      const unit = b.state.units[u]!;
      const precious = unit.type !== 'infantry';
      const contact = adjacentEnemies(b, h);
      let v = 0.4 * Math.min(adjacentFriends(b, h, from), 2);
      if (b.m.forest[h] === 1) v += 1.2;
      if (!vpMode(b)) {
        if (b.m.town[h] === 1) v += friendsOn(b, h, from) === 0 ? 15 : 9;
        v -= 1.5 * nearestUnderManned(b, from, h, cap);
        if (b.m.town[h] !== 1) v -= (precious ? 1 : 0.5) * contact;
        return v;
      }
      const vp = vpHexes(b);
      v += objective(b, from, h, DENY_ESSELBEN, DENY_FOREST);
      // VP hexes without Soviets and short of a full stack (all VP hexes when none is); Soviet-held ones
      let needBest = 99;
      let anyNeed = false;
      let vpBest = 99;
      let lostBest = 99;
      let anyLost = false;
      for (let i = 0; i < vp.length; i++) {
        const t = vp[i]!;
        const dt = dist(b, h, t);
        if (dt < vpBest) vpBest = dt;
        if (b.enemy[t] === 0 && friendsOn(b, t, from) < cap) {
          anyNeed = true;
          if (dt < needBest) needBest = dt;
        }
        if (b.enemy[t]! > 0) {
          anyLost = true;
          if (dt < lostBest) lostBest = dt;
        }
      }
      v -= 1.3 * (anyNeed ? needBest : vp.length === 0 ? 0 : vpBest);
      if (anyLost) {
        const d = lostBest;
        if (d === 1) v += precious ? 1.5 : 3;
        else v -= 0.6 * d;
      }
      if (vp.indexOf(h) < 0 && b.m.forest[h] !== 1) v -= (precious ? 1.8 : 0.6) * contact;
      return v;
    },
    attack: { kill: 3.5, displace: 1, town: 6, loss: 3, retreat: 0.4, perAttacker: 0.1, threshold: 0.5 },
    events: {
      'reinforce:T': 6,
      'reinforce:WG-V': 6,
      reinforce: 5,
      air: 4.5,
      friction: 3.5,
      replacement: 3.5,
      artillery: 3,
      planned: 0,
    },
  },
);
