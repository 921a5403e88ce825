/**
 * Every answer of `sandtable odds scs` over a fixed list of option sets (every kind, CRT A/B/E/custom,
 * given and generated forces, markers, readings, hexes, pockets 1-4, error cases), from a build's
 * dist/ directory: each set's tables as the CLI prints them (formatOddsTable) and their raw
 * probabilities. Run it on two builds and compare the files, e.g.
 *   node bench/scs-odds-capture.mjs /tmp/old/dist > old.json
 *   node bench/scs-odds-capture.mjs dist > new.json
 *   node bench/scs-odds-capture.mjs --compare old.json new.json
 * The comparison prints the option sets whose printed tables differ and the largest difference of
 * any raw probability; each set's CPU time is in the file (`ms`).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The option sets: a product of battles, forces and readings, then single-option cases. */
function optionSets() {
  const sets = [];
  const attackers = [
    { attacker: '1:combined' },
    { attacker: '8:combined' },
    { attacker: '6:shock' },
    { attacker: '12:shock', 'shock-first': true },
  ];
  const given = ['mech:1', 'mech:2,nonmech:2,security:1', 'nonmech:3', 'mech:1,nonmech:1,security:3'];
  for (const a of attackers)
    for (const d of given)
      for (const kind of ['defence', 'relief', 'breakout'])
        sets.push({ ...a, defender: d, kind, ...(kind === 'relief' ? { rounds: '3' } : {}) });
  for (const flags of [{ guderian: true }, { ops: true, raid: true }, { viii: true, rotkopf: true }])
    for (const kind of ['defence', 'relief'])
      sets.push({ attacker: '8:combined', defender: 'mech:1,nonmech:2', kind, rounds: '2', ...flags });
  sets.push({ attacker: '12:shock', defender: 'mech:1,nonmech:2,security:2', kind: 'relief', crt: 'A' });
  for (const crt of ['A', 'B', 'E', 'custom'])
    for (const kind of ['defence', 'relief']) {
      sets.push({ crt, kind });
      sets.push({ crt, kind, attacker: '12:shock', 'shock-first': true });
      sets.push({ crt, kind, attacker: '3:combined', rounds: '1' });
    }
  for (const crt of ['A', 'B', 'custom'])
    for (const pocket of ['1', '2', '3', '4']) sets.push({ crt, kind: 'breakout', pocket });
  const single = [
    { marker: 'mech' },
    { marker: 'guderian' },
    { marker: 'ops', hex: '2507' },
    { 'marker-in-garrison': true },
    { 'marker-in-garrison': true, kind: 'relief' },
    { errata: true },
    { 'double-six': true, attacker: '8:shock', 'shock-first': true },
    { 'relief-ignores-support': true, kind: 'relief' },
    { hex: '2507' },
    { hex: '1810' },
    { forest: true },
    { vi: true },
    { 'vi-round': '2' },
    { '1e': '2', attacker: '6:combined' },
    { 'kill-order': 'security,nonmech,mech' },
    { mf: '0' },
    { mf: '1' },
    { rounds: 'all' },
    { rounds: '5', attacker: '10:combined' },
    { pool: 'mech:3,nonmech:2,security:1,guderian:0,ops:0,rotkopf:0,raid:0' },
    { pool: 'mech:10,nonmech:1,security:30' },
    { kind: 'relief', rounds: 'all' },
    { kind: 'relief', mf: '2', crt: 'A' },
    { kind: 'breakout', pocket: '2', hex: '2507' },
    { kind: 'breakout', pocket: '2', 'relief-ignores-support': true },
    // error cases: one line each
    { attacker: '13:combined' },
    { crt: 'Z' },
    { kind: 'attack' },
    { rounds: '1', mf: '1' },
    { guderian: true },
    { pool: 'mech:1,nonmech:0,security:0,guderian:0,ops:0,rotkopf:0,raid:0' },
    { 'shock-first': true },
  ];
  for (const o of single) sets.push(o);
  return sets;
}

async function capture(dist) {
  const root = pathToFileURL(`${resolve(dist)}/`).href;
  const { scs } = await import(`${root}src/games/scs/index.js`);
  const { formatOddsTable } = await import(`${root}src/analysis/odds/format.js`);
  const out = [];
  for (const o of optionSets()) {
    const t0 = process.cpuUsage();
    let entry;
    try {
      const tables = scs.odds.compute(o);
      entry = {
        options: o,
        printed: tables.map((t) => formatOddsTable(t)).join('\n'),
        p: tables.map((t) => t.rows.map((r) => r.p)),
      };
    } catch (e) {
      entry = { options: o, error: String(e.message) };
    }
    const t = process.cpuUsage(t0);
    entry.ms = Math.round((t.user + t.system) / 1000);
    out.push(entry);
  }
  process.stdout.write(`${JSON.stringify(out, null, 1)}\n`);
}

function compare(a, b) {
  const x = JSON.parse(readFileSync(a, 'utf8'));
  const y = JSON.parse(readFileSync(b, 'utf8'));
  if (x.length !== y.length) throw new Error(`${x.length} vs ${y.length} option sets`);
  let differ = 0;
  let maxDiff = 0;
  let msA = 0;
  let msB = 0;
  x.forEach((e, i) => {
    const f = y[i];
    msA += e.ms;
    msB += f.ms;
    if (JSON.stringify(e.options) !== JSON.stringify(f.options)) throw new Error(`set ${i}: options differ`);
    if (e.printed !== f.printed || e.error !== f.error) {
      differ++;
      console.log(`printed output differs: ${JSON.stringify(e.options)}`);
    }
    const pa = e.p ?? [];
    for (let ti = 0; ti < pa.length; ti++)
      for (let ri = 0; ri < pa[ti].length; ri++)
        for (let ci = 0; ci < pa[ti][ri].length; ci++)
          maxDiff = Math.max(maxDiff, Math.abs(pa[ti][ri][ci] - (f.p?.[ti]?.[ri]?.[ci] ?? Number.NaN)));
  });
  console.log(
    `${x.length} option sets, ${differ} with different printed output; largest raw difference ${maxDiff}; CPU ${msA} ms -> ${msB} ms`,
  );
  return differ;
}

if (process.argv[2] === '--compare') process.exitCode = compare(process.argv[3], process.argv[4]) > 0 ? 1 : 0;
else await capture(process.argv[2] ?? 'dist');
