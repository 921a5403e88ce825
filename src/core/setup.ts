import { quote, UserError } from './errors.js';
import type { GameDefinition, GameSetup, ParameterDef, ParamValue } from './game.js';

/** What a user asks for: a scenario, variant switches and parameter overrides (all optional). */
export interface SetupRequest {
  readonly scenario?: string | undefined;
  readonly variants?: Readonly<Record<string, boolean>> | undefined;
  readonly params?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * Checks a request against a game's definition and fills in defaults, collecting every problem
 * (each naming its field) rather than stopping at the first. Refused: an unknown scenario, variant
 * or parameter; two variants of one group both switched on (they are alternatives); a group left
 * with no variant on; a bad parameter value; a parameter set, or a variant switched away from its
 * default, in a scenario it does not apply to (ParameterDef.scenarios, VariantDef.scenarios).
 */
export function checkSetup(def: GameDefinition, req: SetupRequest): { setup: GameSetup; problems: string[] } {
  const problems: string[] = [];
  const scenario = req.scenario ?? def.scenarios[0]!.id;
  const knownScenario = def.scenarios.some((s) => s.id === scenario);
  if (!knownScenario) {
    problems.push(
      `field scenario: ${quote(scenario)} is not a scenario of ${def.id} (known: ${def.scenarios.map((s) => s.id).join(', ')})`,
    );
  }
  const on = new Set(def.variants.filter((v) => v.default).map((v) => v.id));
  const switchedOn = new Map<string, string>(); // group -> the variant the request switched on
  for (const [id, enabled] of Object.entries(req.variants ?? {})) {
    const v = def.variants.find((x) => x.id === id);
    if (v === undefined) {
      problems.push(
        `field variants: variant ${quote(id)} is not a variant of ${def.id} (known: ${def.variants.map((x) => x.id).join(', ')})`,
      );
      continue;
    }
    if (typeof enabled !== 'boolean') {
      problems.push(
        `field variants.${id}: variant ${quote(id)} must be true or false, got ${quote(enabled)}`,
      );
      continue;
    }
    if (
      knownScenario &&
      v.scenarios !== undefined &&
      !v.scenarios.includes(scenario) &&
      enabled !== v.default
    ) {
      problems.push(
        `field variants.${id}: variant ${id} applies only to scenario${v.scenarios.length === 1 ? '' : 's'} ${v.scenarios.join(', ')}, not to ${scenario}`,
      );
      continue;
    }
    if (enabled) {
      if (v.group !== undefined) {
        const other = switchedOn.get(v.group);
        if (other !== undefined) {
          problems.push(
            `field variants: ${quote(other)} and ${quote(id)} are alternatives (group ${quote(v.group)}): switch on one of them`,
          );
          continue;
        }
        switchedOn.set(v.group, id);
        for (const o of def.variants) if (o.group === v.group) on.delete(o.id);
      }
      on.add(id);
    } else {
      on.delete(id);
    }
  }
  const groups = new Set(def.variants.flatMap((v) => (v.group === undefined ? [] : [v.group])));
  for (const g of groups) {
    const chosen = def.variants.filter((v) => v.group === g && on.has(v.id));
    if (chosen.length !== 1) {
      problems.push(
        `field variants: exactly one variant of group ${quote(g)} must be on, got ${chosen.length === 0 ? 'none' : chosen.map((v) => v.id).join(' and ')}`,
      );
    }
  }
  const params: Record<string, ParamValue> = {};
  for (const p of def.parameters) params[p.id] = p.default;
  for (const [id, value] of Object.entries(req.params ?? {})) {
    const p = def.parameters.find((x) => x.id === id);
    if (p === undefined) {
      problems.push(
        `field params: parameter ${quote(id)} is not a parameter of ${def.id} (known: ${def.parameters.map((x) => x.id).join(', ')})`,
      );
      continue;
    }
    if (knownScenario && p.scenarios !== undefined && !p.scenarios.includes(scenario)) {
      problems.push(
        `field params.${id}: parameter ${id} applies only to scenario${p.scenarios.length === 1 ? '' : 's'} ${p.scenarios.join(', ')}, not to ${scenario}`,
      );
      continue;
    }
    try {
      params[id] = checkParam(p, value, `field params.${id}: parameter ${id}`, def.locationIds?.());
    } catch (e) {
      if (!(e instanceof UserError)) throw e;
      problems.push(e.message);
    }
  }
  return { setup: { scenario, variants: on, params }, problems };
}

/**
 * Checks a request against a game's definition and fills in defaults. `where` names the file or
 * flag the request came from, so every error says where the bad value is; every problem is listed.
 */
export function resolveSetup(def: GameDefinition, req: SetupRequest, where: string): GameSetup {
  const { setup, problems } = checkSetup(def, req);
  if (problems.length > 0) throw new UserError(`${where}: ${problems.join('; ')}`);
  return setup;
}

/**
 * Validates one parameter value against its definition; `locations` are the game's location ids
 * (GameDefinition.locationIds), which location and locationList values must name.
 */
export function checkParam(
  p: ParameterDef,
  value: unknown,
  where: string,
  locations?: ReadonlySet<string>,
): ParamValue {
  const inRange = (x: number) => (p.min === undefined || x >= p.min) && (p.max === undefined || x <= p.max);
  const range = `${p.min ?? '-inf'}..${p.max ?? 'inf'}`;
  switch (p.kind) {
    case 'integer':
    case 'number': {
      const x = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (
        typeof x !== 'number' ||
        !Number.isFinite(x) ||
        (p.kind === 'integer' && !Number.isInteger(x)) ||
        !inRange(x)
      ) {
        throw new UserError(
          `${where} must be ${p.kind === 'integer' ? 'an integer' : 'a number'} in ${range}, got ${quote(value)}`,
        );
      }
      return x;
    }
    case 'choice':
      if (typeof value !== 'string' || !(p.choices ?? []).includes(value)) {
        throw new UserError(`${where} must be one of ${(p.choices ?? []).join(', ')}, got ${quote(value)}`);
      }
      return value;
    case 'location':
      if (typeof value !== 'string')
        throw new UserError(`${where} must be a location id, got ${quote(value)}`);
      checkLocation(locations, where, value);
      return value;
    case 'locationList': {
      const list =
        typeof value === 'string'
          ? value
              .split(',')
              .map((s) => s.trim())
              .filter((s) => s !== '')
          : value;
      if (!Array.isArray(list) || !list.every((h) => typeof h === 'string')) {
        throw new UserError(`${where} must be a list of location ids, got ${quote(value)}`);
      }
      if (p.length !== undefined && list.length !== p.length) {
        throw new UserError(
          `${where} must list exactly ${p.length} locations, got ${list.length} (${quote(value)})`,
        );
      }
      for (const [i, h] of (list as string[]).entries()) checkLocation(locations, `${where}[${i}]`, h);
      return list as string[];
    }
  }
}

/** A location value must be one of the game's location ids (a game without them has no location parameters). */
function checkLocation(locations: ReadonlySet<string> | undefined, where: string, id: string): void {
  if (locations === undefined)
    throw new Error(`${where}: a location parameter, but the game defines no locationIds()`);
  if (locations.has(id)) return;
  const some = [...locations].slice(0, 3).join(', ');
  throw new UserError(
    `${where}: ${quote(id)} is not a location of the board (${locations.size} locations, e.g. ${some})`,
  );
}

/** A parameter value as an arm label shows it: a list joined with "+". */
export function paramLabel(v: unknown): string {
  return Array.isArray(v) ? v.join('+') : String(v);
}

/**
 * The values a sweep plays: its own, after the parameter's default when that is not among them
 * (each point is compared with the same arm at the default, so the default is always played).
 */
export function sweepPoints(
  values: readonly unknown[],
  defaultValue: ParamValue | undefined,
): readonly unknown[] {
  if (defaultValue === undefined) return values;
  const d = paramLabel(defaultValue);
  return values.some((v) => paramLabel(v) === d) ? values : [defaultValue, ...values];
}
