/**
 * Choosing and creating policies: which sides a policy plays in a scenario, policy specs with
 * typed parameters (`rollout:n=16,k=4`), and fresh policy instances per game.
 */
import { quote, UserError } from './errors.js';
import type { Decision, GameDefinition, Policy, PolicyDef, PolicyParamDef } from './game.js';

/** Sides a policy plays in `scenario`; the rules play the others (a solitaire opponent). */
export function playerSides(def: GameDefinition, scenario?: string): string[] {
  const sc = def.scenarios.find((s) => s.id === scenario) ?? def.scenarios[0];
  return def.sides
    .map((s) => s.id)
    .filter((id) =>
      sc?.players !== undefined ? sc.players[id] === 'policy' : def.policies.some((p) => p.side === id),
    );
}

/** A policy as an experiment names it: its id and its parameters (defaults filled in). */
export interface PolicySpec {
  readonly id: string;
  readonly params: Readonly<Record<string, number>>;
}

/**
 * Weights a `tune` run found for one policy, saved under a name (docs/calibrate.md "Tuned policies in experiments"):
 * `policy@name` in a policy spec plays the policy with these weights.
 */
export interface TunedPolicy {
  readonly side: string;
  readonly policy: string;
  readonly params: Readonly<Record<string, number>>;
}

/** Tuned policies by name, as the tuned-policies files an experiment names provide them. */
export type TunedPolicies = ReadonlyMap<string, TunedPolicy>;

/**
 * Parses `id`, `id:key=value,key=value` or `id@name[:key=value,...]` for side `side` of `def`,
 * checking the id and every parameter against the policy's declaration; `@name` starts from the
 * weights of tuned policy `name` (looked up in `tuned`). `where` names the file or flag for errors.
 */
export function parsePolicySpec(
  def: GameDefinition,
  side: string,
  spec: string,
  where: string,
  tuned?: TunedPolicies,
): PolicySpec {
  const colon = spec.indexOf(':');
  const head = colon < 0 ? spec : spec.slice(0, colon);
  const atSign = head.indexOf('@');
  const id = atSign < 0 ? head : head.slice(0, atSign);
  const p = def.policies.find((x) => x.side === side && x.id === id);
  if (p === undefined) {
    const known = def.policies.filter((x) => x.side === side).map((x) => x.id);
    throw new UserError(`${where}: unknown policy ${quote(id)} (known: ${known.join(', ')})`);
  }
  const decl = p.params ?? [];
  const params: Record<string, number> = {};
  for (const d of decl) params[d.id] = d.default;
  if (atSign >= 0) {
    const name = head.slice(atSign + 1);
    const t = tuned?.get(name);
    if (t === undefined)
      throw new UserError(
        `${where}: no tuned policy ${quote(name)} (${tuned === undefined || tuned.size === 0 ? 'name a tuned-policies file in the experiment\'s "tuned" field' : `known: ${[...tuned.keys()].join(', ')}`})`,
      );
    if (t.policy !== id || t.side !== side)
      throw new UserError(
        `${where}: tuned policy ${quote(name)} holds weights of ${t.side}/${t.policy}, not ${side}/${id}`,
      );
    for (const [key, value] of Object.entries(t.params)) {
      const d = decl.find((x) => x.id === key);
      if (d === undefined)
        throw new UserError(
          `${where}: tuned policy ${quote(name)}: policy ${id} has no parameter ${quote(key)}`,
        );
      params[key] = checkPolicyParam(
        d,
        String(value),
        `${where}: tuned policy ${quote(name)} parameter ${key}`,
      );
    }
  }
  if (colon >= 0) {
    for (const part of spec.slice(colon + 1).split(',')) {
      const eq = part.indexOf('=');
      const key = eq < 0 ? part : part.slice(0, eq);
      const d = decl.find((x) => x.id === key);
      if (d === undefined)
        throw new UserError(
          `${where}: policy ${id} has no parameter ${quote(key)} (known: ${decl.map((x) => x.id).join(', ') || 'none'})`,
        );
      params[key] = checkPolicyParam(
        d,
        eq < 0 ? '' : part.slice(eq + 1),
        `${where}: policy ${id} parameter ${key}`,
      );
    }
  }
  return { id, params };
}

function checkPolicyParam(d: PolicyParamDef, raw: string, where: string): number {
  const x = raw.trim() === '' ? Number.NaN : Number(raw);
  if (!Number.isFinite(x) || (d.kind === 'integer' && !Number.isInteger(x)) || x < d.min || x > d.max)
    throw new UserError(
      `${where} must be ${d.kind === 'integer' ? 'an integer' : 'a number'} in ${d.min}..${d.max}, got ${quote(raw)}`,
    );
  return x;
}

/** The canonical text of a spec: the id, then every parameter that differs from its default. */
export function formatPolicySpec(def: GameDefinition, side: string, spec: PolicySpec): string {
  const p = def.policies.find((x) => x.side === side && x.id === spec.id);
  const changed = (p?.params ?? []).filter((d) => spec.params[d.id] !== d.default);
  return changed.length === 0
    ? spec.id
    : `${spec.id}:${changed.map((d) => `${d.id}=${spec.params[d.id]}`).join(',')}`;
}

/** The definition of the policy a spec names (throws on an unknown id: specs are checked at load). */
export function policyDefOf(def: GameDefinition, side: string, id: string): PolicyDef {
  const p = def.policies.find((x) => x.side === side && x.id === id);
  if (p === undefined) throw new Error(`${def.id}: no policy ${id} for side ${side}`);
  return p;
}

/**
 * Policies for one game, created fresh so that no policy state leaks between games: the spec per
 * side (`id` or `id:k=v`), the side's default where none is given.
 */
export function createPolicies(
  def: GameDefinition,
  specs: Readonly<Record<string, string>>,
  scenario?: string,
): Record<string, Policy> {
  const out: Record<string, Policy> = {};
  for (const side of playerSides(def, scenario)) {
    const text = specs[side] ?? def.defaultPolicies[side];
    if (text === undefined) throw new Error(`${def.id}: no policy for side ${side}`);
    const spec = parsePolicySpec(def, side, text, `${def.id} ${side}`);
    out[side] = policyDefOf(def, side, spec.id).create(spec.params);
  }
  return out;
}

/**
 * A copy of policy `p` to continue a forked game as `p` would (a search fork: core/rollout.ts, or
 * any SearchContext user): `p.clone()` when `p` keeps a plan it can copy (Policy.clone); `p` itself
 * when it keeps nothing about the game so far (neither `clone` nor `reset`: its answers depend on
 * the state it is shown alone, so sharing it with a fork changes nothing); undefined when it
 * remembers the game (`reset`) but cannot be copied, where the caller takes a fresh policy.
 */
export function clonePolicy<V, D extends Decision>(p: Policy<V, D>): Policy<V, D> | undefined {
  if (p.clone !== undefined) return p.clone();
  return p.reset === undefined ? p : undefined;
}
