/**
 * The shipped calibrations reproduce (src/games/{scs,crete,merkur}/data/calibration.json): each
 * names the calibrate file and seed that chose it and the fresh game indices its targets were
 * measured on. For each: the file still exists with that seed and game; its recorded choice is a
 * candidate the game accepts of that file under this code; the game's defaults are that choice;
 * and the choice re-played on its recorded fresh games gives the recorded target values (exactly
 * where every recorded game is re-played, within sampling error where a prefix is), but for the
 * values listed in DRIFT, which this code no longer reproduces (pinned at their value now).
 *
 * Re-running the searches themselves is out of reach of a test (10,400 to 70,500 games each), so
 * whether this code's search would choose the same setting again is not checked here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ParamValue } from '../src/core/game.js';
import { gameRegistry } from '../src/games/index.js';
import { playChunk } from '../src/runner/chunk.js';
import { recordColumns } from '../src/runner/layout.js';
import { loadSearchFile } from '../src/search/problem.js';
import { type ArmObservations, measure, targetStats } from '../src/search/targets.js';

const games = gameRegistry();

interface Recorded {
  readonly file: string;
  readonly seed: number;
  readonly choice: Readonly<Record<string, ParamValue>>;
  readonly from: number;
  readonly to: number;
  readonly targets: readonly {
    readonly id: string;
    readonly value: number;
    readonly low: number;
    readonly high: number;
    readonly games: number;
  }[];
}

type Json = Record<string, unknown>;
const read = (game: string): Json =>
  JSON.parse(readFileSync(`src/games/${game}/data/calibration.json`, 'utf8')) as Json;

/** The three files record the same facts in two shapes (SCS: --write-defaults; Crete, Merkur: a copied result). */
function recorded(game: string): Recorded {
  const c = read(game);
  if (game === 'scs') {
    const h = c.holdout as { from: number; to: number };
    return {
      file: c.experiment as string,
      seed: c.seed as number,
      choice: c.params as Record<string, ParamValue>,
      from: h.from,
      to: h.to,
      targets: c.targets as Recorded['targets'],
    };
  }
  const cal = c.calibrate as Json;
  const values = Object.fromEntries(
    Object.entries(c.values as Record<string, { value: ParamValue }>).map(([k, v]) => [k, v.value]),
  );
  const range =
    cal.holdout !== undefined
      ? (cal.holdout as { from: number; to: number })
      : (() => {
          const [a, b] = (cal.freshGames as string).split('..').map(Number);
          return { from: a!, to: b! + 1 };
        })();
  const targets = (c.targets as (Json & { games?: number; n?: number })[]).map((t) => ({
    id: t.id as string,
    value: t.value as number,
    low: t.low as number,
    high: t.high as number,
    games: (t.games ?? t.n) as number,
  }));
  return { file: cal.file as string, seed: cal.seed as number, choice: values, ...range, targets };
}

/**
 * Recorded values this code no longer reproduces, found by this test and reported (never hidden):
 * Merkur's solitaire median draw-solo was 6 [6, 7] at the calibration's code (dfb4cb7) and is 7 on
 * the same 400 games now, after the Merkur rules fixes that change play (e.g. 12.2 b, 11.0, 2.4);
 * the two other Merkur targets give their recorded values exactly. A recalibration would close it.
 */
const DRIFT: Record<string, Record<string, number>> = { merkur: { 'draw-solo': 7 } };

/** Games re-played per arm: every recorded one where that is affordable, else a prefix. */
const REPLAY: Record<string, number> = { merkur: 400, crete: 200, scs: 100 };

describe.each(['merkur', 'crete', 'scs'])('the shipped %s calibration', (game) => {
  const rec = recorded(game);
  const def = games.get(game);

  it('names a calibrate file of this game with the recorded seed', () => {
    expect(existsSync(rec.file), rec.file).toBe(true);
    const raw = JSON.parse(readFileSync(rec.file, 'utf8')) as { game: string; seed: number };
    expect(raw.game).toBe(game);
    expect(raw.seed).toBe(rec.seed);
  });

  const p = loadSearchFile(rec.file, 'calibrate', games);
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const index = p.candidates.findIndex((c) => p.dims.every((d) => same(c.values[d.id], rec.choice[d.id])));

  it('its choice is a candidate of that file, accepted by the game, and the game plays it by default', () => {
    expect(index, `no candidate of ${rec.file} is ${JSON.stringify(rec.choice)}`).toBeGreaterThanOrEqual(0);
    expect(p.candidates[index]!.refused).toBeUndefined();
    for (const d of p.dims) {
      const param = def.parameters.find((x) => x.id === d.id)!;
      expect(param.default, d.id).toEqual(rec.choice[d.id]);
    }
  });

  it(`re-played on its recorded fresh games (the first ${REPLAY[game]} per arm), gives the recorded targets`, () => {
    const cand = p.candidates[index]!;
    const n = Math.min(REPLAY[game]!, rec.to - rec.from);
    const to = rec.from + n;
    const cols = recordColumns(def);
    const stats = targetStats(p.targets);
    const obs: ArmObservations[] = cand.arms!.map((arm, a) => {
      const block = playChunk(def, { game, arm: a, ...arm, seed: p.seed, start: rec.from, end: to });
      const result: number[] = [];
      const st: Record<string, number[]> = Object.fromEntries(stats.map((s) => [s, []]));
      for (let i = 0; i < n; i++) result[rec.from + i] = block[i]!;
      for (const s of stats) {
        const c = cols.findIndex((x) => x.name === s);
        for (let i = 0; i < n; i++) st[s]![rec.from + i] = block[c * n + i]!;
      }
      return { result, stats: st };
    });
    const whole = to === rec.to;
    const far: string[] = [];
    for (const t of p.targets) {
      const r = rec.targets.find((x) => x.id === t.id);
      expect(r, `target ${t.id} recorded`).toBeDefined();
      const m = measure(t, obs, rec.from, to);
      const drift = DRIFT[game]?.[t.id];
      if (drift !== undefined) {
        // a known difference: pinned at today's value, so it is seen again if play moves
        expect(m.value, `${t.id} (recorded ${r!.value}, known to differ)`).toBe(drift);
        expect(m.value).not.toBe(r!.value);
        continue;
      }
      if (whole) {
        // every recorded game re-played: the very same value over the same games
        if (m.value !== r!.value || m.n !== r!.games)
          far.push(`${t.id}: ${m.value} over ${m.n} games, recorded ${r!.value} over ${r!.games}`);
        continue;
      }
      // a prefix: the recorded value within 3.5 standard errors of the prefix's (its 95% half-width / 1.96)
      const half = Math.max(m.high - m.value, m.value - m.low);
      const z =
        half === 0
          ? m.value === r!.value
            ? 0
            : Number.POSITIVE_INFINITY
          : ((m.value - r!.value) * 1.96) / half;
      if (!(Math.abs(z) <= 3.5))
        far.push(
          `${t.id}: ${m.value} on games ${rec.from}..${to - 1}, recorded ${r!.value} (z ${z.toFixed(1)})`,
        );
    }
    expect(far, far.join('; ')).toEqual([]);
  });
});
