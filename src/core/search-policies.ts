/**
 * The generic search policies every stepped game gets for every side a policy plays: `rollout`
 * (flat Monte Carlo, core/rollout.ts), `mcts` (tree search, core/mcts.ts) and `portfolio` (search
 * over the side's scripts, core/portfolio.ts). They are played only
 * when named: `"*"` in an experiment, the bench's scripted rates and the skill checks leave them
 * out (`isSearchPolicy`).
 */
import type { PolicyDef, SteppedGame } from './game.js';
import { MCTS_ID, mctsPolicy } from './mcts.js';
import { playerSides } from './policies.js';
import { PORTFOLIO_ID, portfolioPolicy } from './portfolio.js';
import { ROLLOUT_ID, rolloutPolicy } from './rollout.js';

/** The search policies, by id: each makes its policy for one side of one game. */
const SEARCH_POLICIES: readonly {
  readonly id: string;
  readonly make: (game: SteppedGame, side: string) => PolicyDef;
}[] = [
  { id: ROLLOUT_ID, make: rolloutPolicy },
  {
    id: MCTS_ID,
    make: (game, side) => mctsPolicy(game, side, (id) => id !== 'random' && !isSearchPolicy(id)),
  },
  // the candidates are the game's own scripted policies of the side (`game` here has no search policy yet)
  { id: PORTFOLIO_ID, make: portfolioPolicy },
];

const SEARCH_IDS: ReadonlySet<string> = new Set(SEARCH_POLICIES.map((s) => s.id));

/** Whether `id` names one of the generic search policies (not a game's scripted policy). */
export function isSearchPolicy(id: string): boolean {
  return SEARCH_IDS.has(id);
}

/** `game` with every search policy added for every side a policy plays in some scenario. */
export function withSearchPolicies(game: SteppedGame): SteppedGame {
  const sides = new Set(game.scenarios.flatMap((s) => playerSides(game, s.id)));
  const extra: PolicyDef[] = [];
  for (const { id, make } of SEARCH_POLICIES)
    for (const side of sides)
      if (!game.policies.some((p) => p.side === side && p.id === id)) extra.push(make(game, side));
  return { ...game, policies: [...game.policies, ...extra] };
}
