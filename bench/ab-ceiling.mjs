/**
 * Two builds of Sandtable in one process, on the same games, alternating (A B B A per round):
 * games/s with the default policies and replayed from their choices (each build's
 * bench/ceiling.js), as ratios B/A with their median. Rates are per second of process CPU time, so
 * other work on the machine moves them less than wall time would.
 *
 *   node bench/ab-ceiling.mjs <build A root> <build B root> <game> <games per batch> <rounds> [variant ...]
 *
 * Each root must hold a built dist/ (`npm run build`). Variants after the rounds are switched on in
 * build A only (e.g. `zoc-strict`, to play build B's default games in a build older than it).
 */
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
Object.defineProperty(performance, 'now', { value: cpuNow, configurable: true });

const [rootA, rootB, game, nArg, roundsArg, ...variantsA] = process.argv.slice(2);
if (rootA === undefined || rootB === undefined || game === undefined) {
  console.error(
    'usage: node bench/ab-ceiling.mjs <build A root> <build B root> <game> <games> <rounds> [variant ...]',
  );
  process.exit(2);
}
const n = Number(nArg ?? 1000);
const rounds = Number(roundsArg ?? 5);

async function load(root, variants) {
  const { engineCeiling } = await import(`${root}/dist/bench/ceiling.js`);
  const { resolveSetup } = await import(`${root}/dist/src/core/setup.js`);
  const games = await import(`${root}/dist/src/games/index.js`);
  // builds before the game registry listed games with listGames()
  const def = games.gameRegistry
    ? games.gameRegistry().get(game)
    : games.listGames().find((g) => g.id === game);
  const scenario = game === 'sfo' ? 'advanced' : def.scenarios[0].id;
  const setup = resolveSetup(
    def,
    { scenario, variants: Object.fromEntries(variants.map((v) => [v, true])) },
    'bench',
  );
  return () => engineCeiling(def, setup, def.defaultPolicies, 20261122, n);
}

const a = await load(rootA, variantsA);
const b = await load(rootB, []);
for (let i = 0; i < 2; i++) {
  a();
  b();
}
const policies = [];
const replay = [];
for (let i = 0; i < rounds; i++) {
  const a1 = a();
  const b1 = b();
  const b2 = b();
  const a2 = a();
  policies.push(b1.policyRate / a1.policyRate, b2.policyRate / a2.policyRate);
  replay.push(b1.replayRate / a1.replayRate, b2.replayRate / a2.replayRate);
}
const median = (x) => [...x].sort((p, q) => p - q)[Math.floor(x.length / 2)];
const show = (x) => x.map((r) => r.toFixed(2)).join(' ');
console.log(`${game}: B/A with policies, median ${median(policies).toFixed(3)} (${show(policies)})`);
console.log(`${game}: B/A replayed, median ${median(replay).toFixed(3)} (${show(replay)})`);
