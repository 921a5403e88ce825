/**
 * Crete statistics (docs/games/crete.md "Statistics"): the points by source add up to the points, the para drops
 * per board to the drops, the battles by side and the counter-attacks by side to the battles per
 * table, and an airfield held at the end has the turn it fell; a counter-attack after a CA is
 * counted for the side that makes it (built positions, both sides).
 */
import { describe, expect, it } from 'vitest';
import { GameMatch, playMatch, startMatch } from '../src/core/driver.js';
import type { ChanceNode } from '../src/core/game.js';
import { createPolicies } from '../src/core/policies.js';
import { makeBattle } from '../src/games/crete/combat.js';
import { type CombatResult, crtResult } from '../src/games/crete/crt.js';
import type { CreteDecision } from '../src/games/crete/decisions.js';
import { crete } from '../src/games/crete/index.js';
import { MAP, squareOf } from '../src/games/crete/map.js';
import { barePosition, defaultSetup } from '../src/games/crete/odds.js';
import type { CreteState, Side } from '../src/games/crete/state.js';
import { creteWorkspace } from '../src/games/crete/workspace.js';

const PAIRINGS: readonly [string, string][] = [
  ['historical', 'historical'],
  ['maleme-schwerpunkt', 'counterattack'],
  ['airfield-grab', 'airfield-fortress'],
  ['random', 'random'],
];

describe('Crete statistics (spec §9) add up', () => {
  for (const [german, british] of PAIRINGS)
    it(`${german} vs ${british}: 12 games`, () => {
      const setup = defaultSetup();
      let counted = 0;
      for (let g = 0; g < 12; g++) {
        const m = startMatch(crete, setup, { masterSeed: 7, gameIndex: g });
        const r = playMatch(m, createPolicies(crete, { german, british }));
        const st = r.stats as Record<string, number>;
        const s = m.state as CreteState;
        // K3: points = kills + Suda + airfields, per side
        expect(st.german_points_kills! + st.german_points_suda! + st.german_points_airfields!).toBe(
          st.german_points,
        );
        expect(st.british_points_kills! + st.british_points_suda! + st.british_points_airfields!).toBe(
          st.british_points,
        );
        expect(st.german_points_kills).toBe(st.british_cf_lost);
        // K15: drops per board over all turns
        expect(st.paras_dropped_suda! + st.paras_dropped_retimo! + st.paras_dropped_heraklion!).toBe(
          st.paras_dropped_t1! + st.paras_dropped_later!,
        );
        expect(st.paras_dropped_suda).toBeGreaterThanOrEqual(st.paras_t1_suda!);
        expect(st.paras_dropped_retimo).toBeGreaterThanOrEqual(st.paras_t1_retimo!);
        expect(st.paras_dropped_heraklion).toBeGreaterThanOrEqual(st.paras_t1_heraklion!);
        // K10.13: counter-attacks by side; every battle is one side's choice, a counter-attack or a scatter attack
        expect(st.counterattacks_british! + st.counterattacks_german!).toBe(st.counterattacks);
        const battles = st.battles_all_out! + st.battles_limited!;
        const chosen = st.battles_german! + st.battles_british! + st.counterattacks!;
        if (st.paras_scattered_onto_enemy === 0) expect(chosen).toBe(battles);
        else expect(chosen).toBeLessThan(battles);
        // the turn each airfield fell: set for every airfield German-held at the end
        const fell = [
          st.airfield_german_turn_maleme!,
          st.airfield_german_turn_retimo!,
          st.airfield_german_turn_heraklion!,
        ];
        MAP.airfields.forEach((a, k) => {
          const held = s.units.some((u) => u.side === 'german' && u.kind !== 'air' && u.loc === a);
          if (held) expect(fell[k]).toBeGreaterThanOrEqual(1);
          expect(fell[k] === -1 || (fell[k]! >= 1 && fell[k]! <= s.rules.turns)).toBe(true);
          if (fell[k]! >= 1) counted++;
        });
      }
      if (german !== 'random') expect(counted).toBeGreaterThan(0);
    });
});

/** A battle of `side` (CF 6 on one square, on `table`) against CF 3 on clear terrain, its die next. */
function caPosition(side: Side): GameMatch {
  const s = barePosition(defaultSetup());
  const def = squareOf('S1005');
  const from = MAP.neighbours[def]!.find((h) => MAP.terrain[h] === 0)!;
  const ger = s.units.findIndex((u) => u.kind === 'para');
  const bri = s.units.findIndex((u) => u.side === 'british');
  const [atk, dfn] = side === 'german' ? [ger, bri] : [bri, ger];
  s.units[atk] = { ...s.units[atk]!, cf: 6, loc: from, landed: 0 };
  s.units[dfn] = { ...s.units[dfn]!, cf: 3, loc: def, landed: 0 };
  const b = makeBattle(s, side, [from], def, 'limited');
  s.stack.push({ t: 'roll', battle: b });
  const ws = creteWorkspace(s);
  ws.explicitChance = true;
  return new GameMatch(crete, defaultSetup(), s, ws);
}

describe('K10.13 counter-attacks are counted for the side that makes them', () => {
  for (const side of ['german', 'british'] as const)
    it(`a ${side} attack gives CA; the defender counter-attacks`, () => {
      const m = caPosition(side);
      const s = m.state as CreteState;
      const column = (s.stack[s.stack.length - 1] as { battle: { column: number } }).battle.column;
      const die = [1, 2, 3, 4, 5, 6].find(
        (d) => crtResult(s.rules.crtSet, 'limited', column, d) === ('CA' as CombatResult),
      );
      expect(die).toBeDefined();
      expect((m.pending() as ChanceNode).kind).toBe('chance');
      m.apply(die! - 1);
      const p = m.pending() as CreteDecision;
      expect(p.kind).toBe('ca-response');
      const counter = p.options.findIndex((o) => (o as { counter: number }).counter >= 0);
      expect(counter).toBeGreaterThan(0);
      m.apply(counter);
      expect(s.stats.counterattacks).toBe(1);
      expect(s.stats.counterattacks_british).toBe(side === 'german' ? 1 : 0);
      expect(s.stats.counterattacks_german).toBe(side === 'british' ? 1 : 0);
      // the defender's counter-attack is not a battle of its own choosing
      expect(s.stats.battles_german + s.stats.battles_british).toBe(0);
    });
});
