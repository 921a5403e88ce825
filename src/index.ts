/**
 * Sandtable as a library: `import { runExperiment, loadRun, compare, odds, listGames } from 'sandtable'`.
 *
 * Contracts every function keeps:
 * - A mistake in what the caller gave (an unknown game, option or field, a bad value, a damaged
 *   run directory) is thrown as a {@link UserError} whose message is one line naming the value:
 *   the same line `sandtable` prints for the same mistake on the command line.
 * - Nothing is kept between calls: each call builds what it needs (the game registry included),
 *   so calls may run concurrently on different run directories.
 * - Results never depend on worker count or chunk size; two arms, or two runs with the same seed,
 *   play every game index with the same dice (common random numbers).
 *
 * Stepping one game yourself (a UI, a debugger, a search): take the game's definition from
 * {@link gameDefinition}, its setup from {@link resolveSetup}, and drive it with
 * {@link startMatch} (`pending()`, `apply(choice)`, `clone()`, `record()`) or play it to the end
 * with {@link playMatch} and the policies of {@link createPolicies}. A search keys positions by
 * {@link stateKey}, scores finished games by {@link returns} / {@link resultValue}, and continues a
 * fork as a scripted player would with {@link clonePolicy}.
 */

/** arquero's helpers for verbs over a run's games table (the table itself comes from loadRun). */
export { type ColumnTable, desc, escape, op } from 'arquero';
export type { ComparisonRow } from './analysis/compare.js';
export {
  type LadderDesign,
  type LadderResult,
  ladderAnalysis,
} from './analysis/ladder.js';
export {
  type BalanceBand,
  DEFAULT_BALANCE_BAND,
  type LpSolver,
  loadLpSolver,
  type MetaGame,
  metaGame,
  solveZeroSum,
  type ZeroSumSolution,
} from './analysis/metagame.js';
export type { OutcomeRow } from './analysis/summary.js';
export { type CheckOptions, type CheckReport, type CheckResult, checkGame } from './api/check.js';
export {
  type GameInfo,
  gameDefinition,
  gameInfo,
  listGames,
  type OddsInfo,
  type OddsSituation,
  type OddsSituationOf,
  type OddsSituations,
  odds,
  oddsOptions,
  type PolicyInfo,
  type ScsOddsSituation,
  type SfoOddsSituation,
} from './api/games.js';
export {
  compare,
  type ExperimentRun,
  type LoadedRun,
  type LoadRunOptions,
  loadRun,
  type RunComparison,
  type RunExperimentOptions,
  runExperiment,
} from './api/runs.js';
export {
  battleColumn,
  type CombatTable,
  columnCounts,
  compareTables,
  diceCounts,
  loadCombatTable,
  oddsOfTable,
  oddsOfTableFile,
  parseCsvTable,
  parseJsonTable,
  type Situation as TableSituation,
  type TableDifference,
} from './api/tables.js';
// Writing a game of your own (docs/adding-a-game.md): the kernel every game runs on, the game
// contract, its boards, the random streams, dice and hex grids, the random policy and narration.
export { checkBoard } from './core/board.js';
export { note, randomPolicy } from './core/decide.js';
export { d6, nd6, pick, roll, shuffleInPlace, weightedIndex } from './core/dice.js';
export {
  ConformanceError,
  enumerateChance,
  GameMatch,
  type MatchOptions,
  playMatch,
  playOneGame,
  startMatch,
} from './core/driver.js';
export { UserError } from './core/errors.js';
export type {
  BoardCell,
  BoardDef,
  ChanceNode,
  ChanceOutcome,
  Decision,
  GameDefinition,
  GameMeta,
  GameRecord,
  GameSeed,
  GameSetup,
  GameStateBase,
  HexBoardDef,
  HexCell,
  HexSheet,
  Match,
  OddsOption,
  OddsProvider,
  OddsTable,
  ParameterDef,
  ParamValue,
  Pending,
  PointBoardDef,
  Policy,
  PolicyDef,
  PolicyParamDef,
  Provenance,
  ResultDef,
  ScenarioDef,
  SearchContext,
  SideDef,
  StatDef,
  SteppedGame,
  TraceEvent,
  VariantDef,
  Workspace,
  ZoneBoardDef,
} from './core/game.js';
export {
  adjacent,
  createHexGrid,
  cubeDistance,
  type HexGrid,
  type HexGridSpec,
  hexId,
  offsetNeighbours,
  parseHexId,
  type ShiftedColumns,
} from './core/hex.js';
export {
  type AnswerSource,
  answerMachine,
  type DecisionOf,
  expectKind,
  type Machine,
  type MachineState,
  runMachine,
  type TaskBase,
  type TaskKind,
  type TaskOf,
  type TurnMachine,
  turnMachine,
  unreachable,
} from './core/kernel.js';
export { clonePolicy, createPolicies } from './core/policies.js';
export { createRegistry, type GameModuleRef, type GameRegistry } from './core/registry.js';
export {
  newRngState,
  type Rng,
  type RngState,
  randInt,
  randUnit,
  Streams,
  streamRng,
} from './core/rng.js';
export { ROLLOUT_ID } from './core/rollout.js';
export { isSearchPolicy, withSearchPolicies } from './core/search-policies.js';
export { resolveSetup, type SetupRequest } from './core/setup.js';
export { stateKey } from './core/state-hash.js';
export { resultValue, returns } from './core/values.js';
export type { ExperimentSpec } from './runner/experiment.js';
export type { Manifest } from './runner/manifest.js';
export { RunFailure } from './runner/run.js';
