/**
 * Merkur's floor: how far the decision structure and the engine let the 2,000 games/s/core target
 * come. Plays games 0..N-1 (seed 11) with the default policies and prints, per game:
 *   - the decisions asked, the unit orders among them, and the orders tasks that asked at least one
 *     (a joint plan per activation, one decision per such task, would leave `decisions - unit
 *     orders + tasks`), and the decisions the scripted policies answer as the engine's own rule
 *     would (lead units, supporters, bombardment targets, losses, retreats, forts);
 *   - CPU ms per game with the policies and replaying their recorded answers (the engine alone),
 *     medians of interleaved rounds, and the engine's and the policies' cost per decision;
 *   - the contract's own cost: a game that only builds each decision (an options array of 7 option
 *     objects, as a unit order has) and takes the answer, played by the same driver, at the
 *     measured decision counts.
 *
 *   node bench/merkur-floor.mjs <build root> [scenario=two-player] [games=200] [rounds=5]
 */
import { loadBuild } from './fingerprint.mjs';

const [root, scenario = 'two-player', nArg, rArg] = process.argv.slice(2);
if (root === undefined) {
  console.error('usage: node bench/merkur-floor.mjs <build root> [scenario] [games] [rounds]');
  process.exit(2);
}
const N = Number(nArg ?? 200);
const R = Number(rArg ?? 5);
const { GameSeries, createPolicies, resolveSetup, def } = await loadBuild(root, 'merkur');
const setup = resolveSetup(def, { scenario }, 'bench');
const ids = { ...def.defaultPolicies };
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e3;
};
const med = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
// the kinds whose scripted answer is the engine's rule (policies/common.ts: *Score)
const ENGINE_RULE = new Set([
  'lead-attacker',
  'lead-defender',
  'artillery-support',
  'bomb-target',
  'loss-choice',
  'retreat-zone',
  'fort-sacrifice',
]);

let log = [];
let counting = false;
const n = { decisions: 0, unitOrders: 0, tasks: 0, engineRule: 0 };
let lastTask = null;
const played = new GameSeries(def, setup, () => {
  const out = {};
  for (const [side, p] of Object.entries(createPolicies(def, ids, setup.scenario)))
    out[side] = {
      id: p.id,
      choose(view, d, rng, search) {
        const c = p.choose(view, d, rng, search);
        log.push(c);
        if (counting) {
          n.decisions++;
          if (ENGINE_RULE.has(d.kind)) n.engineRule++;
          if (d.kind === 'unit-order') {
            n.unitOrders++;
            const top = view.stack[view.stack.length - 1];
            if (top !== lastTask) n.tasks++;
            lastTask = top;
          }
        }
        return c;
      },
      reset: () => p.reset?.(),
    };
  return out;
});
let current = [];
let at = 0;
const replay = { id: 'replay', choose: () => current[at++], reset: () => {} };
const replayed = new GameSeries(def, setup, () =>
  Object.fromEntries(Object.keys(ids).map((s) => [s, replay])),
);

const logs = [];
counting = true;
for (let g = 0; g < N; g++) {
  log = [];
  played.play({ masterSeed: 11, gameIndex: g });
  logs.push(log);
}
counting = false;
const per = (x) => x / N;
const joint = per(n.decisions - n.unitOrders + n.tasks);
console.log(
  `merkur ${scenario}, ${N} games: decisions ${per(n.decisions).toFixed(1)} a game, unit orders ${per(n.unitOrders).toFixed(1)} in ${per(n.tasks).toFixed(1)} orders tasks;` +
    ` one decision per orders task: ${joint.toFixed(1)}; and without the ${per(n.engineRule).toFixed(1)} answered by the engine's rule: ${(joint - per(n.engineRule)).toFixed(1)}`,
);

/** The contract alone: `k` decisions of 7 options a game through the same driver. */
function contractGame(k) {
  const game = {
    ...def,
    start: (_setup, seed) => ({
      k: 0,
      units: [],
      pending: null,
      rng: { seed: seed.masterSeed, game: seed.gameIndex, streams: {} },
    }),
    advance: (s) => {
      if (s.k >= k) return null;
      const options = [];
      for (let i = 0; i < 7; i++) options.push({ type: 'move', unit: i, to: s.k & 31 });
      s.pending = {
        kind: 'unit-order',
        side: s.k & 1 ? 'german' : 'commonwealth',
        rule: 'Merkur 4.0',
        options,
      };
      return s.pending;
    },
    apply: (s) => {
      s.k++;
      s.pending = null;
    },
    record: (s) => ({ k: s.k }),
    view: (s) => s,
  };
  const last = { id: 'last', choose: (_v, d) => d.options.length - 1, reset: () => {} };
  return new GameSeries(game, setup, () => ({ german: last, commonwealth: last }));
}
const bare = contractGame(Math.round(per(n.decisions)));
const bareJoint = contractGame(Math.round(joint));

const pol = [];
const rep = [];
const con = [];
const conJ = [];
for (let r = 0; r < R; r++) {
  let t = cpu();
  for (let g = 0; g < N; g++) {
    log = [];
    played.play({ masterSeed: 11, gameIndex: g });
  }
  pol.push((cpu() - t) / N);
  t = cpu();
  for (let g = 0; g < N; g++) {
    current = logs[g];
    at = 0;
    replayed.play({ masterSeed: 11, gameIndex: g });
  }
  rep.push((cpu() - t) / N);
  t = cpu();
  for (let g = 0; g < N; g++) bare.play({ masterSeed: 11, gameIndex: g });
  con.push((cpu() - t) / N);
  t = cpu();
  for (let g = 0; g < N; g++) bareJoint.play({ masterSeed: 11, gameIndex: g });
  conJ.push((cpu() - t) / N);
}
const p = med(pol);
const q = med(rep);
const d = per(n.decisions);
console.log(
  `CPU ms a game (medians of ${R} rounds): policies ${p.toFixed(3)} (${(1000 / p).toFixed(0)} games/s), replay ${q.toFixed(3)} (${(1000 / q).toFixed(0)} games/s);` +
    ` per decision: engine ${((1000 * q) / d).toFixed(2)} us, policies ${((1000 * (p - q)) / d).toFixed(2)} us`,
);
console.log(
  `the contract alone: ${med(con).toFixed(3)} ms a game at ${Math.round(d)} decisions (${(1000 / med(con)).toFixed(0)} games/s),` +
    ` ${med(conJ).toFixed(3)} at ${Math.round(joint)} (${(1000 / med(conJ)).toFixed(0)} games/s); 2,000 games/s is 0.5 ms a game`,
);
