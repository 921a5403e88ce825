/**
 * The Axis per-phase plan (policies/plan.ts, docs/games/dc.md "Policies"): on the positions of a played game (the
 * historical pairing, 1941-42), each planned attack meets the plan's odds against the defence, the
 * planned moves fit the lines' capacities (DC 12.A-C), barbarossa-plan's answers follow the plan whenever
 * the engine offers the planned option, and the policy's Ctx forgets the plan on reset.
 */
import { describe, expect, it } from 'vitest';
import { startMatch } from '../src/core/driver.js';
import { createPolicies } from '../src/core/policies.js';
import { streamRng } from '../src/core/rng.js';
import { resolveSetup } from '../src/core/setup.js';
import type { DcDecision } from '../src/games/dc/decisions.js';
import { dc } from '../src/games/dc/index.js';
import { Ctx } from '../src/games/dc/policies/common.js';
import { type AxisPlan, makePlan, plannedOption, takeOverGroup } from '../src/games/dc/policies/plan.js';
import { type DcState, type DcTask, yearOf } from '../src/games/dc/state.js';
import { mapOf } from '../src/games/dc/supply.js';

const RATIO = 1.1;
const STYLE = { ratio: RATIO, pocket: 1 };
const TARGETS = 'LEN,MOS,KIE,ODE';

/** The undispersed Soviet printed fire at `p` plus its fortress class (the plan's defence). */
function defence(s: DcState, p: number): number {
  let d = 0;
  let any = false;
  for (const u of s.units)
    if (u.st === 0 && u.side === 1 && u.at === p) {
      any = true;
      if (!u.disp) d += s.rules.types[u.t]!.ff;
    }
  return any ? d + mapOf(s).fortClass[p]! : 0;
}

/** Checks the plan made at the first op-move decision of an Axis phase; returns its planned attacks. */
function checkPlan(s: DcState, plan: AxisPlan): number {
  const m = mapOf(s);
  const fire = new Float64Array(m.n);
  const load = new Map<number, [number, number]>();
  const add = (l: number, half: number, armour: boolean) => {
    const x = load.get(l) ?? [0, 0];
    x[0] += half;
    if (armour) x[1]++;
    load.set(l, x);
  };
  let attacks = 0;
  for (const [i, x] of plan.units) {
    const u = s.units[i]!;
    const ty = s.rules.types[u.t]!;
    expect(u.side).toBe(0);
    add(x.line, ty.cap * 2, ty.armour);
    if (x.type === 'highway') add(x.line2, ty.cap * 2, ty.armour);
    if (x.attack) {
      expect(plan.target[x.to]).toBe(1);
      fire[x.to]! += ty.ff;
    }
  }
  for (let p = 0; p < m.n; p++) {
    if (plan.target[p] !== 1) continue;
    attacks++;
    expect(fire[p]).toBeGreaterThanOrEqual(RATIO * Math.max(1, defence(s, p)));
  }
  // DC 12.A-C: no line carries more than its Axis capacity (total in half-units, armour)
  for (const [l, [half, armour]] of load) {
    const cap = s.rules.lineCap[0]![m.lineClass[l]!]!;
    expect(s.load[2 * l]! + half).toBeLessThanOrEqual(2 * cap[0] + 1);
    expect(s.load[2 * l + 1]! + armour).toBeLessThanOrEqual(cap[1]);
  }
  return attacks;
}

describe('DC Axis plan', () => {
  it('plans attacks at its odds within the line capacities, and barbarossa-plan follows it', () => {
    const setup = resolveSetup(dc, { scenario: 'intro-tournament', variants: {}, params: {} }, 'test');
    let phases = 0;
    let attacks = 0;
    let followed = 0;
    for (let g = 0; g < 2; g++) {
      const policies = createPolicies(
        dc,
        { axis: 'barbarossa-plan', soviet: 'stavka-historical' },
        setup.scenario,
      );
      const m = startMatch(dc, setup, { masterSeed: 1941122, gameIndex: g });
      const rng = streamRng(1941122, g, 'policy');
      const ctx = new Ctx();
      let task: DcTask | null = null;
      let plan: AxisPlan | null = null;
      for (let q = m.pending(); q !== null; q = m.pending()) {
        if (q.kind === 'chance') throw new Error('no chance points outside explicit-chance mode');
        const d = q as DcDecision;
        const s = m.state as DcState;
        const top = s.stack[s.stack.length - 1]!;
        if (yearOf(s.turn) > 1942) break;
        if (d.kind === 'op-move' && d.side === 'axis' && top.t === 'op' && top.second < 0) {
          if (top !== task) {
            task = top;
            plan = makePlan(
              s,
              ctx,
              top,
              ctx.distances(s, yearOf(s.turn) <= 1941 ? TARGETS : 'STL,ROS,GRO,VOR,LEN,MOS'),
              STYLE,
            );
            attacks += checkPlan(s, plan);
            phases++;
          }
          const i = top.order[top.i]!;
          takeOverGroup(s, plan!, top, i);
          const k = plannedOption(plan!, i, d);
          const answer = policies[d.side]!.choose(s, d, rng);
          if (k >= 0) {
            expect(answer).toBe(k);
            followed++;
          }
          m.apply(answer);
          continue;
        }
        m.apply(policies[d.side]!.choose(s, d, rng));
      }
    }
    expect(phases).toBeGreaterThan(10);
    expect(attacks).toBeGreaterThan(10);
    expect(followed).toBeGreaterThan(30);
  });

  it('the plan cache is cleared by reset', () => {
    const setup = resolveSetup(dc, { scenario: 'intro-tournament', variants: {}, params: {} }, 'test');
    const policies = createPolicies(
      dc,
      { axis: 'barbarossa-plan', soviet: 'stavka-historical' },
      setup.scenario,
    );
    const m = startMatch(dc, setup, { masterSeed: 7, gameIndex: 0 });
    const rng = streamRng(7, 0, 'policy');
    const ctx = new Ctx();
    for (let q = m.pending(); q !== null; q = m.pending()) {
      const d = q as DcDecision;
      const s = m.state as DcState;
      const top = s.stack[s.stack.length - 1]!;
      if (d.kind === 'op-move' && d.side === 'axis' && top.t === 'op') {
        ctx.plan = makePlan(s, ctx, top, ctx.distances(s, TARGETS), STYLE);
        break;
      }
      m.apply(policies[d.side]!.choose(s, d, rng));
    }
    expect(ctx.plan).not.toBeNull();
    expect(ctx.plan!.units.size).toBeGreaterThan(0);
    ctx.reset();
    expect(ctx.plan).toBeNull();
  });
});
