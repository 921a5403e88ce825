/**
 * The games as data over a registry the caller gives (src/api/games.ts, the library's view, gives
 * every game by default; the CLI gives the games a command names): what `sandtable list` shows,
 * and exact combat odds from each game's own odds provider (what `sandtable odds` prints).
 */
import { quote, UserError } from '../core/errors.js';
import type { GameDefinition, GameMeta, OddsOption, OddsTable, PolicyParamDef } from '../core/game.js';
import type { GameRegistry } from '../core/registry.js';

/** One policy a side can be played by, with its typed parameters (`id:param=value`). */
export interface PolicyInfo {
  readonly id: string;
  readonly side: string;
  readonly description: string;
  readonly params: readonly PolicyParamDef[];
}

/**
 * A registered game's metadata: exactly what `sandtable list --json` prints for it. `rules` is the
 * rule book the game follows; `parameters` are the numbers and tables the rules do not fix, each
 * with its default, range and provenance; `locations`, every cell id a location parameter may
 * name, is there when the game has location parameters; `verdictReadings` when the game declares them.
 */
export type GameInfo = Pick<
  GameMeta,
  'id' | 'title' | 'sides' | 'scenarios' | 'defaultPolicies' | 'variants' | 'parameters' | 'results' | 'stats'
> & {
  readonly rules: string;
  readonly policies: readonly PolicyInfo[];
  readonly locations?: readonly string[];
  /** The readings a verdict's robustness band plays (`matrix.readings`), when the game declares any. */
  readonly verdictReadings?: GameMeta['verdictReadings'];
};

function infoOf(g: GameDefinition): GameInfo {
  return {
    id: g.id,
    title: g.title,
    rules: g.rulesTitle,
    sides: g.sides,
    scenarios: g.scenarios,
    policies: g.policies.map((p) => ({
      id: p.id,
      side: p.side,
      description: p.description,
      params: p.params ?? [],
    })),
    defaultPolicies: g.defaultPolicies,
    variants: g.variants,
    parameters: g.parameters,
    ...(g.locationIds === undefined ? {} : { locations: [...g.locationIds()] }),
    results: g.results,
    stats: g.stats,
    ...(g.verdictReadings === undefined ? {} : { verdictReadings: g.verdictReadings }),
  };
}

/** Every game of `registry`'s metadata, in registry order. */
export function listGames(registry: GameRegistry): GameInfo[] {
  return registry.list().map(infoOf);
}

/** One game's metadata; an unknown id is a UserError listing the known ones. */
export function gameInfo(id: string, registry: GameRegistry): GameInfo {
  return infoOf(registry.get(id, 'gameInfo'));
}

/** One game's definition; an unknown id is a UserError listing the known ones. */
export function gameDefinition(id: string, registry: GameRegistry): GameDefinition {
  return registry.get(id, 'gameDefinition');
}

/** What `sandtable odds sfo` takes (each option as its --flag; flags as `true`). */
export interface SfoOddsSituation {
  readonly level?: 'basic' | 'advanced' | 'expert';
  readonly crt?: 'unified' | 'chart-basic';
  /** Basic: attacking units (the column), 1..12. */
  readonly attackers?: number;
  /** Advanced: total offence, 0..30. */
  readonly attack?: number;
  /** Advanced: total defence, 0..30 (default 1). */
  readonly defence?: number;
  readonly forest?: boolean;
  readonly air?: boolean;
  readonly artillery?: boolean;
  readonly spetsnaz?: boolean;
}

/** What `sandtable odds scs` takes (each option as its --flag; flags as `true`; see `oddsOptions('scs')`). */
export interface ScsOddsSituation {
  /** Soviet army as steps:type, e.g. '8:combined'. */
  readonly attacker?: string;
  readonly '1e'?: number;
  readonly 'shock-first'?: boolean;
  readonly vi?: boolean;
  readonly 'vi-round'?: number;
  readonly kind?: 'defence' | 'relief' | 'breakout';
  /** Explicit German force, e.g. 'mech:1,nonmech:2,security:0'. */
  readonly defender?: string;
  readonly guderian?: boolean;
  readonly viii?: boolean;
  readonly ops?: boolean;
  readonly rotkopf?: boolean;
  readonly raid?: boolean;
  readonly pool?: string;
  readonly marker?: string;
  readonly pocket?: number;
  readonly hex?: string;
  readonly forest?: boolean;
  readonly rounds?: number | 'all';
  readonly mf?: number;
  readonly 'kill-order'?: string;
  readonly crt?: string;
  readonly errata?: boolean;
  readonly 'marker-in-garrison'?: boolean;
  readonly 'double-six'?: boolean;
  readonly 'relief-ignores-support'?: boolean;
}

/** Any game's odds options by name: a value, or `true` for a flag; `false` and `undefined` leave it out. */
export type OddsSituation = Readonly<Record<string, string | number | boolean | undefined>>;

/** The typed situations of the toolkit's games, by game id. */
export interface OddsSituations {
  readonly sfo: SfoOddsSituation;
  readonly scs: ScsOddsSituation;
}

/** What `odds(game, ...)` takes for game `G`: its typed situation, or any game's options by name. */
export type OddsSituationOf<G extends string> = G extends keyof OddsSituations
  ? OddsSituations[G]
  : OddsSituation;

/** A game's odds calculator: what it computes and the options it takes. */
export interface OddsInfo {
  readonly description: string;
  readonly options: readonly OddsOption[];
}

function oddsProvider(game: string, registry: GameRegistry) {
  const def = registry.get(game, 'odds');
  if (def.odds === undefined) throw new UserError(`odds: ${game} has no exact odds calculator yet`);
  return def.odds;
}

/** The error for an option `name` a game's odds calculator does not take, listing those it does. */
export function unknownOddsOption(
  game: string,
  name: string,
  declared: readonly { readonly name: string }[],
): UserError {
  return new UserError(
    `odds ${game}: unknown option --${name} (known: ${declared.map((o) => `--${o.name}`).join(', ')})`,
  );
}

/** The options `odds(game, ...)` takes; UserError for an unknown game or one without odds. */
export function oddsOptions(game: string, registry: GameRegistry): OddsInfo {
  const { description, options } = oddsProvider(game, registry);
  return { description, options };
}

/**
 * Exact outcome probabilities of a game's combat tables for the situation described (the same
 * options `sandtable odds <game>` takes, without the dashes), from the game's own odds provider.
 * An unknown game, an unknown option, a value for a flag, a flag given a value, or a bad value is
 * a one-line UserError.
 */
export function odds<G extends string>(
  game: G,
  situation: OddsSituationOf<G> | undefined,
  registry: GameRegistry,
): OddsTable[] {
  const provider = oddsProvider(game, registry);
  const args: Record<string, string | true> = {};
  for (const [name, value] of Object.entries(situation ?? {}) as [string, unknown][]) {
    const opt = provider.options.find((o) => o.name === name);
    if (opt === undefined) throw unknownOddsOption(game, name, provider.options);
    if (value === undefined) continue;
    if (opt.flag === true) {
      if (typeof value !== 'boolean')
        throw new UserError(
          `odds ${game}: option --${name} is a flag: give true or false, got ${quote(value)}`,
        );
      if (value) args[name] = true;
    } else {
      if (typeof value !== 'string' && typeof value !== 'number')
        throw new UserError(`odds ${game}: option --${name} needs a value, got ${quote(value)}`);
      args[name] = String(value);
    }
  }
  return provider.compute(args);
}
