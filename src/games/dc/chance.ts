/**
 * DC's chance points (DC 1.D: one or two dice for weather, combat, the Siberian gamble, German
 * replacements and torpedoes) as the kernel's chance nodes (core/kernel.ts): in explicit-chance
 * mode a task returns one with the exact outcomes its own code would roll; in sampled mode the same
 * task draws from the game's named stream and carries out the drawn outcome through the same code.
 */
import type { ChanceNode } from '../../core/game.js';

const FACES = [1, 2, 3, 4, 5, 6].map((d) => ({ label: String(d), p: 1 / 6 }));

/** One die: outcome k is the face k + 1. */
export function dieNode(rule: string, what: string): ChanceNode {
  return { kind: 'chance', side: 'chance', rule, what, outcomes: FACES };
}

/** The face of die outcome `k` of a `dieNode`. */
export const faceOf = (k: number): number => k + 1;

/** A distribution over the values 0..n (index = value), its outcomes the values of positive probability. */
export function valueNode(rule: string, what: string, dist: readonly number[]): ChanceNode {
  const outcomes: { label: string; p: number }[] = [];
  dist.forEach((p, v) => {
    if (p > 0) outcomes.push({ label: String(v), p });
  });
  return { kind: 'chance', side: 'chance', rule, what, outcomes };
}

/** The value of outcome `k` of a `valueNode`. */
export const outcomeValue = (node: ChanceNode, k: number): number => Number(node.outcomes[k]!.label);
