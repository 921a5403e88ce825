/**
 * German policies (docs/games/crete.md "Policies"), each a Plan with a documented intent: historical (the 20 May 1941
 * three-board plan), maleme-schwerpunkt (everything on one board), airfield-grab (points from the
 * airfields, minimum drop, the rest on turn 2), attrition (kill points, keep the paras alive to stay
 * under the errata threshold).
 */
import type { PolicyDef } from '../../../core/game.js';
import { creteData } from '../data.js';
import type { CreteDecision } from '../decisions.js';
import { AIRFIELD, CLEAR, distance, MAP, squareOf } from '../map.js';
import type { CreteState } from '../state.js';
import { type DropContext, nearest, type Plan, planPolicy, type TargetMemo } from './common.js';

const HISTORICAL_ORDER: readonly string[] = [
  ...creteData.historical.germanAllocation.suda,
  ...creteData.historical.germanAllocation.retimo,
  ...creteData.historical.germanAllocation.heraklion,
];
const PRISON_VALLEY = squareOf('S1105');

function objectives(s: CreteState): number[] {
  return [...MAP.airfields, s.rules.sudaSquares[0]!];
}

/** The squares of `list` whose holder (common.ts holder) is not German, in list order: one pass over the units. */
function notGerman(s: CreteState, list: readonly number[]): number[] {
  // per square of the list: the side of its first ground unit in unit order, as holder() finds it
  const german = list.map(() => 0);
  let left = list.length;
  for (const u of s.units) {
    if (u.kind === 'air' || u.loc < 0) continue;
    for (let k = 0; k < list.length; k++)
      if (list[k] === u.loc && german[k] === 0) {
        german[k] = u.side === 'german' ? 1 : 2;
        left--;
      }
    if (left === 0) break;
  }
  return list.filter((_, k) => german[k] !== 1);
}

/**
 * The nearest objective not German-held, else the nearest British square, else stay. `late`: the
 * plan's own list of objectives now (null or undefined: the default ones). The objectives not
 * German-held are one list for every unit at a decision: kept in `memo` for it (the default list, or a
 * constant list by identity).
 */
function advanceTarget(
  s: CreteState,
  u: number,
  memo: TargetMemo,
  late?: (s: CreteState) => readonly number[] | null,
): number {
  const unit = s.units[u]!;
  const at = unit.loc >= 0 ? unit.loc : unit.to;
  if (at < 0) return -1;
  const forced = late?.(s) ?? null;
  let open: number[];
  if (memo.units === s.units && memo.decisions === s.decisions && memo.list === forced) open = memo.open;
  else {
    open = notGerman(s, forced ?? objectives(s));
    memo.units = s.units;
    memo.decisions = s.decisions;
    memo.list = forced;
    memo.open = open;
  }
  if (open.length > 0) {
    const onBoard = open.filter((h) => MAP.board[h] === MAP.board[at]);
    return nearest(at, onBoard.length > 0 ? onBoard : open);
  }
  return nearestBritish(s, at, memo);
}

/**
 * nearest(at, squaresOf(s, 'british')) without building the list per unit: the squares holding
 * British units in order of their first unit, listed once per decision in `memo`, so the first
 * square at the least distance is the one the list (in order of first unit) would give.
 */
function nearestBritish(s: CreteState, at: number, memo: TargetMemo): number {
  const bri = memo.bri;
  if (memo.briUnits !== s.units || memo.briDecisions !== s.decisions) {
    bri.length = 0;
    for (const x of s.units) if (x.side === 'british' && x.loc >= 0 && !bri.includes(x.loc)) bri.push(x.loc);
    memo.briUnits = s.units;
    memo.briDecisions = s.decisions;
  }
  let best = -1;
  let bd = Number.POSITIVE_INFINITY;
  for (const h of bri) {
    const d = distance(at, h);
    if (d < bd) {
      bd = d;
      best = h;
    }
  }
  return best;
}

/** A drop square near `obj`: clear, out of British ZOC, off the coast row, one or two squares from it. */
function dropNear(ctx: DropContext, h: number, obj: number, zocPenalty: number): number {
  const d = distance(h, obj);
  const t = MAP.terrain[h]!;
  return (
    -Math.abs(d - 1) * 4 +
    (t === CLEAR || t === AIRFIELD ? 0 : -6) +
    (ctx.briZoc[h] === 1 ? -zocPenalty : 0) +
    (MAP.row[h] === 1 ? -2 : 0) +
    (h === obj ? 3 : 0)
  );
}

const paraIndex = (s: CreteState, u: number) => HISTORICAL_ORDER.indexOf(s.units[u]!.name);

/** historical: the 1941 plan (parameters t1-drops-*: how many go to each board, in the historical order). */
const historical: Plan = {
  side: 'german',
  allocate(s, u) {
    const k = paraIndex(s, u);
    const [a, b, c] = s.secret!.plan.allocation;
    return k < a ? 0 : k < a + b ? 1 : k < a + b + c ? 2 : -1;
  },
  dropLater: (s) => (s.turn === 2 ? 0 : -1),
  dropScore(s, u, h, ctx) {
    const name = s.units[u]!.name;
    const obj = MAP.board[h] === 0 && name.startsWith('FJR3') ? PRISON_VALLEY : MAP.airfields[MAP.board[h]!]!;
    return dropNear(ctx, h, obj, 5);
  },
  target: (s, u, memo) => advanceTarget(s, u, memo),
  limitedMin: 3,
  allOutMin: 5,
  battleBonus: (s, h) => (objectives(s).includes(h) ? 15 : 0),
  counterMin: 3,
};

/** maleme-schwerpunkt: all 13 on one board (parameter concentration-board) around its airfield, then east along the coast. */
const malemeSchwerpunkt: Plan = {
  side: 'german',
  allocate: (s) => s.secret!.plan.concentrationBoard,
  dropLater: (s) => s.secret!.plan.concentrationBoard,
  dropScore: (s, _u, h, ctx) => dropNear(ctx, h, MAP.airfields[s.secret!.plan.concentrationBoard]!, 3),
  target: (s, u, memo) =>
    advanceTarget(s, u, memo, (st) => {
      // the other boards only in the last 3 turns, and only by mountain units in transit
      if (st.turn >= st.rules.turns - 2 && st.units[u]!.kind === 'mtn') return null;
      const b = st.secret!.plan.concentrationBoard;
      return objectives(st).filter((h) => MAP.board[h] === b);
    }),
  limitedMin: 3,
  allOutMin: 4,
  battleBonus: (s, h) => (objectives(s).includes(h) ? 20 : 0),
  counterMin: 3,
};

/** British CF per airfield board, from the view. */
function britishCfOn(s: CreteState, b: number): number {
  let cf = 0;
  for (const x of s.units) if (x.side === 'british' && x.loc >= 0 && MAP.board[x.loc] === b) cf += x.cf;
  return cf;
}

/** airfield-grab: the minimum on turn 1 spread over the three airfields, the rest on turn 2 where the British are thinnest; then hold. */
const airfieldGrab: Plan = {
  side: 'german',
  allocate(s, u) {
    const k = s.units.slice(0, u).filter((x) => x.kind === 'para').length;
    return k < s.rules.minDrops ? k % 3 : -1;
  },
  dropLater(s) {
    if (s.turn !== 2) return -1;
    let best = 0;
    for (let b = 1; b < 3; b++) if (britishCfOn(s, b) < britishCfOn(s, best)) best = b;
    return best;
  },
  dropScore: (_s, _u, h, ctx) => dropNear(ctx, h, MAP.airfields[MAP.board[h]!]!, 40),
  target(s, u, memo) {
    const unit = s.units[u]!;
    if (unit.loc >= 0 && MAP.airfields.includes(unit.loc)) return unit.loc; // hold the airfield
    return advanceTarget(s, u, memo, () => MAP.airfields);
  },
  limitedMin: 3,
  allOutMin: 4,
  battleAllowed: (_s, o) =>
    MAP.airfields.includes(o.def) || MAP.neighbours[o.def]!.some((h) => MAP.airfields.includes(h)),
  battleBonus: (_s, h) => (MAP.airfields.includes(h) ? 20 : 0),
  counterMin: 4,
};

/** attrition: points from kills at high odds; paras stop attacking one battalion short of the errata threshold. */
const attrition: Plan = {
  side: 'german',
  allocate: (s, u) => historical.allocate!(s, u),
  dropLater: (s) => (s.turn === 2 ? 0 : -1),
  dropScore(_s, _u, h, ctx) {
    // next to weak British squares (CF <= 2), never on the coast row
    let v = MAP.row[h] === 1 ? -5 : 0;
    for (const j of MAP.neighbours[h]!) {
      const cf = ctx.briCf[j]!;
      if (cf > 0) v += cf <= 2 ? 6 : -3;
    }
    return v + (MAP.terrain[h] === CLEAR ? 2 : 0) - distance(h, MAP.airfields[MAP.board[h]!]!) / 3;
  },
  target: (s, u, memo) => advanceTarget(s, u, memo),
  limitedMin: 4,
  allOutMin: 6,
  battleAllowed(s, o) {
    if (s.stats.para_units_eliminated < s.rules.paraLossThreshold - 1) return true;
    return !s.units.some((x) => x.kind === 'para' && o.squares.includes(x.loc));
  },
  keepKind: 'para',
  counterMin: 4,
};

const def = (id: string, description: string, plan: Plan): PolicyDef<CreteState, CreteDecision> => ({
  id,
  side: 'german',
  description,
  create: () => planPolicy(id, plan),
});

export const germanPolicies: readonly PolicyDef<CreteState, CreteDecision>[] = [
  def(
    'historical',
    'The 1941 plan: Sturm I-IV and FJR3 on Suda Bay (Maleme, Prison Valley), FJR2/I, III on Retimo, FJR1 and FJR2/II on Heraklion (counts: parameters t1-drops-*), clear squares beside the airfields out of British ZOC; airfields first; limited at >= 2-1, all-out at >= 4-1; Luftwaffe where it helps most; mountain troops to every free airfield, then toward Canea and Suda.',
    historical,
  ),
  def(
    'maleme-schwerpunkt',
    'Concentration: all 13 battalions on one board (parameter concentration-board, default Suda Bay) around its airfield, 3 mountain battalions per turn through it, then along the coast to Galatas, Canea and Suda; the other boards only by mountain units in the last 3 turns.',
    malemeSchwerpunkt,
  ),
  def(
    'airfield-grab',
    'Points from airfields: the minimum on turn 1 spread over the three airfields, only on squares outside British ZOC; the rest on turn 2 on the board with the fewest British CF; units on airfields hold them; battles only at airfields.',
    airfieldGrab,
  ),
  def(
    'attrition',
    'Kill points with few para losses: drops beside weak (CF <= 2) British squares, attacks only at >= 3-1 limited or >= 5-1 all-out; once para losses reach para-loss-threshold - 1 the paras stop attacking (errata-aware); EX losses taken from mountain units first.',
    attrition,
  ),
];
