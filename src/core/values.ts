/**
 * The value of a finished game to each side (OpenSpiel's `Returns`): a win 1, a draw (a result
 * with no winner) 1/2, a loss 0, read from the game's ResultDef winners. What a search scores a
 * playout that reached the end by, and what a game's `evaluate` returns at a finished state.
 */
import type { GameDefinition, GameRecord } from './game.js';

/** The value of result `result` for `side`: 1 when `side` wins, 1/2 when no side does, else 0. */
export function resultValue(game: GameDefinition, result: string, side: string): number {
  const def = game.results.find((r) => r.id === result);
  if (def === undefined) throw new Error(`${game.id}: result ${result} is not one of the game's results`);
  return def.winner === side ? 1 : def.winner === null ? 0.5 : 0;
}

/** Every side's value of a finished game (side id -> 1, 1/2 or 0; in a two-sided game they sum to 1). */
export function returns(game: GameDefinition, record: GameRecord): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of game.sides) out[s.id] = resultValue(game, record.result, s.id);
  return out;
}
