/**
 * DC 17.A-B (supply and isolation) checked against a trace written here from the rule text alone, on
 * the positions of Advanced Campaign games, the game a rules checker flagged among them
 * (`play dc --seed 14 --game 5 --scenario adv-campaign`: 38 Axis units eliminated isolated, most of
 * them in July 1942 when partisans (DC 19) had cut the Axis rear). At sampled decisions of each game:
 * - every unit on the map is in supply for the engine exactly when this file's trace finds a path;
 * - the supply phase of each side, run on a copy, eliminates exactly the isolated units outside
 *   fortresses and leaves the fortress garrisons to the 17.B rate (2 a turn, 1 in a VP city, down to
 *   the capacity, less 1 for Axis units in a Soviet fortress).
 */
import { describe, expect, it } from 'vitest';
import { playOneGame, startMatch } from '../src/core/driver.js';
import type { Decision } from '../src/core/game.js';
import { createPolicies } from '../src/core/policies.js';
import { resolveSetup } from '../src/core/setup.js';
import { dc } from '../src/games/dc/index.js';
import { supplyPhase } from '../src/games/dc/isolation.js';
import type { DcState, SideIx } from '../src/games/dc/state.js';
import { inSupply, mapOf } from '../src/games/dc/supply.js';
import { dcWorkspace } from '../src/games/dc/workspace.js';

/** DC 17.A.1-2: the points a unit of `nation` traces to. */
function sourcesOf(s: DcState, nation: string, side: SideIx): number[] {
  const m = mapOf(s);
  const at = (id: string) => [m.index.get(id)!];
  const all = [...Array(m.n).keys()];
  if (side === 1) return all.filter((p) => m.edgeEast[p] === 1); // eastern and south-eastern edges
  switch (nation) {
    case 'finnish':
      return at('HEL');
    case 'hungarian':
      return at('CLU');
    case 'italian':
      return at('WAR');
    case 'rumanian':
      return at('BUC');
    default:
      // German: the lines leaving the west edge, and Finland's lines leaving the north edge
      return all.filter((p) => m.edgeWest[p] === 1 || m.edgeNorth[p] === 1);
  }
}

/**
 * DC 17.A and 20 by this file's own reading: a path along map lines through friendly-controlled
 * points (never a partisan's point, for the Axis: DC 19) to a source, possibly across a sea the side
 * controls (Baltic: Konigsberg; Black Sea: Sevastopol; Azov: Sevastopol and Rostov) from one friendly
 * port on it to another.
 */
function tracesSupply(s: DcState, unit: number): boolean {
  const m = mapOf(s);
  const u = s.units[unit]!;
  const side = u.side;
  const friendly = (p: number) => s.control[p] === side && !(side === 0 && s.partisans.includes(p));
  const held = (id: string) => s.control[m.index.get(id)!] === side;
  const seaHeld = [held('KON'), held('SEV'), held('SEV') && held('ROS')];
  const nb: number[][] = Array.from({ length: m.n }, () => []);
  for (let l = 0; l < m.lines; l++) {
    nb[m.lineA[l]!]!.push(m.lineB[l]!);
    nb[m.lineB[l]!]!.push(m.lineA[l]!);
  }
  const targets = new Set(sourcesOf(s, s.rules.types[u.t]!.nation, side));
  if (!friendly(u.at)) return false;
  const seen = new Set([u.at]);
  const todo = [u.at];
  while (todo.length > 0) {
    const p = todo.pop()!;
    if (targets.has(p)) return true;
    const next = [...nb[p]!];
    for (let k = 0; k < 3; k++)
      if (seaHeld[k] && (m.seas[p]! & (1 << k)) !== 0)
        for (let o = 0; o < m.n; o++) if ((m.seas[o]! & (1 << k)) !== 0) next.push(o);
    for (const q of next)
      if (!seen.has(q) && friendly(q)) {
        seen.add(q);
        todo.push(q);
      }
  }
  return false;
}

/** The units on the map that 17.B concerns (partisans are not units here; factories never isolate). */
const concerned = (s: DcState) =>
  s.units.flatMap((u, i) => (u.st === 0 && u.at >= 0 && s.rules.types[u.t]!.id !== 'factory' ? [i] : []));

/** DC 17.B on a copy: which units the supply phase of `side` eliminates, and what it leaves to the fortress rate. */
function checkSupplyPhase(s: DcState, side: SideIx): void {
  const copy = structuredClone(s);
  copy.stack.length = 0;
  const m = mapOf(copy);
  const isolated = concerned(copy).filter((i) => copy.units[i]!.side === side && !tracesSupply(copy, i));
  // the engine's isolation-in-two-phases reading (variant) is off by default and in these games
  expect(copy.rules.isolationTwoPhases).toBe(false);
  const inFortress = (i: number) =>
    m.garrison[copy.units[i]!.at]! > 0 || (copy.rules.vpRateAnyCity && m.vp[copy.units[i]!.at]! > 0);
  supplyPhase(copy, dcWorkspace(copy), side);
  const gone = isolated.filter((i) => copy.units[i]!.st !== 0);
  expect(gone, 'isolated units outside fortresses eliminated, the rest kept').toEqual(
    isolated.filter((i) => !inFortress(i)),
  );
  const perPoint = new Map<number, number>();
  for (const i of isolated.filter(inFortress))
    perPoint.set(s.units[i]!.at, (perPoint.get(s.units[i]!.at) ?? 0) + 1);
  const expected = [...perPoint.entries()]
    .map(([p, n]) => {
      const cap = Math.max(0, m.garrison[p]! - (m.side1941[p] !== side ? 1 : 0));
      return { point: p, left: Math.min(m.vp[p]! > 0 ? 1 : 2, n - cap) };
    })
    .filter((t) => t.left > 0)
    .sort((a, b) => b.point - a.point);
  expect(
    copy.stack.map((t) => (t.t === 'isolation' ? { point: t.point, left: t.left } : t)),
    'fortress losses owed (17.B)',
  ).toEqual(expected);
}

function walk(
  seed: number,
  game: number,
  every: number,
): { checked: number; isolated: number; axisIsolatedEliminated: number } {
  const setup = resolveSetup(dc, { scenario: 'adv-campaign' }, 'isolation-check');
  const m = startMatch(dc, setup, { masterSeed: seed, gameIndex: game });
  const policies = createPolicies(dc, { ...dc.defaultPolicies }, 'adv-campaign');
  const s = m.state as DcState;
  const ws = m.workspace as ReturnType<typeof dcWorkspace>;
  let decisions = 0;
  let checked = 0;
  let isolated = 0;
  for (let p = m.pending(); p !== null; p = m.pending()) {
    const d = p as Decision;
    if (decisions++ % every === 0) {
      for (const i of concerned(s)) {
        const mine = tracesSupply(s, i);
        if (!mine) isolated++;
        expect(inSupply(s, ws, s.units[i]!), `unit ${s.units[i]!.label} at decision ${decisions}`).toBe(mine);
      }
      checkSupplyPhase(s, 0);
      checkSupplyPhase(s, 1);
      checked++;
    }
    m.apply(policies[d.side]!.choose(dc.view(s, d.side), d, m.workspace.streams.stream(`policy:${d.side}`)));
  }
  // the game walked is the game the runner plays (`play dc --seed 14 --game 5 ...`)
  const fresh = createPolicies(dc, { ...dc.defaultPolicies }, 'adv-campaign');
  expect(m.record()).toEqual(playOneGame(dc, setup, fresh, { masterSeed: seed, gameIndex: game }));
  return { checked, isolated, axisIsolatedEliminated: s.stats.axisIsolatedEliminated };
}

describe('DC 17: the engine isolates exactly what a trace from the rule text isolates', () => {
  it('seed 14, game 5 (the flagged game): every 40th decision of the whole campaign', () => {
    const r = walk(14, 5, 40);
    expect(r.checked).toBeGreaterThan(50);
    expect(r.isolated, 'positions with isolated units were met').toBeGreaterThan(0);
    expect(r.axisIsolatedEliminated).toBe(38);
  });
  it('seed 14, games 0-1: every 120th decision', () => {
    for (let g = 0; g < 2; g++) expect(walk(14, g, 120).checked).toBeGreaterThan(10);
  });
});
