/**
 * Fake games on the fixture boards of ./boards.ts, and a run of one written through the runner's
 * own layout, games table, heat counts and finishRun (so the report is the real report code).
 * These games are never registered: the CLI and `sandtable list` do not know them.
 *
 * Each game marks every cell i independently with probability (i + 1) / (cells + 1), drawn from
 * its 'combat' stream; variant `bold` adds a quarter to every probability (capped at 1). The first
 * side wins when it marks more than half the cells. Location parameters `start` (one cell) and
 * `objectives` (two) are checked but not used in play.
 *
 * The game is written as every game is (src/core/kernel.ts): a TurnMachine with one task kind,
 * `mark`, whose step is a chance point (one per cell). In the default sampled mode the step draws
 * from the game's own stream and carries out the drawn outcome through the same function the
 * kernel hands an explicit outcome to (`markOutcome`); in explicit-chance mode it stops at the
 * chance node. No side is ever asked anything, so the game has no decision kinds and no policies.
 */

import { GamesTableBuilder } from '../../src/analysis/games-table.js';
import type { BoardDef, PointBoardDef, ZoneBoardDef } from '../../src/core/board.js';
import type {
  ChanceNode,
  GameDefinition,
  GameRecord,
  GameSeed,
  GameSetup,
  GameStateBase,
  SteppedGame,
  Workspace,
} from '../../src/core/game.js';
import { answerMachine, type MachineState, runMachine, turnMachine } from '../../src/core/kernel.js';
import { newRngState, randUnit, Streams } from '../../src/core/rng.js';
import { resolveSetup } from '../../src/core/setup.js';
import type { Experiment, ResolvedArm } from '../../src/runner/experiment.js';
import { finishRun } from '../../src/runner/finish.js';
import { HeatCounts } from '../../src/runner/heat.js';
import { heatSize, recordColumns, writeRecord } from '../../src/runner/layout.js';
import { newManifest } from '../../src/runner/manifest.js';
import { playGame } from '../../src/runner/play.js';
import { pointBoard, zoneBoard } from './boards.js';

/** The one task kind: marking cells in turn, `cell` the next one to roll for. */
interface MarkTask {
  readonly t: 'mark';
  cell: number;
}

/** The fixture asks no side anything: its decision union is empty. */
type FixtureDecision = never;

interface FixtureState extends GameStateBase, MachineState<MarkTask, FixtureDecision> {
  readonly bold: boolean;
  readonly cells: number;
  marked: number[];
  turn: number;
  over: boolean;
}

/** The chance that cell `i` is marked. */
const markChance = (s: FixtureState, i: number): number =>
  Math.min(1, (i + 1) / (s.cells + 1) + (s.bold ? 0.25 : 0));

/** Outcome `k` of the roll for the task's cell (0 marked, 1 not): the one "apply outcome k". */
function markOutcome(s: FixtureState, task: MarkTask, k: number): void {
  if (k === 0) s.marked.push(task.cell);
  task.cell++;
}

const MACHINE = turnMachine<FixtureState, Workspace, MarkTask, FixtureDecision>({
  game: 'fixture',
  over: (s) => s.over,
  /** Turn 1 is the marking; after it the game ends. */
  nextPhase(s) {
    if (s.turn === 0) {
      s.turn = 1;
      s.stack.push({ t: 'mark', cell: 0 });
    } else {
      s.over = true;
    }
  },
  tasks: {
    mark: {
      step(s, ws, task): ChanceNode | null {
        if (task.cell >= s.cells) {
          s.stack.pop();
          return null;
        }
        const p = markChance(s, task.cell);
        if (ws.explicitChance)
          return {
            kind: 'chance',
            side: 'chance',
            rule: 'fixture',
            what: `cell ${task.cell} marked`,
            outcomes: [
              { label: 'marked', p },
              { label: 'not marked', p: 1 - p },
            ],
          };
        markOutcome(s, task, randUnit(ws.streams.stream('combat')) < p ? 0 : 1);
        return null;
      },
      answer(_s, _ws, task, d) {
        throw new Error(`fixture: decision ${JSON.stringify(d)} answered in task ${task.t}`);
      },
      outcome: (s, _ws, task, _node, k) => markOutcome(s, task, k),
    },
  },
});

/**
 * The fixture's value of a position, exact: the chance that more than half the cells end marked,
 * from the cells marked so far and the Poisson-binomial distribution of the cells still to roll.
 */
function attackerValue(s: FixtureState): number {
  const next = s.stack[0]?.cell ?? (s.turn === 0 ? 0 : s.cells);
  let dist = [1];
  for (let i = next; i < s.cells; i++) {
    const p = markChance(s, i);
    const d = new Array<number>(dist.length + 1).fill(0);
    dist.forEach((q, k) => {
      d[k]! += q * (1 - p);
      d[k + 1]! += q * p;
    });
    dist = d;
  }
  return dist.reduce((acc, q, k) => acc + ((s.marked.length + k) * 2 > s.cells ? q : 0), 0);
}

export function fixtureGame(
  id: string,
  title: string,
  board: ZoneBoardDef | PointBoardDef,
): SteppedGame<FixtureState, FixtureDecision> {
  const record = (s: FixtureState): GameRecord => {
    const win = s.marked.length * 2 > s.cells;
    return {
      result: win ? 'attacker-win' : 'defender-win',
      endTurn: s.turn,
      endReason: 'turn-limit',
      victoryLevel: 'win',
      stats: { cells_marked: s.marked.length },
      cells: s.marked,
    };
  };
  return {
    contract: 'steps',
    id,
    title,
    rulesTitle: `${title} (a test fixture, not a game)`,
    sides: [
      { id: 'attacker', name: 'Attacker' },
      { id: 'defender', name: 'Defender' },
    ],
    scenarios: [
      { id: 'only', title: 'The only scenario', description: 'one turn of marking', rule: 'fixture' },
    ],
    variants: [{ id: 'bold', rule: 'fixture', description: 'every cell a quarter likelier', default: false }],
    parameters: [
      {
        id: 'start',
        kind: 'location',
        default: board.cells[0]!.id,
        provenance: 'rules',
        description: 'where the attacker starts (not used in play)',
        source: 'fixture',
      },
      {
        id: 'objectives',
        kind: 'locationList',
        length: 2,
        default: [board.cells[1]!.id, board.cells[2]!.id],
        provenance: 'reconstructed',
        description: 'two objectives (not used in play)',
        source: 'fixture',
      },
    ],
    policies: [],
    defaultPolicies: {},
    results: [
      { id: 'attacker-win', winner: 'attacker', description: 'more than half the cells marked' },
      { id: 'defender-win', winner: 'defender', description: 'otherwise' },
    ],
    victoryLevels: ['win'],
    endReasons: ['turn-limit'],
    stats: [{ id: 'cells_marked', kind: 'int', description: 'cells marked this game' }],
    data: { board },
    decisionKinds: [],
    evaluate: (s: FixtureState, side: string) =>
      side === 'attacker' ? attackerValue(s) : 1 - attackerValue(s),
    // one chance point per cell (conformance mode counts them with the decisions)
    maxDecisions: () => board.cells.length,
    start: (setup: GameSetup, seed: GameSeed): FixtureState => ({
      rng: newRngState(seed.masterSeed, seed.gameIndex),
      pending: null,
      stack: [],
      decisions: 0,
      bold: setup.variants.has('bold'),
      cells: board.cells.length,
      marked: [],
      turn: 0,
      over: false,
    }),
    workspace: (s) => ({ streams: new Streams(s.rng), trace: undefined, explicitChance: false }),
    advance: (s, ws) => runMachine(MACHINE, s, ws),
    apply: (s, ws, pending, choice) => answerMachine(MACHINE, s, ws, pending, choice),
    record,
    view: (s) => s,
    board: (): BoardDef => board,
    locationIds: () => new Set(board.cells.map((c) => c.id)),
    invariants: (s) =>
      s.marked.every((c) => c >= 0 && c < s.cells) ? [] : ['a marked cell is off the board'],
  };
}

export const zoneGame = fixtureGame('fixture-zones', 'Zone board fixture', zoneBoard);
export const pointGame = fixtureGame('fixture-points', 'Point-and-line board fixture', pointBoard);

/**
 * Plays arms `cautious` and `bold` of a fixture game (`games` each, master seed `seed`) and writes
 * the run to `dir` as `sandtable run` would finish it: games.parquet, summaries, cells.csv, charts,
 * summary.md and index.html.
 */
export async function writeFixtureRun(
  def: SteppedGame<FixtureState, FixtureDecision>,
  dir: string,
  games: number,
  seed: number,
): Promise<void> {
  const arms: ResolvedArm[] = [
    {
      id: 'cautious',
      description: 'the plain game',
      setup: resolveSetup(def as GameDefinition, {}, 'fixture'),
      policies: {},
    },
    {
      id: 'bold',
      description: 'every cell a quarter likelier',
      setup: resolveSetup(def as GameDefinition, { variants: { bold: true } }, 'fixture'),
      policies: {},
    },
  ];
  const exp: Experiment = {
    name: def.id,
    description: `${def.title}: a fixture run for the board chart.`,
    game: def as GameDefinition,
    games,
    seed,
    chunkSize: games,
    baseline: 'cautious',
    arms,
    source: {
      name: def.id,
      game: def.id,
      games,
      seed,
      baseline: 'cautious',
      arms: [{ id: 'cautious' }, { id: 'bold', variants: { bold: true } }],
    },
  };
  const cols = recordColumns(def as GameDefinition);
  const table = new GamesTableBuilder(
    def as GameDefinition,
    arms.map((a) => ({ arm: a.id, scenario: a.setup.scenario, from: 0, to: games })),
  );
  const heat = new HeatCounts(exp);
  arms.forEach((a, arm) => {
    // the block a worker returns for one chunk of the arm (src/runner/chunk.ts)
    const size = heatSize(def as GameDefinition, a.setup);
    const block = new Float64Array(cols.length * games + size);
    for (let g = 0; g < games; g++) {
      const rec = playGame(def as GameDefinition, a.setup, {}, seed, g);
      writeRecord(def as GameDefinition, cols, block, games, g, rec);
      for (const c of new Set(rec.cells)) block[cols.length * games + c]! += 1;
    }
    table.add(arm, 0, games, block);
    heat.add(arm, 0, games, block);
  });
  await finishRun(
    dir,
    def as GameDefinition,
    newManifest(exp, 1, games),
    table.table(),
    false,
    0,
    heat.rows(),
  );
}
