#!/usr/bin/env node
/**
 * What a cold `sandtable` costs per command: each command line run `--runs` times (default 7) as a
 * fresh process under /usr/bin/time, and the median wall time and user+sys CPU printed as a
 * Markdown table, beside bare `node` for reference. The CLI is the compiled one of this checkout
 * (`npm run build` first), or each main.js given with `--cli <path>` (repeatable: e.g. another
 * checkout's and this one's, to compare before and after; their runs alternate, so that the
 * machine's load falls on each alike). A measurement, not a test: figures depend on the machine
 * and its load.
 *
 *   node bench/cli-startup.mjs [--runs 7] [--cli before/dist/src/cli/main.js --cli dist/src/cli/main.js]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const root = join(import.meta.dirname, '..');
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '7' }, cli: { type: 'string', multiple: true } },
});
const runs = Number(values.runs);
const clis = values.cli ?? [join(root, 'dist', 'src', 'cli', 'main.js')];
const out = mkdtempSync(join(tmpdir(), 'sandtable-startup-'));

/** The command lines measured: a label and the arguments after `node main.js` (null: bare node). */
const COMMANDS = [
  ['node (no script)', null],
  ['--version', ['--version']],
  ['--help', ['--help']],
  ['list sfo', ['list', 'sfo']],
  ['list', ['list']],
  ['odds sfo', ['odds', 'sfo']],
  ['play sfo --seed 1 --game 0', ['play', 'sfo', '--seed', '1', '--game', '0']],
  ['plan --half-width 0.01', ['plan', '--half-width', '0.01']],
  [
    'run sfo-variants --games 10 --workers 1',
    [
      'run',
      join(root, 'experiments', 'sfo-variants.json'),
      '--games',
      '10',
      '--workers',
      '1',
      '--quiet',
      '--out',
      join(out, 'run'),
      '--force',
    ],
  ],
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One run of `cli`: [wall seconds, user+sys seconds] as /usr/bin/time reports them. */
function once(cli, args) {
  const argv = ['-f', 'TIME %e %U %S', process.execPath, ...(args === null ? ['-e', '0'] : [cli, ...args])];
  const r = spawnSync('/usr/bin/time', argv, { cwd: root, encoding: 'utf8' });
  const line = r.stderr.split('\n').find((l) => l.startsWith('TIME '));
  if (r.status !== 0 || line === undefined)
    throw new Error(`${args?.join(' ')}: exit ${r.status}\n${r.stderr.slice(0, 2000)}`);
  const [wall, user, sys] = line.slice(5).split(' ').map(Number);
  return [wall, user + sys];
}

const rows = [];
for (const [label, args] of COMMANDS) {
  const walls = clis.map(() => []);
  const cpus = clis.map(() => []);
  for (let i = 0; i < runs; i++)
    for (const [k, cli] of clis.entries()) {
      const [w, c] = once(cli, args);
      walls[k].push(w);
      cpus[k].push(c);
    }
  const cells = clis.map((_, k) => `${median(walls[k]).toFixed(2)} | ${median(cpus[k]).toFixed(2)}`);
  rows.push(`| ${label} | ${cells.join(' | ')} |`);
  process.stderr.write(`${label}: done\n`);
}
rmSync(out, { recursive: true, force: true });
const head = clis.map((_, k) => `wall s (${k + 1}) | user+sys s (${k + 1})`).join(' | ');
process.stdout.write(
  `median of ${runs} cold runs; CLIs: ${clis.map((c, k) => `(${k + 1}) ${c}`).join(', ')}\n\n| command | ${head} |\n|---|${clis.map(() => '---:|---:').join('|')}|\n${rows.join('\n')}\n`,
);
