import { describe, expect, it } from 'vitest';
import { applyReplacement, checkReinforcement, replacementOptions } from '../src/games/sfo/events.js';
import { invariants } from '../src/games/sfo/invariants.js';
import { entryDestinations } from '../src/games/sfo/movement.js';
import { sovietTowns, winner } from '../src/games/sfo/victory.js';
import { hexIds, positionState, runPhase, scriptedPolicy } from './helpers/sfo.js';

const counts = (o: ReturnType<typeof replacementOptions>) =>
  o.map((x) => (x.type === 'replace' ? x.count : -1));

describe('SFO 7 Soviet replacements (Advanced)', () => {
  it('not in turn 1, not in Basic, not without losses', () => {
    expect(
      replacementOptions(positionState({ level: 'advanced', soviet: ['0801'], us: [], turn: 1 })),
    ).toEqual([]);
    expect(replacementOptions(positionState({ level: 'basic', soviet: ['0801'], us: [], turn: 2 }))).toEqual(
      [],
    );
    expect(
      replacementOptions(
        positionState({
          level: 'advanced',
          soviet: ['0801', '0802', '0803', '0804', '0805', '0806'],
          us: [],
          turn: 2,
        }),
      ),
    ).toEqual([]);
  });

  it('from turn 2: up to two of the eliminated units, once per game, all or nothing', () => {
    const one = positionState({
      level: 'advanced',
      soviet: ['0801', '0802', '0803', '0804', '0805'],
      us: [],
      turn: 2,
    });
    expect(counts(replacementOptions(one))).toEqual([0, 1]);
    const s = positionState({ level: 'advanced', soviet: ['0801', '0802'], us: [], turn: 2 });
    expect(counts(replacementOptions(s))).toEqual([0, 1, 2]);
    applyReplacement(s, 1);
    expect(s.units.filter((u) => u.status === 'arriving').length).toBe(1);
    expect(s.stats.soviet_replacements).toBe(1);
    expect(replacementOptions(s)).toEqual([]); // used up even though 3 remain eliminated
    expect(invariants(s)).toEqual([]);
  });

  it('choosing 0 keeps the option for a later turn; replacements enter from the east edge that movement phase', () => {
    const s = positionState({ level: 'advanced', soviet: ['0801', '0802'], us: ['0205'], turn: 2 });
    const policies = {
      soviet: scriptedPolicy((o) => o.type === 'replace' && o.count === 2),
      us: scriptedPolicy(() => true),
    };
    runPhase(s, 'events', 'soviet', policies, { seed: 1, game: 1 });
    const arriving = s.units.flatMap((u, i) => (u.status === 'arriving' ? [i] : []));
    expect(arriving.length).toBe(2);
    expect(hexIds(s, entryDestinations(s, arriving[0]!)).every((h) => Number(h.slice(0, 2)) >= 6)).toBe(true);
    runPhase(s, 'movement', 'soviet', { ...policies, soviet: scriptedPolicy((o) => o.type === 'enter') });
    expect(s.units.filter((u) => u.status === 'arriving').length).toBe(0);
    expect(invariants(s)).toEqual([]);
  });
});

describe('SFO 7 West German V reinforcement (Advanced)', () => {
  it('arrives when the Soviets occupy two towns at the start of the US events phase, once per game', () => {
    const s = positionState({ level: 'advanced', soviet: ['0405', '0303'], us: ['0206'], turn: 2 });
    expect(sovietTowns(s)).toBe(2);
    expect(checkReinforcement(s)).toBe(true);
    expect(s.stats.v_arrival_turn).toBe(2);
    expect(s.units.find((u) => u.id === 'WG-V')!.status).toBe('arriving');
    expect(checkReinforcement(s)).toBe(false);
  });

  it('does not arrive with one town, nor in Basic', () => {
    expect(checkReinforcement(positionState({ level: 'advanced', soviet: ['0405', '0505'], us: [] }))).toBe(
      false,
    );
    expect(checkReinforcement(positionState({ level: 'basic', soviet: ['0405', '0303'], us: [] }))).toBe(
      false,
    );
  });
});

describe('SFO 10 victory', () => {
  it('Soviets win by occupying two or more towns at the end; otherwise the US wins', () => {
    expect(winner(positionState({ level: 'basic', soviet: ['0405', '0107'], us: [] }))).toBe('soviet-win');
    expect(winner(positionState({ level: 'basic', soviet: ['0405', '0106'], us: [] }))).toBe('us-win');
    expect(winner(positionState({ level: 'advanced', soviet: ['0405', '0405'], us: [] }))).toBe('us-win'); // one town twice
    expect(winner(positionState({ level: 'advanced', soviet: ['0405', '0303', '0107'], us: [] }))).toBe(
      'soviet-win',
    );
  });
});
