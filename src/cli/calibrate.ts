import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { GameRegistry } from '../core/registry.js';
import type { SearchResult } from '../search/report.js';
import { examplesHelp, stopOnSignals, workersFlag } from './options.js';

interface SearchFlags {
  workers?: number;
  out?: string;
  resume?: boolean;
  force?: boolean;
  quiet?: boolean;
  writeDefaults?: string;
  acceptMissed?: boolean;
}

/**
 * The file `calibrate --write-defaults <path>` writes: a game's calibrated defaults as the output of
 * a named run (file, seed, code), never a hand edit. `params` are the file's fixed parameters with
 * the best setting's searched values on top; each target carries its value and 95% interval on the
 * fresh games. A game reads `params` as its parameter defaults (e.g. src/games/scs/data/calibration.json).
 */
export function calibratedDefaults(
  r: SearchResult,
  file: string,
  source: { params?: Record<string, unknown>; variants?: Record<string, boolean> },
  run: { out: string; commit: string; created: string; finished: string | undefined },
): unknown {
  const searched = { ...r.best.values };
  const variants = searched.variants;
  delete searched.variants;
  return {
    _status: `written by: sandtable calibrate ${file} --write-defaults (run directory ${run.out}); edit the calibrate file and run it again rather than editing this file`,
    experiment: file,
    name: r.name,
    game: r.game,
    scenario: r.scenario,
    seed: r.seed,
    commit: run.commit,
    started: run.created,
    finished: run.finished ?? null,
    gamesPlayed: r.gamesPlayed,
    best: r.best.label,
    choice: r.choice.statement,
    finalists: r.finalists.map((f) => ({ label: f.label, loss: f.loss, low: f.low, high: f.high })),
    params: { ...(source.params ?? {}), ...searched },
    ...(Array.isArray(variants) && variants.length > 0 ? { variants } : {}),
    holdout: r.holdout,
    allMet: r.allMet,
    verdict: r.verdict,
    targets: r.targets.map((t) => ({
      id: t.id,
      label: t.label,
      value: t.value,
      low: t.low,
      high: t.high,
      games: t.games,
      met: t.met,
      verdict: t.verdict,
    })),
    conflicts: r.conflicts,
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** A target's value and 95% interval as result.json holds them (null: measured over no games). */
function valueText(t: SearchResult['targets'][number]): string {
  const { value, low, high } = t as { value: number | null; low: number | null; high: number | null };
  if (value === null || low === null || high === null) return 'missing (no game to measure it on)';
  return t.label.includes('rate') && !t.label.includes('most common')
    ? `${pct(value)} [${pct(low)}, ${pct(high)}]`
    : `${value.toFixed(3)} [${low.toFixed(3)}, ${high.toFixed(3)}]`;
}

/**
 * The lines a finished search prints after `sampling` (how its games were sampled): each round,
 * the finalists, the best setting and each target there, judged by its interval.
 */
function summary(r: SearchResult, out: string, sampling: string): string {
  const lines = [sampling];
  r.rounds.forEach((x, k) => {
    const worse = x.ranking.filter((e) => e.reason === 'worse').length;
    const over = x.ranking.filter((e) => e.reason === 'over the cap').length;
    const plan = x.ranking.filter((e) => e.reason === 'kept to the plan').length;
    lines.push(
      `round ${k + 1}: ${x.candidates} candidates on games 0..${x.games - 1}, kept ${x.kept} (planned ${x.planned}..${x.cap}); cut ${worse} found worse (Holm-adjusted paired test), ${over} over the cap${plan === 0 ? '' : `; ${plan} found worse kept to the plan`}`,
    );
  });
  lines.push(`finalists on the fresh games ${r.holdout.from}..${r.holdout.to - 1} (loss [95%]):`);
  r.finalists.forEach((f, k) => {
    lines.push(
      `  ${f.label}: ${f.loss.toFixed(3)} [${f.low.toFixed(3)}, ${f.high.toFixed(3)}]${k === 0 ? ' chosen' : `, +${f.difference.toFixed(3)}, Holm p ${f.pHolm.toPrecision(2)}`}${f.candidate === r.searchBest.candidate ? ' (search best)' : ''}`,
    );
  });
  lines.push(r.choice.statement);
  lines.push(`best: ${r.best.label}${r.best.spec === undefined ? '' : ` (${r.best.spec})`}`);
  for (const t of r.targets)
    lines.push(
      `  ${t.id}: ${t.label}: ${valueText(t)} on games ${r.holdout.from}..${r.holdout.to - 1}: ${t.verdict}`,
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

/** `sandtable calibrate <file>` and `sandtable tune <file>`: racing over candidates, finalists re-checked on fresh games (src/search). */
export function registerSearch(program: Command, games: GameRegistry): void {
  for (const mode of ['calibrate', 'tune'] as const) {
    const cmd = program
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
      .option('--quiet', 'no progress output');
    if (mode === 'calibrate')
      cmd
        .option(
          '--write-defaults <path>',
          "when complete, write the best setting as a game's calibrated defaults (JSON: file, seed, params, targets with intervals); refused when a target is missed or undecided",
        )
        .option(
          '--accept-missed',
          'with --write-defaults: write them even when a target is missed or undecided',
        );
    cmd
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
        const [{ writeAtomic }, { defaultWorkers }, { loadSearchFile }, { samplingText }, { runSearch }] =
          await Promise.all([
            import('../runner/outputs.js'),
            import('../runner/pool.js'),
            import('../search/problem.js'),
            import('../search/report.js'),
            import('../search/run.js'),
          ]);
        const p = loadSearchFile(file, mode, games);
        const out = flags.out ?? `reports/${p.name}`;
        const stop = stopOnSignals('finished evaluations are kept (continue with --resume)');
        try {
          const o = await runSearch(p, {
            out,
            workers: flags.workers ?? defaultWorkers(),
            resume: flags.resume ?? false,
            force: flags.force ?? false,
            quiet: flags.quiet ?? false,
            signal: stop.signal,
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
          process.stdout.write(summary(r, out, samplingText(r.sampling)));
          if (flags.writeDefaults !== undefined) {
            if (p.rulesSearched.length > 0) {
              process.stderr.write(
                `defaults not written: ${file} searches ${p.rulesSearched.join(', ')}, fixed by the rules (a diagnostic, never defaults)\n`,
              );
              process.exitCode = 1;
              return;
            }
            const open = r.targets.filter((t) => t.verdict !== 'met');
            if (open.length > 0 && flags.acceptMissed !== true) {
              process.stderr.write(
                `defaults not written: ${open.map((t) => `${t.id} ${t.verdict}`).join(', ')} on the fresh games (write them anyway with --accept-missed)\n`,
              );
              process.exitCode = 1;
              return;
            }
            const src = p.source as { params?: Record<string, unknown>; variants?: Record<string, boolean> };
            const m = o.manifest;
            const body = calibratedDefaults(r, file, src, {
              out,
              commit: m.commit,
              created: m.created,
              finished: m.finished,
            });
            writeAtomic(flags.writeDefaults, `${JSON.stringify(body, null, 2)}\n`);
            process.stdout.write(`defaults: ${flags.writeDefaults}\n`);
            // tests/search-shipped.slow.test.ts re-plays a shipped calibration against what it records
            if (m.commit.endsWith('+dirty'))
              process.stderr.write(
                `sandtable: warning: ${flags.writeDefaults} records code ${m.commit}, with uncommitted changes: commit them and run again so that the calibration can be reproduced from its commit\n`,
              );
          }
        } finally {
          stop.release();
        }
      });
  }
}
