/**
 * The games bench/instructions.mjs counts: the engine ceiling's (bench/ceiling.ts) `n` games of
 * `game` in the build at `root`, first scenario (SFO: Advanced), seed 20261122.
 *
 *   node bench/instructions-play.mjs <build root> <game> <n>
 */
const [root, game, n] = process.argv.slice(2);
const { engineCeiling } = await import(`${root}/dist/bench/ceiling.js`);
const { resolveSetup } = await import(`${root}/dist/src/core/setup.js`);
const games = await import(`${root}/dist/src/games/index.js`);
const def = games.gameRegistry().get(game);
const scenario = game === 'sfo' ? 'advanced' : def.scenarios[0].id;
engineCeiling(def, resolveSetup(def, { scenario }, 'bench'), def.defaultPolicies, 20261122, Number(n));
