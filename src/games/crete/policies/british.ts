/**
 * British policies (docs/games/crete.md "Policies"), each a Plan with a documented intent: historical (the 1941
 * deployment, counter-attack the landed paras), airfield-fortress (deny the airfields), counterattack
 * (thin garrisons, strong reserves that hit every landing), suda-keep (points denial: keep Suda Bay
 * and the CF). Set-ups are fixed lists of squares per Allied unit (in data order), built once.
 */
import type { PolicyDef } from '../../../core/game.js';
import { creteData } from '../data.js';
import type { CreteDecision } from '../decisions.js';
import { distance, MAP, ROUGH, squareOf, TOWN } from '../map.js';
import type { CreteState } from '../state.js';
import { type Plan, planPolicy, type TargetMemo } from './common.js';

const ALLIED = creteData.allied;
/** Allied units by CF, strongest first (data order on ties). */
const BY_STRENGTH: readonly number[] = ALLIED.map((_, k) => k).sort(
  (a, b) => ALLIED[b]!.cf - ALLIED[a]!.cf || a - b,
);

const HISTORICAL: readonly number[] = ALLIED.map((a) =>
  squareOf(creteData.historical.britishSetup.hexes[a.id]!),
);

/** Fills squares in order, 3 units each, strongest units first; the rest on `rest` squares, 3 each. */
function fill(first: readonly number[], perFirst: number, rest: readonly number[]): number[] {
  const out = new Array<number>(ALLIED.length).fill(-1);
  const slots: number[] = [];
  for (const h of first) for (let k = 0; k < perFirst; k++) slots.push(h);
  for (const h of rest) for (let k = 0; k < 3; k++) slots.push(h);
  BY_STRENGTH.forEach((u, k) => {
    out[u] = slots[k % slots.length]!;
  });
  return out;
}

const SUDA = squareOf('S1802');
const CANEA = squareOf('S1501');
const GALATAS = squareOf('S1303');
const doubledNear = (centre: number, n: number): number[] =>
  MAP.byBoard[MAP.board[centre]!]!.filter((h) => MAP.terrain[h] === ROUGH || MAP.terrain[h] === TOWN)
    .sort((a, b) => distance(a, centre) - distance(b, centre) || a - b)
    .slice(0, n);

const FORTRESS: readonly number[] = fill(MAP.airfields, 3, [
  ...MAP.airfields.flatMap((a) => MAP.neighbours[a]!),
  SUDA,
  CANEA,
  GALATAS,
]);
const COUNTER: readonly number[] = (() => {
  // one unit on each airfield and objective town, stacks of 3 on the road 2-3 squares inland of them
  const garrison = [...MAP.airfields, SUDA, CANEA];
  const reserves = MAP.airfields.flatMap((a) =>
    MAP.byBoard[MAP.board[a]!]!.filter(
      (h) => MAP.road[h] === 1 && distance(h, a) >= 2 && distance(h, a) <= 3,
    ).slice(0, 2),
  );
  return fill(garrison, 1, [...reserves, ...doubledNear(GALATAS, 4)]);
})();
const SUDA_KEEP: readonly number[] = fill(
  [...MAP.airfields.slice(1), squareOf('R0201'), squareOf('H0401')],
  1,
  [SUDA, CANEA, GALATAS, ...doubledNear(SUDA, 5), ...doubledNear(CANEA, 3)],
);

/** Index of the first Allied unit (setup.ts makeUnits: paras, mountain, air, then the Allied units). */
const FIRST_ALLIED =
  creteData.german.para.length + creteData.german.mountain.length + creteData.german.luftwaffe.length;
/** Allied unit `u`'s index in the data (and the set-up lists). */
const allied = (_s: CreteState, u: number) => u - FIRST_ALLIED;

/** memo.ger and memo.airfieldBritish made current for the decision `s` stands at (one pass over the units). */
function squares(s: CreteState, memo: TargetMemo): void {
  if (memo.gerUnits === s.units && memo.gerDecisions === s.decisions) return;
  const ger = memo.ger;
  const af = memo.airfieldBritish;
  ger.length = 0;
  af.fill(0);
  for (const x of s.units) {
    const h = x.loc;
    if (h < 0) continue;
    if (x.side === 'british') {
      const k = MAP.airfields.indexOf(h);
      if (k >= 0) af[k]!++;
    } else if (x.kind !== 'air' && !ger.includes(h)) ger.push(h);
  }
  memo.gerUnits = s.units;
  memo.gerDecisions = s.decisions;
}

function germanNear(s: CreteState, at: number, range: number, memo: TargetMemo): number {
  // the first German square (in order of its first unit) at the least distance: nearest() over
  // squaresOf(), with the squares listed once per decision
  squares(s, memo);
  const board = MAP.board[at];
  let best = -1;
  let bd = Number.POSITIVE_INFINITY;
  for (const h of memo.ger) {
    if (MAP.board[h] !== board) continue;
    const d = distance(h, at); // one board: symmetric
    if (d <= range && d < bd) {
      bd = d;
      best = h;
    }
  }
  return best;
}

/** The only British unit on an airfield stays there (historical: never leave an airfield empty). */
function lastOnAirfield(s: CreteState, u: number, memo: TargetMemo): boolean {
  const k = MAP.airfields.indexOf(s.units[u]!.loc);
  if (k < 0) return false;
  squares(s, memo);
  return memo.airfieldBritish[k] === 1;
}

const home = (list: readonly number[]) => (s: CreteState, u: number) => list[allied(s, u)]!;

function plan(
  setup: readonly number[],
  extra: Partial<Plan> & Pick<Plan, 'limitedMin' | 'allOutMin' | 'counterMin'>,
  target: Plan['target'],
): Plan {
  return { side: 'british', setup: home(setup), target, ...extra };
}

const historical = plan(
  HISTORICAL,
  { limitedMin: 3, allOutMin: 8, counterMin: 3, terrainBonus: 0 },
  (s, u, memo) => {
    const at = s.units[u]!.loc;
    if (at < 0) return -1;
    if (lastOnAirfield(s, u, memo)) return at;
    const g = germanNear(s, at, 4, memo);
    if (g >= 0) return g;
    const h = HISTORICAL[allied(s, u)]!;
    return s.turn < 5 && MAP.board[h] !== MAP.board[at] ? at : h;
  },
);

const fortress = plan(FORTRESS, { limitedMin: 4, allOutMin: 5, counterMin: 4, terrainBonus: 3 }, (s, u) => {
  const at = s.units[u]!.loc;
  if (at < 0) return -1;
  if (MAP.airfields.includes(at)) return at;
  return FORTRESS[allied(s, u)]!;
});

const counterattack = plan(COUNTER, { limitedMin: 8, allOutMin: 3, counterMin: 3 }, (s, u, memo) => {
  const at = s.units[u]!.loc;
  if (at < 0) return -1;
  if (lastOnAirfield(s, u, memo)) return at;
  const g = germanNear(s, at, 8, memo);
  return g >= 0 ? g : COUNTER[allied(s, u)]!;
});

const sudaKeep = plan(SUDA_KEEP, { limitedMin: 4, allOutMin: 4, counterMin: 4, terrainBonus: 5 }, (s, u) => {
  const at = s.units[u]!.loc;
  if (at < 0) return -1;
  return SUDA_KEEP[allied(s, u)]!;
});

const def = (id: string, description: string, p: Plan): PolicyDef<CreteState, CreteDecision> => ({
  id,
  side: 'british',
  description,
  create: () => planPolicy(id, p),
});

export const britishPolicies: readonly PolicyDef<CreteState, CreteDecision>[] = [
  def(
    'historical',
    'The 1941 deployment (NZ Division at Maleme, Platanias and Galatas; British and Greeks at Canea and Suda; 2/1, 2/11, 2/2 and Greeks at Retimo; 14 Bde, 2/4 and Greeks at Heraklion), set up without the German allocation; units move on German stacks within 4 squares and attack landed paras at >= 2-1 on the limited table; the last unit on an airfield stays; no board transits before turn 5.',
    historical,
  ),
  def(
    'airfield-fortress',
    'Deny the airfields: the 3 strongest units on each airfield and the rest ringing them (ZOC over the clear drop squares) and at Suda, Canea and Galatas; units hold, preferring doubled terrain; attacks only at >= 3-1.',
    fortress,
  ),
  def(
    'counterattack',
    'Thin garrisons (one unit per airfield, Suda and Canea) and stacks of 3 on the road inland as reserves that strike every German stack within 8 squares with all-out attacks at >= 2-1: every German CF destroyed is a point.',
    counterattack,
  ),
  def(
    'suda-keep',
    'Points denial on the evacuation logic: the bulk in towns and rough terrain around Suda, Canea and Galatas (doubled), thin screens on Retimo and Heraklion; hold, never attack below 3-1, keep Suda for its 10 points.',
    sudaKeep,
  ),
];
