import type { Decision, Policy, TraceEvent } from './game.js';
import { type GameStreams, randInt } from './rng.js';

/** A policy answered outside the legal options: a bug in the policy, reported with the decision. */
export class IllegalDecisionError extends Error {
  constructor(policy: string, decision: Decision, answer: unknown) {
    super(
      `policy "${policy}" answered ${String(answer)} to ${decision.kind} (${decision.rule}, side ${decision.side}) with ${decision.options.length} options`,
    );
    this.name = 'IllegalDecisionError';
  }
}

/** `policy:<side>`, built once per side: a string made per decision would be hashed on every stream lookup. */
const policyStreams = new Map<string, string>();
function policyStream(side: string): string {
  let name = policyStreams.get(side);
  if (name === undefined) {
    name = `policy:${side}`;
    policyStreams.set(side, name);
  }
  return name;
}

/**
 * Asks the policy of `decision.side` to choose, checks the answer and returns the option index.
 * The policy draws from its own stream `policy:<side>`, so its randomness never moves the dice.
 */
export function ask<V, O>(
  streams: GameStreams,
  policies: Readonly<Record<string, Policy>>,
  view: V,
  decision: Decision<string, O>,
): number {
  const policy = policies[decision.side];
  if (policy === undefined) throw new Error(`no policy for side ${decision.side}`);
  if (decision.options.length === 0)
    throw new Error(`decision ${decision.kind} (${decision.rule}) has no options`);
  const answer = policy.choose(view, decision as Decision, streams.stream(policyStream(decision.side)));
  if (!Number.isInteger(answer) || answer < 0 || answer >= decision.options.length) {
    throw new IllegalDecisionError(policy.id, decision as Decision, answer);
  }
  return answer;
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
