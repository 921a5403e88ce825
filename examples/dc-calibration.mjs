#!/usr/bin/env node
// Dark Crusade calibration anchors (docs/games/dc.md "Calibration") read from a finished run of
// experiments/dc-calibration.json: each anchor's target, what the run measured, with 95% intervals.
//
//   npm run build && node dist/src/cli/main.js run experiments/dc-calibration.json --workers 2 --out reports/dc-calibration
//   node examples/dc-calibration.mjs reports/dc-calibration [arm]
//
// The anchors of the historical pairing are read from the arm `barbarossa_vs_stavka-historical`, or
// from `arm` when given (say `barbarossa-plan_vs_stavka-historical`, the planning Axis).
//
// Intervals: rates by Wilson, paired rate differences by Newcombe (the run's comparisons.csv), a
// median or quartile by the distribution-free order-statistic interval, a paired mean difference
// by the normal interval of the per-game differences. Turns count from May 1941 = 1 (DC 3.A).
import { readFileSync } from 'node:fs';
import { loadRun } from 'sandtable';

const dir = process.argv[2];
if (dir === undefined) {
  process.stderr.write('usage: node examples/dc-calibration.mjs <run directory of dc-calibration>\n');
  process.exit(2);
}

const Z = 1.959963984540054;
const HIST = process.argv[3] ?? 'barbarossa_vs_stavka-historical';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Game turn (May 1941 = 1) as a month label. */
const month = (t) => `${MONTHS[(t + 3) % 12]} ${1941 + Math.floor((t + 3) / 12)}`;
const pct = (x) => `${(100 * x).toFixed(1)}%`;
const iv = (lo, hi, f = (x) => x) => `[${f(lo)}, ${f(hi)}]`;

function wilson(k, n) {
  if (n === 0) return [0, 1];
  const p = k / n;
  const d = n + Z * Z;
  const c = (k + (Z * Z) / 2) / d;
  const h = ((Z * Math.sqrt(n)) / d) * Math.sqrt(p * (1 - p) + (Z * Z) / (4 * n));
  return [Math.max(0, c - h), Math.min(1, c + h)];
}
const rate = (k, n) => {
  const [lo, hi] = wilson(k, n);
  return `${pct(k / n)} ${iv(lo, hi, pct)} (${k}/${n})`;
};

/** The q-quantile of `xs` with its distribution-free 95% interval (ranks from the binomial's normal approximation). */
function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  const at = (r) => s[Math.min(n - 1, Math.max(0, r))];
  const half = Z * Math.sqrt(n * q * (1 - q));
  return {
    value: at(Math.ceil(n * q) - 1),
    lo: at(Math.floor(n * q - half) - 1),
    hi: at(Math.ceil(n * q + half) - 1),
  };
}
const qText = (xs, q) => {
  const r = quantile(xs, q);
  return `${r.value} ${iv(r.lo, r.hi)}`;
};
/** A statistic that was reached (the games files hold null where it was not). */
const reached = (v) => v !== null;
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
function meanCi(xs) {
  const m = mean(xs);
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1));
  const h = (Z * sd) / Math.sqrt(xs.length);
  return `${m.toFixed(2)} ${iv((m - h).toFixed(2), (m + h).toFixed(2))}`;
}

const { manifest, games } = await loadRun(dir);
const cols = games.columnNames();
const data = Object.fromEntries(cols.map((c) => [c, games.array(c)]));
/** Rows of each arm, by game index. */
const arms = new Map();
for (let i = 0; i < games.numRows(); i++) {
  const arm = data.arm[i];
  if (!arms.has(arm)) arms.set(arm, []);
  arms.get(arm)[data.game[i]] = i;
}
const rows = (arm) => {
  const r = arms.get(arm);
  if (r === undefined) throw new Error(`${dir}: no arm ${arm}`);
  return r;
};
const col = (arm, c) => rows(arm).map((i) => data[c][i]);
const count = (arm, pred) => rows(arm).filter((i) => pred((c) => data[c][i])).length;
const comparisons = readFileSync(`${dir}/comparisons.csv`, 'utf8').trim().split('\n');
const head = comparisons[0].split(',');
const cmp = comparisons.slice(1).map((l) => Object.fromEntries(l.split(',').map((v, k) => [head[k], v])));
function paired(arm, outcome) {
  const r = cmp.find((c) => c.arm === arm && c.outcome === outcome);
  if (r === undefined) return 'n/a';
  const p = (x) => (100 * Number(x)).toFixed(1);
  return `${p(r.baseline_rate)}% -> ${p(r.rate)}%, ${Number(r.diff) >= 0 ? '+' : ''}${p(r.diff)} points ${iv(p(r.lo95), p(r.hi95))} (McNemar p ${Number(r.p_mcnemar) < 1e-4 ? "< 0.0001" : Number(r.p_mcnemar).toPrecision(2)})`;
}

const n = manifest.games;
const out = [];
const say = (s = '') => out.push(s);
say(`# ${manifest.name}: seed ${manifest.seed}, ${n} games per arm, code ${manifest.commit.slice(0, 7)}`);
say();

if (process.argv[3] !== undefined && !arms.has(HIST)) {
  process.stderr.write(`${dir}: no arm ${JSON.stringify(HIST)} in this run (arms: ${[...arms.keys()].join(', ')})\n`);
  process.exit(2);
}
if (arms.has(HIST)) anchors();
pairedTable();

function anchors() {
// A-4: Soviet VP the Axis holds at the end of December 1941 (turn 8)
const dec41 = col(HIST, 'axis_enemy_vp_dec41').filter(reached);
say(`A-4 (target median 4-6; an Axis win by Dec 1941 possible but uncommon), ${HIST}, ${dec41.length} games reaching Dec 1941:`);
say(`  axisEnemyVpDec41 median ${qText(dec41, 0.5)}, quartiles ${qText(dec41, 0.25)} - ${qText(dec41, 0.75)}, mean ${meanCi(dec41)}, max ${Math.max(...dec41)}`);
say(`  in 4-6: ${rate(dec41.filter((v) => v >= 4 && v <= 6).length, dec41.length)}; Axis wins by Dec 1941: ${rate(count(HIST, (g) => g('winner') === 'axis' && g('end_turn') <= 8), n)}`);
const dist = new Map();
for (const v of dec41) dist.set(v, (dist.get(v) ?? 0) + 1);
say(`  distribution: ${[...dist].sort((a, b) => a[0] - b[0]).map(([v, k]) => `${v}: ${pct(k / dec41.length)}`).join(', ')}`);
for (const [name, stat] of [['Kiev', 'kiev_fall'], ['Moscow', 'moscow_fall'], ['Leningrad', 'leningrad_fall'], ['Rostov', 'rostov_fall'], ['Stalingrad', 'stalingrad_fall']]) {
  const by41 = count(HIST, (g) => g(stat) !== null && g(stat) <= 8);
  const ever = col(HIST, stat).filter(reached);
  say(`  ${name} Axis-held by Dec 1941: ${rate(by41, n)}; ever: ${pct(ever.length / n)}${ever.length ? `, median first ${month(quantile(ever, 0.5).value)}` : ''}`);
}

// A-5, A-6
const max = col(HIST, 'axis_enemy_vp_max');
const maxTurn = col(HIST, 'axis_enemy_vp_max_turn');
const dec42 = col(HIST, 'axis_enemy_vp_dec42').filter(reached);
const dec43 = col(HIST, 'axis_enemy_vp_dec43').filter(reached);
say();
say(`A-5 (target: 1942 peak median 6-8): axisEnemyVpMax (whole game) median ${qText(max, 0.5)}, mean ${meanCi(max)}; first reached in 1942 (turns 9-20) in ${pct(maxTurn.filter((t) => t >= 9 && t <= 20).length / n)}, in 1941 in ${pct(maxTurn.filter((t) => t <= 8).length / n)}; Dec 1942 (${dec42.length} games) median ${dec42.length ? qText(dec42, 0.5) : 'n/a'}, mean ${dec42.length ? mean(dec42).toFixed(2) : 'n/a'}`);
const peak42 = col(HIST, 'axis_enemy_vp_max1942').filter(reached);
say(`  axisEnemyVpMax1942 (most held at a 1942 check, ${peak42.length} games reaching 1942): median ${peak42.length ? qText(peak42, 0.5) : 'n/a'}, mean ${peak42.length ? meanCi(peak42) : 'n/a'}, in 6-8: ${rate(peak42.filter((v) => v >= 6 && v <= 8).length, peak42.length)}`);
say(`A-6 (target Dec 1943 median 2-4): ${dec43.length} of ${n} games reach Dec 1943; there median ${dec43.length ? qText(dec43, 0.5) : 'n/a'}, mean ${dec43.length ? mean(dec43).toFixed(2) : 'n/a'}`);

// A-7: the modal Tournament result and how the draws end
say();
const results = new Map();
for (const i of rows(HIST)) results.set(data.victory_level[i], (results.get(data.victory_level[i]) ?? 0) + 1);
say(`A-7 (target: a draw at July 1944 is the modal result; a Soviet 1944 win common, not dominant), ${HIST}:`);
say(`  ${[...results].sort((a, b) => b[1] - a[1]).map(([v, k]) => `${v} ${rate(k, n)}`).join('; ')}`);
const declared = rows(HIST).filter((i) => data.end_reason[i] === 'draw-declared' && data.result[i] === 'draw');
const ends = declared.map((i) => data.end_turn[i]);
if (ends.length) say(`  declared draws end: median ${month(quantile(ends, 0.5).value)}, quartiles ${month(quantile(ends, 0.25).value)} - ${month(quantile(ends, 0.75).value)}`);
const endTurns = new Map();
for (const i of rows(HIST)) endTurns.set(data.end_turn[i], (endTurns.get(data.end_turn[i]) ?? 0) + 1);
say(`  end month (top 5): ${[...endTurns].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([t, k]) => `${month(t)} ${pct(k / n)}`).join(', ')}`);
say(`  Soviet wins in 1944: ${rate(count(HIST, (g) => g('winner') === 'soviet' && g('end_turn') >= 33), n)}; Axis wins ${rate(count(HIST, (g) => g('winner') === 'axis'), n)}, Soviet wins ${rate(count(HIST, (g) => g('winner') === 'soviet'), n)}`);

// A-2: the designer's knob, paired on common seeds (its arms are paired with the default pairing only)
const DEFAULT_ARM = 'barbarossa_vs_stavka-historical';
if (HIST === DEFAULT_ARM) {
  say();
  say('A-2 (target: t1-inf-full moves results toward the Soviets, paired difference > 0):');
}
const none41 = col(HIST, 'axis_enemy_vp_dec41');
for (const arm of ['t1-inf-half', 't1-inf-full']) {
  if (!arms.has(arm) || HIST !== DEFAULT_ARM) continue;
  const v41 = col(arm, 'axis_enemy_vp_dec41');
  const d = v41.map((v, g) => [v, none41[g]]).filter(([a, b]) => a !== null && b !== null).map(([a, b]) => a - b);
  const x = col(arm, 'axis_enemy_vp_dec41').filter(reached);
  say(`  ${arm}: Soviet wins ${paired(arm, 'win:soviet')}; Axis wins ${paired(arm, 'win:axis')}`);
  say(`    Dec 1941 Axis-held Soviet VP median ${quantile(dec41, 0.5).value} -> ${quantile(x, 0.5).value}, paired mean difference ${meanCi(d)} over ${d.length} games (lower: toward the Soviets)`);
}

// A-3: paratroops (Advanced level only)
if (arms.has('adv-paratroops-on')) {
  say();
  say(`A-3 (target: paratroops-on moves results toward the Soviets, by a small margin), Advanced Tournament: Soviet wins ${paired('adv-paratroops-on', 'win:soviet')}; Axis wins ${paired('adv-paratroops-on', 'win:axis')}`);
}

// A-8: Campaign
if (arms.has('campaign')) {
  const levels = new Map();
  for (const i of rows('campaign')) levels.set(data.victory_level[i], (levels.get(data.victory_level[i]) ?? 0) + 1);
  const sovietEnd = count('campaign', (g) => g('winner') === 'soviet' && g('end_turn') >= 45);
  say();
  say(`A-8 (target: a Soviet win at the very end, Feb 1945, in a substantial share; else Axis by (iv)), Introductory Campaign: ${[...levels].sort((a, b) => b[1] - a[1]).map(([v, k]) => `${v} ${rate(k, n)}`).join('; ')}; Soviet wins in Jan-Feb 1945 ${rate(sovietEnd, n)}`);
  const sovEnds = rows('campaign').filter((i) => data.winner[i] === 'soviet').map((i) => data.end_turn[i]);
  const axEnds = rows('campaign').filter((i) => data.winner[i] === 'axis').map((i) => data.end_turn[i]);
  if (sovEnds.length) say(`  Soviet wins end: median ${month(quantile(sovEnds, 0.5).value)}, quartiles ${month(quantile(sovEnds, 0.25).value)} - ${month(quantile(sovEnds, 0.75).value)}`);
  if (axEnds.length) say(`  Axis wins end: median ${month(quantile(axEnds, 0.5).value)}`);
}

// A-9: the Siberian crisis after an October 1941 call (turn 6)
say();
const oct = count(HIST, (g) => g('sib_call_turn') === 6);
const crisis = count(HIST, (g) => g('sib_call_turn') === 6 && g('sib_crisis') === 1);
say(`A-9 (target: Oct 1941 call, P(crisis) = 0.306 exact, C-8): called in Oct 1941 in ${oct}/${n}; crisis ${rate(crisis, oct)}`);

// A-10: October 1941 weather
const mud = count(HIST, (g) => g('oct41_mud') === 1);
const mudVp = rows(HIST).filter((i) => data.oct41_mud[i] === 1 && data.axis_enemy_vp_dec41[i] !== null).map((i) => data.axis_enemy_vp_dec41[i]);
const dryVp = rows(HIST).filter((i) => data.oct41_mud[i] === 0 && data.axis_enemy_vp_dec41[i] !== null).map((i) => data.axis_enemy_vp_dec41[i]);
say(`A-10 (target: October 1941 Mud with p = 2/3): Mud ${rate(mud, n)}; Dec 1941 VP mean ${mudVp.length ? mean(mudVp).toFixed(2) : 'n/a'} after Mud, ${dryVp.length ? mean(dryVp).toFixed(2) : 'n/a'} otherwise; Soviet wins ${pct(count(HIST, (g) => g('oct41_mud') === 1 && g('winner') === 'soviet') / Math.max(1, mud))} after Mud, ${pct(count(HIST, (g) => g('oct41_mud') === 0 && g('winner') === 'soviet') / Math.max(1, n - mud))} otherwise`);

// A-11: isolation
const iso = col(HIST, 'soviet_isolated_eliminated');
const iso41 = col(HIST, 'soviet_isolated_eliminated1941');
say(`A-11 (target: tens of Soviet units eliminated by isolation in 1941): sovietIsolatedEliminated1941 median ${qText(iso41, 0.5)}, mean ${meanCi(iso41)}; over the whole game median ${qText(iso, 0.5)}, mean ${meanCi(iso)}`);

// A-1: spread of each side's results across its policies (the matrix)
const AX = ['barbarossa', 'moscow-schwerpunkt', 'southern-economic', 'attritional-fortress'];
const SO = ['stavka-historical', 'deep-elastic', 'counter-offensive', 'siberian-gambler', 'fortress-partisan'];
if (AX.every((a) => SO.every((s) => arms.has(`${a}_vs_${s}`)))) {
  const notLost = (a, s, side) => count(`${a}_vs_${s}`, (g) => g('winner') === side || g('winner') === 'none') / n;
  const spread = (xs) => Math.max(...xs) - Math.min(...xs);
  const sov = SO.map((s) => mean(AX.map((a) => notLost(a, s, 'soviet'))));
  const axi = AX.map((a) => mean(SO.map((s) => notLost(a, s, 'axis'))));
  say();
  say('A-1 (target: the spread of win-or-draw rates across Soviet policies exceeds that across Axis policies):');
  say(`  Soviet win-or-draw by policy (mean over Axis policies): ${SO.map((s, k) => `${s} ${pct(sov[k])}`).join(', ')}; spread ${pct(spread(sov))}`);
  say(`  Axis win-or-draw by policy (mean over Soviet policies): ${AX.map((a, k) => `${a} ${pct(axi[k])}`).join(', ')}; spread ${pct(spread(axi))}`);
  say(`  against the other side's default: Soviet spread ${pct(spread(SO.map((s) => notLost('barbarossa', s, 'soviet'))))}, Axis spread ${pct(spread(AX.map((a) => notLost(a, 'stavka-historical', 'axis'))))}`);
  // A-1's second clause: the greedy attritional-fortress against good Soviet play (its worst pairing)
  // beside the simple deep-elastic against good Axis play (its worst pairing among the other Axis policies)
  const att = Math.max(...SO.map((s) => 1 - notLost('attritional-fortress', s, 'axis')));
  const strong = AX.filter((a) => a !== 'attritional-fortress');
  const de = Math.max(...strong.map((a) => 1 - notLost(a, 'deep-elastic', 'soviet')));
  say(`  attritional-fortress loses ${pct(att)} against its strongest Soviet opponent; deep-elastic loses ${pct(de)} against its strongest Axis opponent: ${att < de ? 'met' : 'not met'}`);
}

}

/** Every arm against its baseline (comparisons.csv), paired: the anchors' two measures, A-4 and the result. */
function pairedTable() {
  const pairs = new Map();
  for (const c of cmp) pairs.set(c.arm, c.baseline);
  if (pairs.size === 0) return;
  say();
  say('Each arm against its baseline, paired on common seeds: Dec 1941 Axis-held Soviet VP (median, paired mean difference), Soviet and Axis wins (Newcombe):');
  say();
  say('| arm | baseline | Dec 1941 VP median | paired mean diff | Soviet wins | Axis wins |');
  say('|---|---|---:|---:|---|---|');
  for (const [arm, base] of pairs) {
    const a = col(arm, 'axis_enemy_vp_dec41');
    const b = col(base, 'axis_enemy_vp_dec41');
    const d = a.map((v, g) => [v, b[g]]).filter(([x, y]) => x !== null && y !== null).map(([x, y]) => x - y);
    const med = (xs) => quantile(xs.filter(reached), 0.5).value;
    say(`| ${arm} | ${base} | ${med(b)} -> ${med(a)} | ${meanCi(d)} | ${paired(arm, 'win:soviet')} | ${paired(arm, 'win:axis')} |`);
  }
}

console.log(out.join('\n'));
