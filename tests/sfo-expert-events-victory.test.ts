import { describe, expect, it } from 'vitest';
import { playMatch, startMatch } from '../src/core/driver.js';
import type { Decision, Policy, TraceEvent } from '../src/core/game.js';
import { streamRng } from '../src/core/rng.js';
import { resolveSetup } from '../src/core/setup.js';
import { legalBattles } from '../src/games/sfo/combat.js';
import type { SfoOption } from '../src/games/sfo/decisions.js';
import {
  cellSpent,
  drawEvent,
  effectiveEvent,
  eventCellIndex,
  expertReplacementOptions,
} from '../src/games/sfo/events.js';
import { sfo } from '../src/games/sfo/index.js';
import { invariants } from '../src/games/sfo/invariants.js';
import { moveOptions } from '../src/games/sfo/movement.js';
import { buildEventTable } from '../src/games/sfo/parameters.js';
import type { SfoState } from '../src/games/sfo/state.js';
import { outcome, victoryPoints } from '../src/games/sfo/victory.js';
import { hexIds, hexIndex, positionState, runPhase, scriptedPolicy } from './helpers/sfo.js';

const unit = (s: SfoState, id: string) => s.units.findIndex((u) => u.id === id);
const first = scriptedPolicy(() => true);
const both = (soviet: Policy = first, us: Policy = first) => ({ soviet, us });

describe('SFO 7 random events tables (Expert)', () => {
  it('a column die 1-3 picks the left column, 4-6 the right; the row die picks the row', () => {
    expect(eventCellIndex(1, 1)).toBe(0);
    expect(eventCellIndex(3, 6)).toBe(5);
    expect(eventCellIndex(4, 1)).toBe(6);
    expect(eventCellIndex(6, 2)).toBe(7);
  });

  it('default (reconstructed) layouts: Soviet Air is 1 of 12, the US V sits on row 2 of both columns, 5 cells As planned', () => {
    const s = positionState({ level: 'expert', soviet: ['0801'], us: ['0206'] });
    const { soviet, us } = s.rules.expert!.tables;
    expect(soviet.filter((c) => c === 'air').length).toBe(1);
    expect([us[eventCellIndex(2, 2)], us[eventCellIndex(5, 2)]]).toEqual([
      'reinforce:WG-V',
      'reinforce:WG-V',
    ]);
    expect(soviet.filter((c) => c === 'planned').length).toBe(5);
    expect(us.filter((c) => c === 'planned').length).toBe(5);
    expect(new Set(soviet)).toEqual(
      new Set([
        'air',
        'artillery',
        'friction',
        'spetsnaz',
        'replacement',
        'reinforce:ZH',
        'reinforce:ZE',
        'planned',
      ]),
    );
    expect(new Set(us)).toEqual(
      new Set(['reinforce:WG-V', 'air', 'artillery', 'friction', 'replacement', 'reinforce:T', 'planned']),
    );
  });

  it('the cell counts are parameters; more than 12 cells is rejected naming the parameters', () => {
    expect(buildEventTable('soviet', { air: 3 }).filter((c) => c === 'air').length).toBe(3);
    const setup = resolveSetup(
      sfo,
      { scenario: 'expert-standard', params: { 'soviet-events-air': 12 } },
      'exp.json',
    );
    expect(() => sfo.start(setup, { masterSeed: 1, gameIndex: 1 })).toThrow(
      /parameters soviet-events-air.*12/,
    );
    for (const p of sfo.parameters) expect(p.provenance).toBe('reconstructed');
  });

  it('dice: every cell has probability 1/12 (chi-square over 12,000 draws from the events stream)', () => {
    const s = positionState({ level: 'expert', soviet: ['0801'], us: ['0206'] });
    const rng = streamRng(3, 4, 'events');
    const n = new Array<number>(12).fill(0);
    const N = 12_000;
    for (let i = 0; i < N; i++) n[drawEvent(s, 'soviet', rng).index]! += 1;
    const chi2 = n.reduce((a, o) => a + (o - N / 12) ** 2 / (N / 12), 0);
    expect(chi2).toBeLessThan(31.26); // chi-square 0.999 quantile, 11 df
  });

  it('one-time reinforcements: once the unit has arrived its cells read As planned (dice) or leave the bag', () => {
    const s = positionState({ level: 'expert', soviet: ['0801'], us: ['0206'] });
    const v = s.units[unit(s, 'WG-V')]!;
    expect(effectiveEvent(s, 'us', 'reinforce:WG-V')).toBe('reinforce:WG-V');
    v.status = 'arriving';
    expect(cellSpent(s, 'reinforce:WG-V')).toBe(true);
    expect(effectiveEvent(s, 'us', 'reinforce:WG-V')).toBe('planned');
    const bag = positionState({ level: 'expert', soviet: ['0801'], us: ['0206'], variants: ['events-bag'] });
    bag.units[unit(bag, 'WG-V')]!.status = 'map';
    bag.units[unit(bag, 'WG-V')]!.hex = hexIndex(bag, '0101');
    const rng = streamRng(3, 5, 'events');
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) seen.add(drawEvent(bag, 'us', rng).cell);
    expect(seen.has('reinforce:WG-V')).toBe(false);
    expect(seen.has('reinforce:T')).toBe(true);
    // the chit drawn first under Hardened NATO is not drawn again in the same turn
    for (let i = 0; i < 200; i++) {
      const a = drawEvent(bag, 'us', rng);
      expect(drawEvent(bag, 'us', rng, a.index).index).not.toBe(a.index);
    }
  });

  it('replacement: As planned with nothing eliminated; Soviets up to 2 units, US 1', () => {
    const s = positionState({
      level: 'expert',
      soviet: ['0801', '0802', '0803', '0804', '0805', '0806'],
      us: ['0206', '0302', '0306', '0406'],
    });
    expect(effectiveEvent(s, 'soviet', 'replacement')).toBe('planned');
    const t = positionState({ level: 'expert', soviet: ['0801', '0802', '0803'], us: ['0206', '0302'] });
    const sizes = (side: 'soviet' | 'us') =>
      expertReplacementOptions(t, side).map((o) => (o.type === 'replace-units' ? o.units.length : -1));
    expect(sizes('soviet')).toEqual([0, 1, 2]); // identical infantry: one option per count
    expect(sizes('us')).toEqual([0, 1]);
    t.turn = 2;
    t.phase = 'soviet-events';
    const replaceTwo = scriptedPolicy((o) => o.type === 'replace-units' && o.units.length === 2);
    // force a Replacement by making it the whole table
    const u = positionState({
      level: 'expert',
      soviet: ['0801', '0802', '0803'],
      us: ['0206', '0302'],
      params: {
        'soviet-events-replacement': 12,
        'soviet-events-air': 0,
        'soviet-events-artillery': 0,
        'soviet-events-snafu': 0,
        'soviet-events-spetsnaz': 0,
        'soviet-events-infantry': 0,
        'soviet-events-tank': 0,
      },
    });
    runPhase(u, 'events', 'soviet', both(replaceTwo), { seed: 1, game: 1 });
    expect(u.units.filter((x) => x.status === 'arriving').length).toBe(2);
    expect([u.stats.ev_soviet_replacement, u.stats.soviet_replacements]).toEqual([1, 2]);
    expect(invariants(u)).toEqual([]);
  });

  it('SNAFU: the flipped US unit cannot move or attack in the US turn and is restored at the end of US combat', () => {
    const s = positionState({
      level: 'expert',
      soviet: ['0505'],
      us: ['0405'],
      params: {
        'soviet-events-snafu': 12,
        'soviet-events-air': 0,
        'soviet-events-artillery': 0,
        'soviet-events-spetsnaz': 0,
        'soviet-events-replacement': 0,
        'soviet-events-infantry': 0,
        'soviet-events-tank': 0,
      },
    });
    runPhase(s, 'events', 'soviet', both(), { seed: 1, game: 1 });
    const w = s.units[unit(s, 'W')]!;
    expect(w.disrupted).toBe(true);
    runPhase(s, 'combat', 'soviet', both(), { seed: 1, game: 1 }); // the Soviet combat phase does not restore US units
    expect(w.disrupted).toBe(true);
    expect(moveOptions(s, 'us').some((o) => o.type === 'move')).toBe(false);
    expect(legalBattles(s, 'us')).toEqual([]);
    runPhase(s, 'combat', 'us', both(), { seed: 1, game: 1 });
    expect(w.disrupted).toBe(false);
  });

  it('Guards: the Soviets roll two events and choose; Hardened NATO: the US does', () => {
    const trace: TraceEvent[] = [];
    const asked: { side: string; kind: string; options: string[] }[] = [];
    const spy: Policy = {
      id: 'spy',
      choose(_v, d: Decision) {
        asked.push({
          side: d.side,
          kind: d.kind,
          options: (d.options as SfoOption[]).map((o) => (o.type === 'event' ? o.cell : o.type)),
        });
        return 0;
      },
    };
    for (let g = 0; g < 30; g++) {
      const s = positionState({
        level: 'expert',
        soviet: ['0801'],
        us: ['0206'],
        variants: ['guards', 'hardened-nato'],
      });
      runPhase(s, 'events', 'soviet', both(spy, spy), { seed: 1, game: g, trace });
      runPhase(s, 'events', 'us', both(spy, spy), { seed: 1, game: g, trace });
    }
    const events = asked.filter((a) => a.kind === 'event');
    expect(events.some((a) => a.side === 'soviet')).toBe(true);
    expect(events.some((a) => a.side === 'us')).toBe(true);
    for (const a of events) {
      expect(a.options.length).toBe(2);
      expect(a.options[0]).not.toBe(a.options[1]); // two equal events need no choice
    }
    expect(trace.filter((e) => e.text.startsWith('second random event')).length).toBe(60);
  });
});

describe('SFO 7.1 Spetsnaz: the simulator agrees with the exact lower-of-two-dice odds', () => {
  it('3,000 Spetsnaz battles at difference 0 through the combat phase match the exact column (chi-square, p > 0.001)', () => {
    const N = 3000;
    const counts = new Map<string, number>();
    const attack: Policy = { id: 'attack', choose: (_v, d) => (d.kind === 'attack' ? 1 : 0) };
    for (let i = 0; i < N; i++) {
      const s = positionState({ level: 'expert', soviet: ['0404'], us: ['0405'] });
      s.expert!.placed = { kind: 'spetsnaz', hex: hexIndex(s, '0405') };
      runPhase(s, 'combat', 'soviet', { soviet: attack, us: first }, { seed: 77, game: i });
      counts.set(s.lastResult!, (counts.get(s.lastResult!) ?? 0) + 1);
      expect(s.stats.supported_battles).toBe(1);
    }
    const exact = sfo.odds!.compute({ level: 'expert', attack: '1', defence: '1', spetsnaz: true })[0]!;
    let chi2 = 0;
    let df = -1;
    for (const row of exact.rows) {
      const e = row.p[0]! * N;
      const o = counts.get(row.outcome) ?? 0;
      if (e === 0) {
        expect(o).toBe(0);
        continue;
      }
      chi2 += (o - e) ** 2 / e;
      df++;
    }
    expect(df).toBe(3); // DR, NE, AR, AE
    expect(chi2).toBeLessThan(16.27);
    // lower is better: DR (die 1-2) has 20/36, not 12/36
    expect((counts.get('DR') ?? 0) / N).toBeGreaterThan(0.5);
  });
});

describe('SFO 10 Expert victory points (Table 3)', () => {
  it('Esselben 2, VP forests 1 each, eliminated enemy infantry 1 and tank/pioneer 2, only while still eliminated', () => {
    // Soviets on Esselben 0405 and forest 0506; US on forest 0603; Soviet units B-E and US Y, Z eliminated.
    const s = positionState({ level: 'expert', soviet: ['0405', '0506'], us: ['0603', '0101'] });
    // Soviet: Esselben 2 + 0506 1 + US Y, Z eliminated 2 = 5; US: 0603 1 + Soviet В, Г, Д, Е eliminated 4 = 5
    expect(victoryPoints(s)).toEqual({ soviet: 5, us: 5 });
    // Standard without the VP option: the two-town condition decides (one town held)
    expect(outcome(s)).toMatchObject({ result: 'us-win', level: 'win' });
  });

  it('ΔVP gives draw, tactical, marginal and decisive (reconstructed thresholds 2 and 3 as parameters)', () => {
    const vpState = (soviet: string[], us: string[], params = {}) =>
      positionState({ level: 'expert', soviet, us, variants: ['standard-vp'], params });
    const s = vpState(['0405', '0506', '0603', '0801', '0802', '0803'], ['0101', '0102', '0103', '0104']);
    expect(victoryPoints(s)).toEqual({ soviet: 4, us: 0 });
    expect(outcome(s)).toMatchObject({ result: 'soviet-win', level: 'decisive' });
    const eliminatedTank = vpState(
      ['0405', '0801', '0802', '0803', '0804', '0805'],
      ['0101', '0102', '0103', '0104'],
    );
    eliminatedTank.units[unit(eliminatedTank, 'ZE')]!.status = 'eliminated';
    eliminatedTank.stats.soviet_units_lost++;
    expect(victoryPoints(eliminatedTank)).toEqual({ soviet: 2, us: 2 });
    expect(outcome(eliminatedTank)).toMatchObject({ result: 'draw', level: 'draw' });
    const one = vpState(['0506', '0801', '0802', '0803', '0804', '0805'], ['0101', '0102', '0103', '0104']);
    expect(outcome(one)).toMatchObject({ result: 'soviet-win', level: 'tactical' });
    const two = vpState(['0405', '0801', '0802', '0803', '0804', '0805'], ['0101', '0102', '0103', '0104']);
    expect(outcome(two)).toMatchObject({ level: 'marginal' });
    expect(
      outcome(
        vpState(['0405', '0801', '0802', '0803', '0804', '0805'], ['0101', '0102', '0103', '0104'], {
          'vp-marginal': 3,
          'vp-decisive': 5,
        }),
      ),
    ).toMatchObject({ level: 'tactical' });
    // a replaced unit no longer counts
    const r = vpState(['0801', '0802', '0803', '0804', '0805'], ['0101', '0102', '0103', '0104']);
    expect(victoryPoints(r).us).toBe(1);
    r.units[unit(r, 'E')]!.status = 'arriving';
    r.stats.soviet_replacements++;
    expect(victoryPoints(r).us).toBe(0);
    expect(invariants(r)).toEqual([]);
  });
});

describe('SFO 11-13 Expert scenarios and optional rules', () => {
  const play = (scenario: string, variants: Record<string, boolean> = {}, game = 1) => {
    const setup = resolveSetup(sfo, { scenario, variants }, 'test');
    const trace: TraceEvent[] = [];
    const match = startMatch(sfo, setup, { masterSeed: 9, gameIndex: game }, { trace });
    const rec = playMatch(match, {
      soviet: sfo.policies.find((p) => p.id === 'vp-hunter')!.create(),
      us: sfo.policies.find((p) => p.id === 'vp-denial')!.create(),
    });
    return { state: match.state, rec, trace };
  };

  it('Standard: general set-up, Soviets first, 4 turns (6 with six-turns), two towns decide unless standard-vp', () => {
    const s = sfo.start(resolveSetup(sfo, { scenario: 'expert-standard' }, 't'), {
      masterSeed: 1,
      gameIndex: 1,
    });
    expect(s.units.filter((u) => u.status === 'map').length).toBe(10);
    expect(s.units.filter((u) => u.status === 'reserve').map((u) => u.id)).toEqual(['WG-V', 'ZH', 'ZE', 'T']);
    const { rec, trace } = play('expert-standard');
    expect(rec.endTurn).toBe(4);
    expect(rec.victoryLevel).toBe('win');
    expect(trace.find((e) => e.text.includes('events'))!.phase).toBe('soviet-events');
    expect(play('expert-standard', { 'six-turns': true }).rec.endTurn).toBe(6);
    expect(['draw', 'tactical', 'marginal', 'decisive']).toContain(
      play('expert-standard', { 'standard-vp': true }).rec.victoryLevel,
    );
  });

  it('Engagement: Y 0405, Г 0506, Б 0901 at the start, the rest by schedule; 6 turns on VP', () => {
    const s = sfo.start(resolveSetup(sfo, { scenario: 'expert-engagement' }, 't'), {
      masterSeed: 1,
      gameIndex: 1,
    });
    const on = s.units.filter((u) => u.status === 'map').map((u) => `${u.id}@${hexIds(s, [u.hex])[0]}`);
    expect(on.sort()).toEqual(['B@0901', 'G@0506', 'Y@0405']);
    const { rec, trace } = play('expert-engagement');
    expect(rec.endTurn).toBe(6);
    expect(['draw', 'tactical', 'marginal', 'decisive']).toContain(rec.victoryLevel);
    expect(
      trace.some(
        (e) => e.turn === 2 && e.text.startsWith('scheduled reinforcements') && e.text.includes('А'),
      ),
    ).toBe(true);
  });

  it('US Counter Offensive: Soviets in the three towns, the US enters on turn 1 and moves first', () => {
    const s = sfo.start(resolveSetup(sfo, { scenario: 'expert-us-counter-offensive' }, 't'), {
      masterSeed: 1,
      gameIndex: 1,
    });
    const on = s.units.filter((u) => u.status === 'map').map((u) => `${u.id}@${hexIds(s, [u.hex])[0]}`);
    expect(on.sort()).toEqual(['A@0303', 'E@0107', 'G@0405']);
    const { rec, trace } = play('expert-us-counter-offensive');
    expect(rec.endTurn).toBe(6);
    const phases = trace.filter((e) => e.text.startsWith('turn 1:')).map((e) => e.phase);
    expect(phases.slice(0, 2)).toEqual(['us-events', 'us-movement']);
  });

  it('Night: in turn 4 a unit that moves cannot attack; in turn 3 it can', () => {
    for (const [turn, canAttack] of [
      [4, false],
      [3, true],
    ] as const) {
      const s = positionState({ level: 'expert', soviet: ['0604'], us: ['0405'], variants: ['night'], turn });
      runPhase(
        s,
        'movement',
        'soviet',
        both(scriptedPolicy((o) => o.type === 'move' && hexIds(s, [o.to])[0] === '0505')),
        { seed: 1, game: 1 },
      );
      expect(hexIds(s, [s.units[0]!.hex])).toEqual(['0505']);
      expect(legalBattles(s, 'soviet').length > 0).toBe(canAttack);
      runPhase(s, 'combat', 'soviet', both(), { seed: 1, game: 1 });
      expect(s.units[0]!.disrupted).toBe(false); // face up again at the end of the combat phase
    }
  });
});
