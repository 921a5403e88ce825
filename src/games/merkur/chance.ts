/**
 * Merkur's chance points (docs/architecture.md "Chance is explicit"): every die the rules roll is a
 * chance node with its exact outcomes in explicit-chance mode, and in the default sampled mode the
 * same die drawn from its named stream exactly as the game always drew it. A task kind rolls with
 * `roll`: explicit, it returns the node (the kernel leaves it pending and hands the outcome index to
 * the task kind's `outcome`); sampled, it draws and carries out that index through the same
 * function the `outcome` calls.
 */
import { d6 } from '../../core/dice.js';
import type { ChanceNode } from '../../core/game.js';
import { randInt } from '../../core/rng.js';
import type { MerkurWorkspace } from './workspace.js';

/** P(2d6 = v) * 36 for v = 2..12 (index v). */
const TWO_D6_WAYS: readonly number[] = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

/** A chance node of one d6: outcome k is the die k + 1. */
export function d6Node(rule: string, what: string): ChanceNode {
  return {
    kind: 'chance',
    side: 'chance',
    rule,
    what,
    outcomes: [1, 2, 3, 4, 5, 6].map((v) => ({ label: String(v), p: 1 / 6 })),
  };
}

/** A chance node of 2d6 summed: outcome k is the sum k + 2. */
export function twoD6Node(rule: string, what: string): ChanceNode {
  const outcomes = [];
  for (let v = 2; v <= 12; v++) outcomes.push({ label: String(v), p: TWO_D6_WAYS[v]! / 36 });
  return { kind: 'chance', side: 'chance', rule, what, outcomes };
}

/** A chance node of a uniform pick among `n`: outcome k is index k. */
export function pickNode(rule: string, what: string, n: number): ChanceNode {
  const outcomes = [];
  for (let k = 0; k < n; k++) outcomes.push({ label: String(k), p: 1 / n });
  return { kind: 'chance', side: 'chance', rule, what, outcomes };
}

/** How a chance point draws in sampled mode: one d6, 2d6 summed, or a uniform pick among n. */
export type Draw = 'd6' | '2d6' | number;

/**
 * Rolls `draw` on stream `stream`: in explicit-chance mode returns `node()`; in sampled mode draws
 * as the game always did (d6: the die; 2d6: two dice summed; n: randInt 0..n-1), carries out the
 * outcome's index through `apply` and returns null.
 */
export function roll(
  ws: MerkurWorkspace,
  stream: string,
  draw: Draw,
  node: () => ChanceNode,
  apply: (k: number) => void,
): ChanceNode | null {
  if (ws.explicitChance) return node();
  const r = ws.streams.stream(stream);
  if (draw === 'd6') apply(d6(r) - 1);
  else if (draw === '2d6') apply(d6(r) + d6(r) - 2);
  else apply(randInt(r, 0, draw - 1));
  return null;
}
