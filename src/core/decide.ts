import type { Decision, Policy, TraceEvent } from './game.js';
import { randInt } from './rng.js';

/** A policy answered outside the legal options: a bug in the policy, reported with the decision. */
export class IllegalDecisionError extends Error {
  constructor(policy: string, decision: Decision, answer: unknown) {
    super(
      `policy "${policy}" answered ${String(answer)} to ${decision.kind} (${decision.rule}, side ${decision.side}) with ${decision.options.length} options`,
    );
    this.name = 'IllegalDecisionError';
  }
}

/** Uniform over the legal options; used by the conformance suite and as a baseline arm. */
export function randomPolicy(id = 'random'): Policy {
  return {
    id,
    choose: (_view, decision, rng) =>
      decision.options.length === 1 ? 0 : randInt(rng, 0, decision.options.length - 1),
    reset: () => {},
  };
}

/** Appends an event to a trace when tracing is on; a no-op otherwise. */
export function note(trace: TraceEvent[] | undefined, event: TraceEvent): void {
  if (trace !== undefined) trace.push(event);
}
