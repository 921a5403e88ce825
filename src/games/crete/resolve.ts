/** The rules in force for one game: scenario, variants and parameters resolved into CreteRules, checked (UserError on bad input). */
import { quote, UserError } from '../../core/errors.js';
import type { GameSetup } from '../../core/game.js';
import { creteData } from './data.js';
import { BOARD_IDS, type BoardId, squareOf } from './map.js';
import { parameters } from './parameters.js';
import type { CreteRules, GermanPlan } from './state.js';
import { reading } from './variants.js';

/** The value of number parameter `id` (default filled in). */
export function num(setup: GameSetup, id: string): number {
  const v = setup.params[id];
  const p = parameters.find((x) => x.id === id)!;
  if (v === undefined) return p.default as number;
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n))
    throw new UserError(`field params.${id}: parameter ${id} must be an integer, got ${quote(v)}`);
  return n;
}

function str(setup: GameSetup, id: string): string {
  const v = setup.params[id];
  return v === undefined ? (parameters.find((x) => x.id === id)!.default as string) : String(v);
}

/** A square id: its board letter must name a board, its CCRR must be on that board. */
export function checkSquare(id: string, field: string): number {
  const board = creteData.boards.find((b) => b.prefix === id[0]);
  if (board === undefined)
    throw new UserError(
      `${field}: ${quote(id)} names no board (board letters S Suda Bay, R Retimo, H Heraklion)`,
    );
  const i = squareOf(id);
  if (i < 0) throw new UserError(`${field}: ${quote(id)} is not a square of board ${board.name}`);
  return i;
}

export function resolveRules(setup: GameSetup): CreteRules {
  germanPlan(setup);
  const on = setup.variants;
  const minParam = num(setup, 'first-turn-min-drops');
  const minDrops = reading(on, 'min-drops') === 'min-drops-9' ? Math.max(9, minParam) : minParam;
  const marginMarginal = num(setup, 'margin-marginal');
  const marginSubstantive = num(setup, 'margin-substantive');
  if (marginSubstantive < marginMarginal)
    throw new UserError(
      `field params.margin-substantive: ${marginSubstantive} is below margin-marginal ${marginMarginal}`,
    );
  const suda = checkSquare(str(setup, 'suda-hex'), 'field params.suda-hex');
  const sudaSquares =
    reading(on, 'suda') === 'suda-any-suda-town-or-canea' ? [suda, squareOf('S1501')] : [suda];
  return {
    turns: creteData.turns.value,
    stack: creteData.stackLimit.value,
    minDrops,
    mtnPerAirfield: num(setup, 'mountain-per-airfield'),
    retreatLength: num(setup, 'retreat-length'),
    townCost: 3 * num(setup, 'town-move-cost'),
    roughCost: 3 * (1 + creteData.roughExtraMf.value),
    crtSet: str(setup, 'crt-set') as CreteRules['crtSet'],
    paraLossThreshold: num(setup, 'para-loss-threshold'),
    marginMarginal,
    marginSubstantive,
    drownedScores: str(setup, 'drowned-scores') === 'yes',
    sudaSquares,
    victory: reading(on, 'victory'),
    tie: reading(on, 'tie'),
    crt: reading(on, 'crt-choice'),
    odds: reading(on, 'odds-limits'),
    multi: reading(on, 'multi'),
    ex: reading(on, 'exchange'),
    ca: reading(on, 'ca'),
    retreatPriority: reading(on, 'retreat-priority'),
    zoc: reading(on, 'zoc'),
    road: reading(on, 'road'),
    sea: reading(on, 'scatter-sea'),
    over: reading(on, 'scatter-stack'),
    scatterAttack: reading(on, 'scatter-attack'),
    scatterFail: reading(on, 'scatter-fail'),
    declare: reading(on, 'declare'),
    landedCa: reading(on, 'landed-ca'),
    landedStack: reading(on, 'landed-stack'),
    capture: reading(on, 'mtn-airfield'),
    mtnCap: reading(on, 'mtn-cap'),
    exitOff: reading(on, 'exit-off'),
  };
}

/** The German plan's parameters (K6.1 counts for the historical policy; the concentration board), checked. */
export function germanPlan(setup: GameSetup): GermanPlan {
  const minParam = num(setup, 'first-turn-min-drops');
  const minDrops = reading(setup.variants, 'min-drops') === 'min-drops-9' ? Math.max(9, minParam) : minParam;
  const allocation = [
    num(setup, 't1-drops-suda'),
    num(setup, 't1-drops-retimo'),
    num(setup, 't1-drops-heraklion'),
  ] as const;
  const total = allocation[0] + allocation[1] + allocation[2];
  if (total < minDrops)
    throw new UserError(
      `field params.t1-drops-suda/retimo/heraklion: drop allocation ${allocation.join('+')} = ${total} battalions is under the turn-1 minimum of ${minDrops} (K6.1)`,
    );
  if (total > 13)
    throw new UserError(
      `field params.t1-drops-suda/retimo/heraklion: drop allocation ${allocation.join('+')} = ${total} battalions, but there are 13 (K15)`,
    );
  const board = str(setup, 'concentration-board');
  const concentrationBoard = BOARD_IDS.indexOf(board as BoardId);
  if (concentrationBoard < 0)
    throw new UserError(
      `field params.concentration-board: unknown board ${quote(board)} (boards: ${BOARD_IDS.join(', ')})`,
    );
  return { allocation, concentrationBoard };
}
