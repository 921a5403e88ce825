/**
 * Fire (DC 13.B.2, 13.B.6; RULES-CHECKLIST C-3): a firing total is split into the fewest, most equal groups no
 * larger than the top CRT column; one die per group, losses summed. The simulator's `fireLosses` and
 * the odds provider's `fireDistribution` share `split` and the CRT rows.
 */
import type { Rng } from '../../core/rng.js';
import { randInt } from '../../core/rng.js';

/** DC 13.B.6: 37 -> [19, 18], 72 -> [24, 24, 24] with M = 24 (RULES-CHECKLIST K-2). Empty for T <= 0. */
export function split(total: number, maxColumn: number): number[] {
  if (total <= 0) return [];
  const k = Math.ceil(total / maxColumn);
  const base = Math.floor(total / k);
  const r = total % k;
  const out: number[] = [];
  for (let i = 0; i < k; i++) out.push(i < r ? base + 1 : base);
  return out;
}

/** Losses of one die on column `col` (1-based), die 1..6, with a +1 modifier capped at 6 (DC 7.B.1: sixes remain sixes). */
export function crtLoss(crt: readonly (readonly number[])[], col: number, die: number, plus = 0): number {
  return crt[col - 1]![Math.min(6, die + plus) - 1]!;
}

/** Rolls the fire of `total` (one die per group, from `rng`), returning the losses and the dice. */
export function fireLosses(
  crt: readonly (readonly number[])[],
  maxColumn: number,
  total: number,
  rng: Rng,
  plus = 0,
  dice?: number[],
): number {
  let losses = 0;
  for (const g of split(total, maxColumn)) {
    const d = randInt(rng, 1, 6);
    dice?.push(d);
    losses += crtLoss(crt, g, d, plus);
  }
  return losses;
}

/** Exact distribution of the losses of a fire total (the k-fold convolution of the groups' columns). */
export function fireDistribution(
  crt: readonly (readonly number[])[],
  maxColumn: number,
  total: number,
  plus = 0,
): number[] {
  let dist = [1];
  for (const g of split(total, maxColumn)) {
    const col: number[] = [];
    for (let d = 1; d <= 6; d++) {
      const l = crtLoss(crt, g, d, plus);
      col[l] = (col[l] ?? 0) + 1 / 6;
    }
    const next: number[] = new Array(dist.length + col.length - 1).fill(0);
    dist.forEach((p, i) => {
      col.forEach((q, j) => {
        if (q !== undefined) next[i + j]! += p * q;
      });
    });
    dist = next;
  }
  return dist;
}
