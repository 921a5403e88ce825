import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { GameRegistry } from '../core/registry.js';
import { defaultWorkers } from '../runner/pool.js';
import { loadSearchFile } from '../search/problem.js';
import type { SearchResult } from '../search/report.js';
import { runSearch } from '../search/run.js';
import { examplesHelp, workersFlag } from './options.js';

interface SearchFlags {
  workers?: number;
  out?: string;
  resume?: boolean;
  force?: boolean;
  quiet?: boolean;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** The lines a finished search prints: the best setting and each target there. */
function summary(r: SearchResult, out: string): string {
  const lines = [`best: ${r.best.label}${r.best.spec === undefined ? '' : ` (${r.best.spec})`}`];
  for (const t of r.targets)
    lines.push(
      `  ${t.id}: ${t.label}: ${t.label.includes('rate') && !t.label.includes('most common') ? `${pct(t.value)} [${pct(t.low)}, ${pct(t.high)}]` : `${t.value.toFixed(3)} [${t.low.toFixed(3)}, ${t.high.toFixed(3)}]`} on games ${r.holdout.from}..${r.holdout.to - 1}: ${t.met ? 'met' : 'missed'}`,
    );
  if (r.tune !== undefined) {
    const a = r.tune.advantage;
    lines.push(
      `  tuned vs untuned ${r.tune.policy}: ${pct(r.tune.untuned)} -> ${pct(r.tune.tuned)}, ${(100 * a.estimate).toFixed(1)} points [${(100 * a.low).toFixed(1)}, ${(100 * a.high).toFixed(1)}] paired; saved as ${r.tune.policy}@${r.tune.save} in ${out}/tuned.json`,
    );
  }
  if (r.conflicts.length > 0)
    lines.push(`  conflicting targets: ${r.conflicts.map(([a, b]) => `${a}/${b}`).join(', ')}`);
  lines.push(`report: ${out}/report.html`);
  return `${lines.join('\n')}\n`;
}

/** `sandtable calibrate <file>` and `sandtable tune <file>`: successive halving over candidates (src/search). */
export function registerSearch(program: Command, games: GameRegistry): void {
  for (const mode of ['calibrate', 'tune'] as const) {
    program
      .command(mode)
      .description(
        mode === 'calibrate'
          ? 'search game parameters and variants for the setting that best meets stated targets (rates, means, medians, the modal result)'
          : "search a policy's tunable weights for the highest win rate of its side against fixed opponents",
      )
      .argument('<file>', `${mode} file (JSON; README "Calibrate and tune")`)
      .option('--workers <n>', 'worker threads (default: cores; results never depend on it)', (v: string) =>
        workersFlag(v),
      )
      .option('--out <dir>', 'run directory (default: reports/<name>)')
      .option('--resume', 'continue the interrupted search in --out (finished evaluations are kept)')
      .option('--force', 'replace the search in --out')
      .option('--quiet', 'no progress output')
      .addHelpText(
        'after',
        examplesHelp(
          mode === 'calibrate'
            ? [['sandtable calibrate experiments/sfo-calibrate.json', '-> reports/sfo-calibrate/report.html']]
            : [
                [
                  'sandtable tune experiments/sfo-tune-us.json',
                  '-> reports/sfo-tune-us/tuned.json (elastic@<name>)',
                ],
              ],
        ),
      )
      .action(async (file: string, flags: SearchFlags) => {
        const p = loadSearchFile(file, mode, games);
        const out = flags.out ?? `reports/${p.name}`;
        const ctrl = new AbortController();
        const onStop = () => {
          process.stderr.write('\nstopping: finished evaluations are kept (continue with --resume)\n');
          ctrl.abort();
        };
        process.once('SIGINT', onStop);
        process.once('SIGTERM', onStop);
        try {
          const o = await runSearch(p, {
            out,
            workers: flags.workers ?? defaultWorkers(),
            resume: flags.resume ?? false,
            force: flags.force ?? false,
            quiet: flags.quiet ?? false,
            signal: ctrl.signal,
            source: file,
          });
          if (o.status === 'interrupted') {
            process.stderr.write(
              `interrupted: continue with sandtable ${mode} ${file} --out ${out} --resume\n`,
            );
            process.exitCode = 130;
            return;
          }
          const r = JSON.parse(readFileSync(`${out}/result.json`, 'utf8')) as SearchResult;
          process.stdout.write(summary(r, out));
        } finally {
          process.off('SIGINT', onStop);
          process.off('SIGTERM', onStop);
        }
      });
  }
}
