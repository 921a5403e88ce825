/**
 * C-10 (DC 13, 16; docs/games/dc.md "Chance and odds"): a whole battle's odds from the Markov chain
 * of battle-chain.ts `ChainBattle` (the game's own combat code under the stated players' rules):
 * propagated exactly round by round up to `EXACT_UNITS` units a side, else the exact first round
 * and a Monte Carlo estimate from the same transitions.
 */
import { type Rng, randUnit, streamRng } from '../../core/rng.js';
import {
  type BattleChainResult,
  type BattleChainSpec,
  CHAIN_ENDS,
  CHAIN_MAX_ROUNDS,
  ChainBattle,
  type ChainOdds,
  EXACT_UNITS,
  type Vec,
} from './battle-chain.js';
import { mapOf } from './supply.js';

function emptyOdds(): {
  ends: number[];
  rounds: number[];
  unitsLost: [number, number];
  hits: [number, number];
} {
  return {
    ends: [0, 0, 0, 0],
    rounds: new Array<number>(CHAIN_MAX_ROUNDS + 2).fill(0),
    unitsLost: [0, 0],
    hits: [0, 0],
  };
}

/** The exact chain, propagated round by round until no mass is left (the cap ends every battle). */
export function exactChain(c: ChainBattle): ChainOdds {
  const o = emptyOdds();
  const v0 = c.start();
  let layer = new Map<string, { v: Vec; p: number }>();
  for (const { v, p } of c.initial()) {
    const e = layer.get(c.key(v));
    if (e === undefined) layer.set(c.key(v), { v, p });
    else e.p += p;
  }
  for (let r = 1; layer.size > 0 && r <= CHAIN_MAX_ROUNDS + 1; r++) {
    const next = new Map<string, { v: Vec; p: number }>();
    for (const { v, p } of layer.values())
      for (const t of c.round(v, r)) {
        const w = p * t.p;
        if (t.end !== null) {
          o.ends[CHAIN_ENDS.indexOf(t.end)]! += w;
          o.rounds[r]! += w;
          const [lost, hits] = c.tally(v0, t.vec);
          for (const side of [0, 1] as const) {
            o.unitsLost[side] += w * lost[side];
            o.hits[side] += w * hits[side];
          }
          continue;
        }
        const k = c.key(t.vec);
        const e = next.get(k);
        if (e === undefined) next.set(k, { v: t.vec, p: w });
        else e.p += w;
      }
    layer = next;
  }
  return o;
}

/** `n` battles drawn from the same transitions (stream `battle-chain` of master seed `seed`). */
export function sampledChain(c: ChainBattle, n: number, seed: number): ChainOdds {
  const o = emptyOdds();
  const rng: Rng = streamRng(seed, 0, 'battle-chain');
  const v0 = c.start();
  const init = c.initial();
  for (let g = 0; g < n; g++) {
    let v = init[init.length - 1]!.v;
    if (init.length > 1) {
      let x = randUnit(rng);
      for (const st of init) {
        x -= st.p;
        if (x < 0) {
          v = st.v;
          break;
        }
      }
    }
    for (let r = 1; ; r++) {
      const ts = c.round(v, r);
      let x = randUnit(rng);
      let t = ts[ts.length - 1]!;
      for (const tt of ts) {
        x -= tt.p;
        if (x < 0) {
          t = tt;
          break;
        }
      }
      if (t.end === null) {
        v = t.vec;
        continue;
      }
      o.ends[CHAIN_ENDS.indexOf(t.end)]! += 1 / n;
      o.rounds[r]! += 1 / n;
      const [lost, hits] = c.tally(v0, t.vec);
      for (const side of [0, 1] as const) {
        o.unitsLost[side] += lost[side] / n;
        o.hits[side] += hits[side] / n;
      }
      break;
    }
  }
  return o;
}

/** C-10: the battle's odds, exact up to EXACT_UNITS units a side, else first round exact + Monte Carlo. */
export function battleChain(spec: BattleChainSpec, samples = 20000, seed = 1): BattleChainResult {
  const c = new ChainBattle(spec);
  const exact = spec.attackers.length <= EXACT_UNITS && spec.defenders.length <= EXACT_UNITS;
  const odds = exact ? exactChain(c) : sampledChain(c, samples, seed);
  const first = [0, 0, 0, 0];
  let continues = 0;
  for (const st of c.initial())
    for (const t of c.round(st.v, 1)) {
      if (t.end === null) continues += st.p * t.p;
      else first[CHAIN_ENDS.indexOf(t.end)]! += st.p * t.p;
    }
  const m = mapOf(c.s);
  // the line the attackers came by (Warsaw-Bialystok): R-128, 14.B.1-2
  let cls = 0;
  for (let k = m.adjStart[c.b.at]!; k < m.adjStart[c.b.at + 1]!; k++)
    if (m.adjNb[k] === c.origin) cls = m.lineClass[m.adjLine[k]!]!;
  const [total, armour] = c.s.rules.lineCap[spec.attacker]![cls]!;
  const extra = spec.attacker === 1 ? 1 : 0; // 14.B.2: Soviet -1 through December 1941
  const btCapacity = odds.rounds.map(
    (_, r) => [Math.max(0, total! - r - extra), Math.max(0, armour! - r - extra)] as const,
  );
  return { ...odds, exact, samples: exact ? 0 : samples, firstRound: { ends: first, continues }, btCapacity };
}
