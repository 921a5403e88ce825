import { registerGame } from './registry.js';
import { sfo } from './sfo/index.js';

// One line per game (DESIGN §2).
registerGame(sfo);

export { getGame, listGames } from './registry.js';
