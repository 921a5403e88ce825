/**
 * Which games a command line names, read before the command runs so that the CLI loads only those
 * (src/cli/program.ts): a game operand (`list dc`, `play dc`, `odds dc`), an experiment or search
 * file's `game` field (`run`, `calibrate`, `tune`, `play --from`), a run directory's manifest
 * (`report`, `replay`, `compare`, `merge`). Where the games cannot be told from the command line
 * and its files (a file that cannot be read or parsed, a folder of shards), every game is loaded
 * and the command's own checks speak as they always have.
 */
import { dirname } from 'node:path';
import type { Command, Option } from 'commander';
import type { GameRegistry } from '../core/registry.js';

/** The game ids a command needs loaded: a list (possibly empty), or every game. */
export type NamedGames = readonly string[] | 'all';

/** Reads a text file; undefined when it cannot be read (missing, a directory, no permission). */
export type ReadText = (path: string) => string | undefined;

/** A command's arguments as commander splits them: operands, then unknown options and what follows. */
interface Scanned {
  readonly positional: readonly string[];
  readonly values: ReadonlyMap<string, string>;
  readonly help: boolean;
}

const isHelp = (arg: string) => arg === '-h' || arg === '--help';
const looksLikeOption = (arg: string) => arg.length > 1 && arg.startsWith('-');

/**
 * Splits a command's arguments as commander's parseOptions does: a known option takes its value
 * (the next argument, or `--name=value`; an optional value only when the next argument is not an
 * option), an unknown option sends it and every later non-option to the unknown list, `--` ends
 * the options. `values` holds each value option's last value by its long name.
 */
function scan(cmd: Command, args: readonly string[]): Scanned {
  const operands: string[] = [];
  const unknown: string[] = [];
  const values = new Map<string, string>();
  let dest = operands;
  let help = false;
  const find = (flag: string): Option | undefined =>
    cmd.options.find((o) => o.long === flag || o.short === flag);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      if (dest === unknown) dest.push(arg);
      dest.push(...args.slice(i + 1));
      break;
    }
    if (looksLikeOption(arg)) {
      if (isHelp(arg)) {
        help = true;
        continue;
      }
      const option = find(arg);
      if (option !== undefined) {
        if (option.required) {
          const v = args[i + 1];
          if (v !== undefined) values.set(option.long ?? arg, v);
          i++;
        } else if (option.optional) {
          const v = args[i + 1];
          if (v !== undefined && !looksLikeOption(v)) {
            values.set(option.long ?? arg, v);
            i++;
          }
        }
        continue;
      }
      const eq = arg.indexOf('=');
      if (arg.startsWith('--') && eq > 2) {
        const withValue = find(arg.slice(0, eq));
        if (withValue !== undefined && (withValue.required || withValue.optional)) {
          values.set(withValue.long ?? arg.slice(0, eq), arg.slice(eq + 1));
          continue;
        }
      }
      dest = unknown;
    }
    dest.push(arg);
  }
  return { positional: [...operands, ...unknown], values, help };
}

/** Every id of a list of NamedGames, or every game if any of them is. */
function union(parts: readonly NamedGames[]): NamedGames {
  if (parts.includes('all')) return 'all';
  return [...new Set(parts.flatMap((p) => (p === 'all' ? [] : p)))];
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The `game` field of an experiment or search file (none beside its `gameModule`'s game). */
function gameOfFile(path: string, readText: ReadText): NamedGames {
  const body = parseJson(readText(path));
  const { game, gameModule } = (body ?? {}) as { game?: unknown; gameModule?: unknown };
  if (typeof body !== 'object' || body === null) return 'all';
  if (typeof gameModule === 'string' && game === undefined) return [];
  return typeof game === 'string' ? [game] : 'all';
}

/** The game of a run or shard directory's manifest (its `game.id`, and its experiment's `game`). */
function gameOfRunDir(dir: string, readText: ReadText): NamedGames {
  const m = parseJson(readText(`${dir}/manifest.json`)) as
    | { game?: { id?: unknown }; experiment?: { game?: unknown } }
    | undefined;
  if (typeof m !== 'object' || m === null) return 'all';
  const id = m.game?.id;
  const fromExperiment = m.experiment?.game;
  if (typeof id !== 'string') return 'all';
  return typeof fromExperiment === 'string' ? union([[id], [fromExperiment]]) : [id];
}

/** `play --from`: a run directory (it holds manifest.json) or an experiment file. */
function gameOfSource(source: string, readText: ReadText): NamedGames {
  return readText(`${source}/manifest.json`) === undefined
    ? gameOfFile(source, readText)
    : gameOfRunDir(source, readText);
}

/** The commands of src/cli/program.ts by name, so that the switch below covers each. */
type CommandName =
  | 'list'
  | 'run'
  | 'play'
  | 'merge'
  | 'replay'
  | 'odds'
  | 'compare'
  | 'strength'
  | 'plan'
  | 'report'
  | 'calibrate'
  | 'tune'
  | 'balance'
  | 'check';

const COMMAND_NAMES: readonly CommandName[] = [
  'list',
  'run',
  'play',
  'merge',
  'replay',
  'odds',
  'compare',
  'strength',
  'plan',
  'report',
  'calibrate',
  'tune',
  'balance',
  'check',
];

const isCommandName = (name: string): name is CommandName =>
  (COMMAND_NAMES as readonly string[]).includes(name);

/**
 * The games `sandtable <args>` needs, told from `program`'s commands (their options say which
 * take a value) and the files the arguments name, read with `readText`. Help needs no game but
 * for `odds`, whose help lists the named game's options (every game's odds, without one); a
 * command line commander refuses (an unknown command or option) needs none.
 */
export function gamesNamedBy(program: Command, args: readonly string[], readText: ReadText): NamedGames {
  const at = args.findIndex((a) => !looksLikeOption(a));
  if (at < 0 || args.slice(0, at).length > 0) return []; // program options only: help, version or a refusal
  const name = args[at]!;
  const rest = args.slice(at + 1);
  if (name === 'help') return rest[0] === 'odds' ? 'all' : [];
  const cmd = program.commands.find((c) => c.name() === name || c.aliases().includes(name));
  if (cmd === undefined || !isCommandName(cmd.name())) return [];
  const { positional, values, help } = scan(cmd, rest);
  const first = positional[0];
  const command = cmd.name() as CommandName;
  switch (command) {
    case 'list':
      if (help || (first === undefined && values.has('--game-module'))) return [];
      return first === undefined ? 'all' : [first];
    case 'play': {
      if (help) return [];
      const from = values.get('--from');
      if (from !== undefined) return gameOfSource(from, readText);
      return first === undefined ? [] : [first];
    }
    case 'odds': {
      const game = first !== undefined && !first.startsWith('--') ? first : undefined;
      if (help) return game === undefined ? 'all' : [game];
      if (values.has('--table') || values.has('--against')) return [];
      return game === undefined ? [] : [game];
    }
    case 'run':
    case 'calibrate':
    case 'tune':
    case 'balance':
      return help || first === undefined ? [] : gameOfFile(first, readText);
    case 'report':
    case 'replay':
      return help || first === undefined ? [] : gameOfRunDir(first, readText);
    case 'compare':
    case 'merge':
    case 'strength':
      return help ? [] : union(positional.map((dir) => gameOfRunDir(dir, readText)));
    case 'plan':
    case 'check':
      return [];
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

/** A game module a command line names: its path as given, what it is relative to, and who names it. */
export interface NamedModule {
  readonly path: string;
  /** The directory a relative path is resolved against. */
  readonly base: string;
  /** The file and field, or the option, that names it (for a refusal). */
  readonly where: string;
}

/** The `gameModule` field of an experiment or search file, relative to the file. */
function moduleOfFile(path: string, readText: ReadText): NamedModule | undefined {
  const body = parseJson(readText(path)) as { gameModule?: unknown } | undefined;
  const m = typeof body === 'object' && body !== null ? body.gameModule : undefined;
  return typeof m === 'string'
    ? { path: m, base: dirname(path), where: `${path}: field gameModule` }
    : undefined;
}

/** The game module a run or shard directory's manifest records (an absolute path). */
function moduleOfRunDir(dir: string, readText: ReadText): NamedModule | undefined {
  const m = parseJson(readText(`${dir}/manifest.json`)) as { gameModule?: { path?: unknown } } | undefined;
  const path = typeof m === 'object' && m !== null ? m.gameModule?.path : undefined;
  return typeof path === 'string'
    ? { path, base: dir, where: `${dir}/manifest.json: field gameModule.path` }
    : undefined;
}

/**
 * The game module (docs/adding-a-game.md) `sandtable <args>` plays, when it plays one: the
 * `--game-module` option of list, play, odds and check (relative to the working directory) or
 * check's operand, the `gameModule` field of an experiment or search file (relative to the file),
 * or the module a run directory's manifest records. The CLI loads it before the command runs.
 */
export function moduleNamedBy(
  program: Command,
  args: readonly string[],
  readText: ReadText,
  cwd: string,
): NamedModule | undefined {
  const at = args.findIndex((a) => !looksLikeOption(a));
  if (at < 0 || at > 0) return undefined;
  const cmd = program.commands.find((c) => c.name() === args[at] || c.aliases().includes(args[at]!));
  if (cmd === undefined || !isCommandName(cmd.name())) return undefined;
  const { positional, values, help } = scan(cmd, args.slice(at + 1));
  if (help) return undefined;
  const option = values.get('--game-module');
  const fromOption =
    option === undefined ? undefined : { path: option, base: cwd, where: 'option --game-module' };
  const first = positional[0];
  const command = cmd.name() as CommandName;
  switch (command) {
    case 'list':
    case 'odds':
      return fromOption;
    case 'check':
      return fromOption ?? (first === undefined ? undefined : { path: first, base: cwd, where: 'check' });
    case 'play': {
      const from = values.get('--from');
      if (from === undefined) return fromOption;
      return readText(`${from}/manifest.json`) === undefined
        ? moduleOfFile(from, readText)
        : moduleOfRunDir(from, readText);
    }
    case 'run':
    case 'calibrate':
    case 'tune':
    case 'balance':
      return first === undefined ? undefined : moduleOfFile(first, readText);
    case 'report':
    case 'replay':
      return first === undefined ? undefined : moduleOfRunDir(first, readText);
    case 'compare':
    case 'merge':
    case 'strength':
      return positional.map((dir) => moduleOfRunDir(dir, readText)).find((m) => m !== undefined);
    case 'plan':
      return undefined;
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

/** The id of the one game of `games` loaded from a module, if there is one (the game `--game-module` names). */
export function moduleGameId(games: GameRegistry): string | undefined {
  return games.list().find((g) => games.moduleOf?.(g.id) !== undefined)?.id;
}
