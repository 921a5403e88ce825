#!/usr/bin/env node
// Re-derives every result quoted in README.md and docs/ from runs of the shipped experiments.
//
//   npm run figures                      plays every figure of docs/figures.json, rewrites the docs
//   npm run figures -- --check           plays them and exits 1 when a doc's span differs from the output
//   npm run figures -- --only a,b        only the named figures (the others' spans are left alone)
//   npm run figures -- --games N         every figure at N games per arm (a quick look; spans not written)
//   npm run figures -- --workers N       play on N worker threads (default 1; the results are the same)
//   npm run figures -- --keep DIR        keep each figure's run directory as DIR/<id> (for strength,
//                                        compare or report), instead of a temporary one; a run kept
//                                        there before is continued if interrupted, read again if
//                                        finished (delete it to play it afresh)
//   npm run figures -- --json            one JSON line per figure: id, value (the number `expect` bounds),
//                                        sentence, seconds, games
//
// A figure (docs/figures.json) names an experiment file, the arms it needs (a subset of the file's
// arms, matrix arms included: every arm plays the same dice whatever else is in the run, so a subset
// gives those arms' exact results), the games per arm and the seed (default: the file's), a
// statistic (`rate`: a side's wins in one arm; `rates`: several sides' wins in one arm, `none` for
// the games without a winner; `range`: the lowest and highest of a side's win rates over the arms;
// `diff`: an arm minus its baseline, paired, with `margin` also whether the two agree within it;
// `verdict`: the value of the run's first policy matrix,
// or of a solitaire side's policies against the rules, with its band over the readings it played;
// `ladder`: a skill ladder's value at each rung, the step between its two strongest rungs and which
// side gains from skill; `column`: a game statistic's median, with its quartiles, or mean in named
// arms; `strength`: `sandtable strength` on the run, one side's search policy's worst case against
// the best script's, paired) and a sentence template. Its sentence replaces the text between
// `<!-- fig:ID -->` and `<!-- /fig -->` in every markdown file of the repository's README.md and
// docs/. Runs go to a temporary directory, on one worker unless --workers says otherwise (a run's
// results never depend on its worker count, so neither do the figures).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromCSV } from 'arquero';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** One line to stderr and exit 2: the CLI's convention for bad input. */
function fail(msg) {
  process.stderr.write(`figures: ${msg}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const o = {
    check: false,
    only: null,
    games: null,
    workers: 1,
    list: 'docs/figures.json',
    quiet: false,
    json: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--check') o.check = true;
    else if (a === '--quiet') o.quiet = true;
    else if (a === '--json') o.json = true;
    else if (a === '--only') o.only = new Set((argv[++i] ?? fail('--only needs ids')).split(','));
    else if (a === '--list') o.list = argv[++i] ?? fail('--list needs a file');
    else if (a === '--games') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1) fail(`--games: ${argv[i]} is not a positive integer`);
      o.games = n;
    } else if (a === '--keep') o.keep = resolve(argv[++i] ?? fail('--keep needs a directory'));
    else if (a === '--workers') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1) fail(`--workers: ${argv[i]} is not a positive integer`);
      o.workers = n;
    } else fail(`unknown option ${a}`);
  }
  return o;
}

/**
 * 0.5884 -> "58.8%" (at most one decimal; never 0% or 100% for a rate that is neither, as
 * src/core/percent.ts: a rate that would round to 0 or 100, 1999/2000 included, prints as <0.1% or >99.9%).
 */
export function pct(x) {
  const shown = (x * 100).toFixed(1);
  if (x > 0 && Number(shown) === 0) return '<0.1%';
  if (x < 1 && Number(shown) === 100) return '>99.9%';
  return `${shown}%`;
}
const pts = (x) => (x * 100).toFixed(1);
const signed = (x) => `${x >= 0 ? '+' : '-'}${Math.abs(x * 100).toFixed(1)}`;
const count = (n) => n.toLocaleString('en-GB');

/** The figure's experiment as a value, cut down to the arms it names. */
export function experimentFor(fig, games) {
  const exp = JSON.parse(readFileSync(join(root, fig.experiment), 'utf8'));
  if (fig.arms === undefined) return exp;
  const sides = games.find((g) => g.id === exp.game)?.sides.map((s) => s.id);
  if (sides === undefined) fail(`${fig.id}: unknown game ${exp.game}`);
  const explicit = new Map((exp.arms ?? []).map((a) => [a.id, a]));
  const arms = fig.arms.map((id) => {
    const a = explicit.get(id);
    if (a !== undefined) return a;
    // a matrix arm `<p1>_vs_<p2>`: its policies in the game's side order, the matrix's settings
    const m = exp.matrix;
    if (m === undefined) fail(`${fig.id}: ${fig.experiment} has no arm ${id}`);
    const parts = id.split('_vs_');
    const matrixSides = sides.filter((s) => m.policies[s] !== undefined);
    if (parts.length !== matrixSides.length) fail(`${fig.id}: ${id} is not an arm of ${fig.experiment}`);
    return {
      id,
      policies: Object.fromEntries(matrixSides.map((s, i) => [s, parts[i]])),
      ...(m.variants === undefined ? {} : { variants: m.variants }),
      ...(m.params === undefined ? {} : { params: m.params }),
      ...(m.scenario === undefined ? {} : { scenario: m.scenario }),
    };
  });
  const { matrix: _m, roundRobin: _r, sweep: _s, ...rest } = exp;
  const baseline = fig.arms.includes(exp.baseline) ? { baseline: exp.baseline } : {};
  delete rest.baseline;
  return { ...rest, ...baseline, arms };
}

function csvRows(path) {
  const [head, ...lines] = readFileSync(path, 'utf8').trim().split('\n');
  const cols = head.split(',');
  return lines.map((l) => {
    const v = l.split(',');
    return Object.fromEntries(cols.map((c, i) => [c, v[i]]));
  });
}

/** A side's win rate in one arm, from summary.csv. */
function winRate(summary, arm, side, fig) {
  const r = summary.find((s) => s.arm === arm && s.kind === 'winner' && s.outcome === side);
  if (r === undefined) fail(`${fig.id}: no ${side} wins for arm ${arm}`);
  return { rate: Number(r.rate), lo: Number(r.lo95), hi: Number(r.hi95), games: Number(r.games) };
}

/** The words for a convergence status (src/analysis/ladder.ts `convergenceStatus`). */
const STATUS_WORDS = {
  converged: 'converged',
  moving: 'not converged: still moving',
  undecided: 'not settled at this size',
};
/** 0.03 -> "±3". */
const marginText = (m) => `±${pts(m).replace(/\.0$/, '')}`;

/** The games an arm played, from summary.csv. */
function armGames(summary, arm, fig) {
  const r = summary.find((s) => s.arm === arm);
  if (r === undefined) fail(`${fig.id}: no arm ${arm} in summary.csv`);
  return Number(r.games);
}

/** The statistic's values, each a string the template names, and the number the test checks. */
export function statistic(fig, dir) {
  const s = fig.stat;
  const summary = csvRows(join(dir, 'summary.csv'));
  if (s.kind === 'rate') {
    const r = winRate(summary, s.arm, s.side, fig);
    return {
      value: r.rate,
      vars: { rate: `${pct(r.rate)} [${pts(r.lo)}, ${pts(r.hi)}]`, games: count(r.games) },
    };
  }
  if (s.kind === 'rates') {
    // several outcomes of one arm: each side's wins, and `none` for the games without a winner
    const rates = s.sides.map((side) => [side, winRate(summary, s.arm, side, fig)]);
    const vars = { games: count(rates[0][1].games) };
    for (const [side, r] of rates) vars[`rate_${side}`] = `${pct(r.rate)} [${pts(r.lo)}, ${pts(r.hi)}]`;
    return { value: rates[0][1].rate, vars };
  }
  if (s.kind === 'range') {
    const arms = [...new Set(summary.map((r) => r.arm))].filter((a) => !(s.exclude ?? []).includes(a));
    const rates = arms.map((a) => ({ arm: a, ...winRate(summary, a, s.side, fig) }));
    rates.sort((x, y) => x.rate - y.rate);
    const lo = rates[0];
    const hi = rates[rates.length - 1];
    return {
      value: hi.rate - lo.rate,
      vars: {
        min: `${pct(lo.rate)} [${pts(lo.lo)}, ${pts(lo.hi)}]`,
        minArm: lo.arm,
        max: `${pct(hi.rate)} [${pts(hi.lo)}, ${pts(hi.hi)}]`,
        maxArm: hi.arm,
        games: count(lo.games),
      },
    };
  }
  if (s.kind === 'diff') {
    const rows = csvRows(join(dir, 'comparisons.csv'));
    const r = rows.find((c) => c.arm === s.arm && c.outcome === `win:${s.side}`);
    if (r === undefined) fail(`${fig.id}: no comparison of ${s.arm} for ${s.side} wins`);
    const base = winRate(summary, r.baseline, s.side, fig);
    const arm = winRate(summary, s.arm, s.side, fig);
    // with a margin: whether the two arms agree within it, in the skill ladder's words (src/analysis/ladder.ts)
    const [lo, hi] = [Number(r.lo95), Number(r.hi95)];
    const m = s.margin;
    const status =
      m === undefined
        ? {}
        : {
            margin: marginText(m),
            status:
              STATUS_WORDS[lo >= -m && hi <= m ? 'converged' : lo > m || hi < -m ? 'moving' : 'undecided'],
          };
    return {
      value: Number(r.diff),
      vars: {
        ...status,
        diff: `${signed(Number(r.diff))} points [${pts(lo)}, ${pts(hi)}]`,
        rate: `${pct(arm.rate)} [${pts(arm.lo)}, ${pts(arm.hi)}]`,
        baseRate: `${pct(base.rate)} [${pts(base.lo)}, ${pts(base.hi)}]`,
        games: count(Number(r.games)),
      },
    };
  }
  if (s.kind === 'verdict') {
    // the value of the run's (first) policy matrix, and its band over the readings it played
    const [meta] = JSON.parse(readFileSync(join(dir, 'metagame.json'), 'utf8'));
    if (meta === undefined) fail(`${fig.id}: the run has no policy matrix`);
    const vars = {
      value: `${pct(meta.value)} [${pts(meta.interval[0])}, ${pts(meta.interval[1])}]`,
      games: count(meta.games),
    };
    // a solitaire side's policies against the rules: the value is its best policy's score
    if (meta.againstRules === true) {
      const scores = meta.payoff.map((row) => row[0]);
      vars.best = meta.rows[scores.indexOf(Math.max(...scores))];
    }
    let robust;
    try {
      [robust] = JSON.parse(readFileSync(join(dir, 'robustness.json'), 'utf8'));
    } catch {
      robust = undefined;
    }
    if (robust !== undefined) {
      const most = robust.readings.find((r) => r.id === robust.mostImportant);
      vars.bandLo = pct(robust.band[0]);
      vars.bandHi = pct(robust.band[1]);
      vars.most = most.id;
      vars.mostDiff = `${signed(most.difference)} points [${pts(most.differenceInterval[0])}, ${pts(most.differenceInterval[1])}]`;
      vars.readings = String(robust.readings.length);
    }
    return { value: meta.value, vars };
  }
  if (s.kind === 'ladder') {
    // a skill ladder's value at every rung, the step between its two strongest rungs and who gains
    const l = JSON.parse(readFileSync(join(dir, 'ladder.json'), 'utf8'));
    const score = (r) => `${pct(r.value)} [${pts(r.interval[0])}, ${pts(r.interval[1])}]`;
    const diff = (d) => `${signed(d.diff)} points [${pts(d.interval[0])}, ${pts(d.interval[1])}]`;
    const side = (id) => s.names?.[id] ?? id;
    const c = l.convergence;
    const top = l.rungs[l.rungs.length - 1];
    const vars = {
      games: count(l.games),
      top: score(top),
      topLabel: top.label,
      step: diff(c),
      margin: marginText(c.margin),
      status: STATUS_WORDS[c.status],
      gain:
        l.gain.favours === 'neither'
          ? `neither side gains measurably from skill (${diff(l.gain)})`
          : `skill favours the ${side(l.gain.favours === 'row' ? l.rowSide : l.colSide)} (${diff(l.gain)})`,
    };
    for (const r of l.rungs) {
      vars[`rung${r.rung}`] = score(r);
      vars[`label${r.rung}`] = r.label;
    }
    return { value: top.value, vars };
  }
  if (s.kind === 'column') {
    // a game statistic's median (with its quartiles) or mean in several arms, from stats.csv
    const stats = csvRows(join(dir, 'stats.csv'));
    const vars = {};
    let value;
    for (const [name, arm] of Object.entries(s.arms)) {
      const r = stats.find((x) => x.arm === arm && x.stat === s.column);
      if (r === undefined) fail(`${fig.id}: no ${s.column} for arm ${arm} in stats.csv`);
      const num = (k) => Number(r[k]);
      const text =
        s.of === 'median'
          ? `${num('median')} (quartiles ${num('q25')}-${num('q75')})`
          : s.of === 'mean'
            ? s.percent === true
              ? pct(num('mean'))
              : num('mean').toFixed(2)
            : fail(`${fig.id}: column statistic of ${s.of}: median or mean`);
      vars[name] = text;
      value ??= s.of === 'median' ? num('median') : num('mean');
    }
    const games = armGames(summary, Object.values(s.arms)[0], fig);
    return { value, vars: { ...vars, games: count(games) } };
  }
  if (s.kind === 'strength') {
    // does the search beat every script: `sandtable strength` on the run, the row of one side's search
    const r = strengthRow(dir, s, fig);
    const worstCase = (x, vs) => `${pct(Number(x))} (against ${vs})`;
    const lo = Number(r.lo);
    return {
      value: Number(r.difference),
      vars: {
        worst: worstCase(r.worst, r.worst_opponent),
        best: `\`${r.best_script}\` ${worstCase(r.best_script_worst, r.best_script_opponent)}`,
        diff: `${signed(Number(r.difference))} points [${pts(lo)}, ${pts(Number(r.hi))}]`,
        verdict:
          r.beats === 'true'
            ? 'it beats every script'
            : Number(r.hi) < 0
              ? 'the best script is stronger'
              : 'not measurably stronger than the best script at this size',
        games: count(Number(r.games)),
        width: pts(Number(r.hi) - lo),
        needed: count(Number(r.games_for_width)),
      },
    };
  }
  return fail(`${fig.id}: unknown statistic kind ${s.kind}`);
}

/**
 * One row of `sandtable strength DIR --csv` (the built CLI, so the figure reads what users read):
 * side `s.side`'s search policy `s.policy`, judged alone (Holm over that run's rows).
 */
function strengthRow(dir, s, fig) {
  const r = spawnSync(
    process.execPath,
    [join(root, 'dist', 'src', 'cli', 'main.js'), 'strength', dir, '--csv'],
    {
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) fail(`${fig.id}: sandtable strength ${dir}: ${r.stderr.trim()}`);
  const rows = fromCSV(r.stdout, { autoType: false }).objects();
  const row = rows.find((x) => x.side === s.side && x.policy === s.policy);
  if (row === undefined) fail(`${fig.id}: sandtable strength gives no row for ${s.side} ${s.policy}`);
  return row;
}

export function render(fig, vars, seed) {
  const all = { ...vars, seed: String(seed), experiment: fig.experiment };
  return fig.template.replace(/\{(\w+)\}/g, (_, k) => all[k] ?? fail(`${fig.id}: template names {${k}}`));
}

/** Plays one figure: its experiment (cut to its arms) at its games and seed, into a temporary directory. */
export async function playFigure(api, fig, games, tmp, played = new Map(), workers = 1, keep = false) {
  // `from`: the statistic is read from another figure's run (listed before it), not played again
  const source = fig.from === undefined ? fig : played.get(fig.from)?.fig;
  if (source === undefined) fail(`${fig.id}: from names ${fig.from}, which is not played before it`);
  const exp = experimentFor(source, api.listGames());
  const seed = source.seed ?? exp.seed;
  const g = games ?? source.games ?? exp.games;
  const out = fig.from === undefined ? join(tmp, fig.id) : played.get(fig.from).out;
  const t0 = process.hrtime.bigint();
  if (fig.from === undefined) {
    if (keep && existsSync(join(out, 'manifest.json'))) {
      // a kept run of this figure: continue it where it stopped, or read it again when finished
      // (the run's own check refuses a directory holding another experiment, seed or game count)
      try {
        await api.runExperiment(exp, { out, workers, games: g, seed, resume: true, progress: false });
      } catch (e) {
        if (!/is already complete/.test(String(e?.message))) fail(`${fig.id}: ${e?.message ?? e}`);
      }
    } else await api.runExperiment(exp, { out, workers, games: g, seed, force: true, progress: false });
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  played.set(fig.id, { fig, out });
  const { value, vars } = statistic(fig, out);
  return { id: fig.id, value, sentence: render(fig, vars, seed), seconds, games: g };
}

function markdownFiles() {
  const files = [join(root, 'README.md')];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith('.md')) files.push(join(d, e.name));
    }
  };
  walk(join(root, 'docs'));
  return files;
}

const SPAN = /<!-- fig:([\w-]+) -->([\s\S]*?)<!-- \/fig -->/g;

/** Each doc with its spans set to the sentences (ids without a sentence are left as they are). */
export function rewriteDocs(sentences) {
  const changed = [];
  for (const f of markdownFiles()) {
    const text = readFileSync(f, 'utf8');
    const next = text.replace(SPAN, (whole, id) =>
      sentences.has(id) ? `<!-- fig:${id} -->${sentences.get(id)}<!-- /fig -->` : whole,
    );
    if (next !== text) changed.push({ file: f, next });
  }
  return changed;
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const list = JSON.parse(readFileSync(join(root, o.list), 'utf8'));
  // a figure read from another's run needs that run: --only keeps the figures it is read from
  const wanted = new Set(
    list.figures.filter((f) => o.only === null || o.only.has(f.id)).flatMap((f) => [f.id, f.from]),
  );
  const figs = list.figures.filter((f) => wanted.has(f.id));
  if (o.only !== null)
    for (const id of o.only) if (!figs.some((f) => f.id === id)) fail(`--only: no figure ${id} in ${o.list}`);
  const api = await import(join(root, 'dist/src/index.js'));
  const tmp = o.keep ?? mkdtempSync(join(tmpdir(), 'sandtable-figures-'));
  const sentences = new Map();
  const played = new Map();
  const values = new Map();
  const t0 = process.hrtime.bigint();
  try {
    for (const fig of figs) {
      const r = await playFigure(api, fig, o.games, tmp, played, o.workers, o.keep !== undefined);
      sentences.set(r.id, r.sentence);
      values.set(r.id, r.value);
      if (o.json) process.stdout.write(`${JSON.stringify(r)}\n`);
      else if (!o.quiet)
        process.stdout.write(
          `${r.id} (${count(r.games)} games/arm, ${r.seconds.toFixed(1)} s): ${r.sentence}\n`,
        );
    }
  } finally {
    if (o.keep === undefined) rmSync(tmp, { recursive: true, force: true });
  }
  const total = Number(process.hrtime.bigint() - t0) / 1e9;
  // a figure outside its expected range has changed direction or size: the docs' words may be wrong
  for (const fig of figs) {
    const v = values.get(fig.id);
    if (fig.expect !== undefined && v !== undefined && (v < fig.expect.min || v > fig.expect.max)) {
      process.stderr.write(
        `figures: ${fig.id} = ${v} is outside its expect [${fig.expect.min}, ${fig.expect.max}]\n`,
      );
      process.exitCode = 1;
    }
  }
  if (!o.json) process.stdout.write(`${figs.length} figures in ${total.toFixed(0)} s\n`);
  if (o.games !== null) return; // a quick look at other game counts never writes the docs
  // every span names a figure of the list, and every figure played is quoted somewhere
  const quoted = new Set(
    markdownFiles().flatMap((f) => [...readFileSync(f, 'utf8').matchAll(SPAN)].map((m) => m[1])),
  );
  const known = new Set(list.figures.map((f) => f.id));
  for (const id of quoted)
    if (!known.has(id)) {
      process.stderr.write(`figures: a doc quotes fig:${id}, which ${o.list} does not list\n`);
      process.exitCode = 1;
    }
  for (const fig of figs)
    if (!quoted.has(fig.id)) process.stderr.write(`figures: ${fig.id} is quoted in no doc\n`);
  const changed = rewriteDocs(sentences);
  if (o.check) {
    for (const c of changed) process.stdout.write(`differs: ${c.file.slice(root.length + 1)}\n`);
    if (changed.length > 0) process.exitCode = 1;
    return;
  }
  for (const c of changed) {
    writeFileSync(c.file, c.next);
    process.stdout.write(`rewrote ${c.file.slice(root.length + 1)}\n`);
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await main();
