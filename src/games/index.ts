import { registerGame } from './registry.js';
import { scs } from './scs/index.js';
import { sfo } from './sfo/index.js';

// One line per game (DESIGN §2).
registerGame(sfo);
registerGame(scs);

export { getGame, listGames } from './registry.js';
