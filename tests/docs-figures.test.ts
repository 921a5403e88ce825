import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The figures README.md and docs/ quote come from runs (scripts/figures.mjs, docs/figures.json):
// every span names a listed figure, every figure names a shipped experiment, and a sample of them,
// played at a small game count, still points the way the docs say and is of the size they say
// (each figure's `expect` range). Sized in games: 200 per arm.

const root = join(import.meta.dirname, '..');
const GAMES = 200;
const SAMPLE = ['sfo-elim-one', 'crete-errata', 'merkur-historical', 'dc-ger-repl'];

interface Figure {
  readonly id: string;
  readonly from?: string;
  readonly experiment?: string;
  readonly arms?: readonly string[];
  readonly expect: { readonly min: number; readonly max: number };
}

const figures: readonly Figure[] = (
  JSON.parse(readFileSync(join(root, 'docs', 'figures.json'), 'utf8')) as { figures: Figure[] }
).figures;

function markdown(): string[] {
  const docs = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? docs(join(d, e.name)) : e.name.endsWith('.md') ? [join(d, e.name)] : [],
    );
  return [join(root, 'README.md'), ...docs(join(root, 'docs'))];
}

/** Runs `body` on a fresh temporary directory, removed afterwards. */
async function inTempDir(prefix: string, body: (dir: string) => Promise<void> | void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    await body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** scripts/figures.mjs, typed as these tests use it. */
async function figuresScript() {
  return (await import(join(root, 'scripts', 'figures.mjs'))) as {
    statistic: (fig: unknown, dir: string) => { value: number; vars: Record<string, string> };
    render: (fig: unknown, vars: Record<string, string>, seed: number) => string;
    playFigure: (
      api: unknown,
      fig: unknown,
      games: number | null,
      tmp: string,
      played: Map<string, unknown>,
      workers: number,
      keep: boolean,
    ) => Promise<{ sentence: string }>;
  };
}

/** figures.mjs's `statistic(fig, dir)` in a process of its own (it exits 2 on a figure it cannot read). */
function statisticProcess(fig: unknown, dir: string) {
  return spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { statistic } = await import(${JSON.stringify(join(root, 'scripts', 'figures.mjs'))}); statistic(${JSON.stringify(fig)}, ${JSON.stringify(dir)});`,
    ],
    { encoding: 'utf8' },
  );
}

describe('figures in the docs', () => {
  it('every span quotes a listed figure, and every figure is quoted and names a shipped experiment', () => {
    const quoted = new Set(
      markdown().flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/<!-- fig:([\w-]+) -->/g)].map((m) => m[1]!),
      ),
    );
    const ids = new Set(figures.map((f) => f.id));
    for (const id of quoted) expect(ids.has(id), `fig:${id} in a doc`).toBe(true);
    for (const f of figures) {
      expect(quoted.has(f.id), `${f.id} quoted`).toBe(true);
      if (f.from !== undefined) expect(ids.has(f.from), `${f.id} from ${f.from}`).toBe(true);
      else {
        const exp = JSON.parse(readFileSync(join(root, f.experiment!), 'utf8')) as {
          arms?: { id: string }[];
          matrix?: unknown;
        };
        // an arm is the file's own or, with a matrix, one of its <a>_vs_<b> cells
        for (const arm of f.arms ?? [])
          expect(
            (exp.arms ?? []).some((a) => a.id === arm) || (exp.matrix !== undefined && arm.includes('_vs_')),
            `${f.id}: ${arm} in ${f.experiment}`,
          ).toBe(true);
      }
      expect(f.expect.min, f.id).toBeLessThanOrEqual(f.expect.max);
    }
  });

  it(`a sample played at ${GAMES} games per arm keeps its direction and rough size`, () => {
    const r = spawnSync(
      process.execPath,
      [join(root, 'scripts', 'figures.mjs'), '--json', '--games', String(GAMES), '--only', SAMPLE.join(',')],
      { encoding: 'utf8', cwd: root },
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; value: number; sentence: string; games: number });
    expect(rows.map((x) => x.id).sort()).toEqual([...SAMPLE].sort());
    for (const row of rows) {
      const f = figures.find((x) => x.id === row.id)!;
      expect(row.games).toBe(GAMES);
      expect(row.value, `${row.id}: ${row.sentence}`).toBeGreaterThanOrEqual(f.expect.min);
      expect(row.value, `${row.id}: ${row.sentence}`).toBeLessThanOrEqual(f.expect.max);
      expect(row.sentence, row.id).toContain(`${GAMES}`);
    }
  }, 900_000);

  it('the ladder statistic reads every rung, the last step and who gains from a ladder.json', async () => {
    const { statistic, render } = await figuresScript();
    await inTempDir('figures-ladder-', async (dir) => {
      writeFileSync(join(dir, 'summary.csv'), 'arm,kind,outcome,rate,lo95,hi95,games\n');
      const rung = (rung: number, label: string, value: number, lo: number, hi: number) => ({
        rung,
        label,
        value,
        interval: [lo, hi],
      });
      writeFileSync(
        join(dir, 'ladder.json'),
        JSON.stringify({
          rowSide: 'german',
          colSide: 'british',
          games: 1200,
          rungs: [
            rung(0, 'scripts', 0.803, 0.745, 0.86),
            rung(1, 'n 4', 0.61, 0.55, 0.66),
            rung(2, 'n 16', 0.58, 0.52, 0.64),
          ],
          convergence: {
            from: 1,
            to: 2,
            diff: -0.03,
            interval: [-0.07, 0.01],
            status: 'undecided',
            margin: 0.03,
          },
          gain: { from: 0, to: 2, diff: -0.223, interval: [-0.3, -0.15], favours: 'col' },
        }),
      );
      const fig = {
        id: 'x-ladder',
        stat: { kind: 'ladder', names: { german: 'Germans', british: 'British' } },
        template:
          '{rung0} / {label1} {rung1} / {label2} {rung2} = {top}; {step} {status} {margin}; {gain}; {games}',
      };
      const { value, vars } = statistic(fig, dir);
      expect(value).toBe(0.58);
      expect(render(fig, vars, 1)).toBe(
        '80.3% [74.5, 86.0] / n 4 61.0% [55.0, 66.0] / n 16 58.0% [52.0, 64.0] = 58.0% [52.0, 64.0]; ' +
          '-3.0 points [-7.0, 1.0] not settled at this size ±3; ' +
          'skill favours the British (-22.3 points [-30.0, -15.0]); 1,200',
      );
    });
  });
  it('the column statistic reads a game statistic’s median and quartiles, or its mean, per arm from stats.csv', async () => {
    const { statistic, render } = await figuresScript();
    await inTempDir('figures-column-', async (dir) => {
      writeFileSync(
        join(dir, 'summary.csv'),
        'arm,kind,outcome,count,games,rate,lo95,hi95\na,winner,axis,0,100,0,0,0.04\nb,winner,axis,0,100,0,0,0.04\n',
      );
      writeFileSync(
        join(dir, 'stats.csv'),
        'arm,stat,mean,sd,min,q25,median,q75,max\n' +
          'a,vp_dec41,2.4,0.7,1,2,3,3,3\nb,vp_dec41,4.1,1.2,0,3,4,5,7\na,held_t6,0.4265,0.49,0,0,0,1,1\n',
      );
      const median = {
        id: 'x-median',
        stat: { kind: 'column', column: 'vp_dec41', of: 'median', arms: { script: 'a', search: 'b' } },
        template: '{script} against {search} ({games} games)',
      };
      const m = statistic(median, dir);
      expect(m.value).toBe(3);
      expect(render(median, m.vars, 1)).toBe('3 (quartiles 2-3) against 4 (quartiles 3-5) (100 games)');
      const share = {
        id: 'x-mean',
        stat: { kind: 'column', column: 'held_t6', of: 'mean', percent: true, arms: { a: 'a' } },
        template: '{a}',
      };
      expect(render(share, statistic(share, dir).vars, 1)).toBe('42.6%');
      const missing = { ...share, stat: { ...share.stat, arms: { b: 'b' } } };
      const r = statisticProcess(missing, dir);
      expect(r.status).toBe(2);
      expect(r.stderr.trim()).toBe('figures: x-mean: no held_t6 for arm b in stats.csv');
    });
  });
  it('the strength statistic quotes sandtable strength on a run: one side search against the best script', async () => {
    const { statistic, render } = await figuresScript();
    await inTempDir('figures-strength-', async (dir) => {
      const exp = join(dir, 'exp.json');
      writeFileSync(
        exp,
        JSON.stringify({
          name: 'figures-strength',
          game: 'sfo',
          scenario: 'advanced',
          games: 6,
          seed: 5,
          matrix: {
            policies: {
              soviet: ['best-odds', 'zoc-pin', 'mcts:iterations=1'],
              us: ['hold-towns', 'counterattack'],
            },
          },
        }),
      );
      const out = join(dir, 'run');
      const cli = join(root, 'dist', 'src', 'cli', 'main.js');
      const run = spawnSync(process.execPath, [cli, 'run', exp, '--out', out, '--workers', '1', '--quiet'], {
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      const csv = spawnSync(process.execPath, [cli, 'strength', out, '--csv'], { encoding: 'utf8' });
      const [head, row] = csv.stdout.trim().split('\n');
      const cells = Object.fromEntries(head!.split(',').map((k, i) => [k, row!.split(',')[i]!]));
      const fig = {
        id: 'x-strength',
        stat: { kind: 'strength', side: 'soviet', policy: 'mcts:iterations=1' },
        template: '{worst}; {best}; {diff}; {verdict}; {width} wide; {games} ({needed})',
      };
      const { value, vars } = statistic(fig, out);
      expect(value).toBe(Number(cells.difference));
      const sentence = render(fig, vars, 5);
      expect(sentence).toContain(`(against ${cells.worst_opponent})`);
      expect(sentence).toContain(`\`${cells.best_script}\``);
      expect(sentence).toMatch(/; 6 \(\d[\d,]*\)$/);
      expect(vars.width).toBe(((Number(cells.hi) - Number(cells.lo)) * 100).toFixed(1));
      // six games never settle it either way
      expect(vars.verdict).toBe('not measurably stronger than the best script at this size');
      const other = { ...fig, stat: { ...fig.stat, policy: 'portfolio' } };
      const r = statisticProcess(other, out);
      expect(r.status).toBe(2);
      expect(r.stderr.trim()).toBe(
        'figures: x-strength: sandtable strength gives no row for soviet portfolio',
      );
    });
  }, 120_000);
  it('--keep continues or reads again a run kept before, and plays a new one afresh', async () => {
    const { playFigure } = await figuresScript();
    await inTempDir('figures-keep-', async (dir) => {
      const calls: Record<string, unknown>[] = [];
      const api = {
        listGames: () => [],
        runExperiment: async (_exp: unknown, opts: Record<string, unknown>) => {
          calls.push(opts);
          if (opts.resume === true)
            throw new Error(`${String(opts.out)}: --resume: this run is already complete`);
          mkdirSync(String(opts.out), { recursive: true });
          writeFileSync(join(String(opts.out), 'manifest.json'), '{}');
          writeFileSync(
            join(String(opts.out), 'summary.csv'),
            'arm,kind,outcome,count,games,rate,lo95,hi95\na,winner,soviet,60,100,0.6,0.5,0.69\n',
          );
        },
      };
      const fig = {
        id: 'x-keep',
        experiment: 'experiments/sfo-advanced-policies.json',
        stat: { kind: 'rate', arm: 'a', side: 'soviet' },
        template: '{rate}',
      };
      const first = await playFigure(api, fig, 100, dir, new Map(), 1, true);
      expect(first.sentence).toBe('60.0% [50.0, 69.0]');
      expect(calls.map((c) => [c.force, c.resume])).toEqual([[true, undefined]]);
      // the kept run is there: continued (here: found complete) and read again, never replaced
      const again = await playFigure(api, fig, 100, dir, new Map(), 1, true);
      expect(again.sentence).toBe(first.sentence);
      expect(calls.map((c) => [c.force, c.resume])).toEqual([
        [true, undefined],
        [undefined, true],
      ]);
      // without --keep a run is always played afresh
      await playFigure(api, fig, 100, dir, new Map(), 1, false);
      expect(calls.at(-1)?.force).toBe(true);
    });
  });
  it('the diff statistic with a margin says whether the two arms agree within it', async () => {
    const { statistic, render } = await figuresScript();
    await inTempDir('figures-diff-', async (dir) => {
      writeFileSync(
        join(dir, 'summary.csv'),
        'arm,kind,outcome,count,games,rate,lo95,hi95\n' +
          'a,winner,soviet,290,1000,0.29,0.26,0.32\nb,winner,soviet,302,1000,0.302,0.27,0.33\n',
      );
      const sentence = (lo: number, hi: number) => {
        writeFileSync(
          join(dir, 'comparisons.csv'),
          `arm,baseline,outcome,games,diff,lo95,hi95\nb,a,win:soviet,1000,0.012,${lo},${hi}\n`,
        );
        const fig = {
          id: 'x-step',
          stat: { kind: 'diff', arm: 'b', side: 'soviet', margin: 0.03 },
          template: '{diff}: {status} ({margin})',
        };
        return render(fig, statistic(fig, dir).vars, 1);
      };
      expect(sentence(-0.017, 0.041)).toBe('+1.2 points [-1.7, 4.1]: not settled at this size (±3)');
      expect(sentence(-0.02, 0.025)).toBe('+1.2 points [-2.0, 2.5]: converged (±3)');
      expect(sentence(0.031, 0.05)).toBe('+1.2 points [3.1, 5.0]: not converged: still moving (±3)');
    });
  });
});
