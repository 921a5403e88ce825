/**
 * Explicit chance in every game (src/core/kernel.ts: a task may stop at a chance node with its
 * exact outcomes): each game and scenario is played a few games with the default policies in
 * explicit-chance mode (startMatch(..., { explicitChance: true })), the driver sampling every chance
 * node from the stream `chance`, in conformance mode (src/core/driver.ts playChecked: invariants
 * after every answer, no decision pending with a single option, clone checks at a sample). Every
 * chance node must list outcomes with probabilities in [0, 1] summing to 1, the game must stop at
 * least at one chance node (every game here rolls dice), and it must end with a declared result
 * and legal invariants.
 *
 * Every chance procedure is stoppable: the game's own random streams (every stream but the
 * driver's `chance` and the policies' `policy:<side>`) are never drawn in explicit-chance mode,
 * from `start` to the end, so each stream's words at the end are still the ones it starts from
 * (src/core/rng.ts streamState). A die the rules still roll themselves fails it, naming the stream.
 *
 * One test per game and setup, so a game not yet able to stop at its chance points fails alone.
 * Dark Crusade plays its introductory scenarios only (its advanced games are long).
 */
import { describe, expect, it } from 'vitest';
import { playMatch, startMatch } from '../src/core/driver.js';
import type { ChanceNode, GameDefinition, GameStateBase } from '../src/core/game.js';
import { createPolicies } from '../src/core/policies.js';
import { streamState } from '../src/core/rng.js';
import { resolveSetup, type SetupRequest } from '../src/core/setup.js';
import { GAMES } from '../src/games/index.js';

/** Games per setup: the long games (over a thousand decisions) play one. */
const GAMES_PER_SCENARIO: Readonly<Record<string, number>> = { dc: 1, merkur: 1, crete: 1 };

/** One setup played, and the rules of chance points its games must stop at (the procedures once drawn inside the rules). */
interface Played {
  readonly name: string;
  readonly req: SetupRequest;
  readonly rules: readonly string[];
}

/** The chance points a scenario's games must stop at, by game and scenario. */
const MUST_STOP: Readonly<Record<string, readonly string[]>> = {
  'scs campaign': ['SCS 3.4'],
  'merkur solitaire': ['Merkur 12.2 g'],
  'sfo expert-standard': ['SFO 7'],
  'sfo expert-engagement': ['SFO 7'],
  'sfo expert-us-counter-offensive': ['SFO 7'],
};

/** The setups played: every scenario of every game, DC's introductory ones only, and the extra setups below. */
function setups(def: GameDefinition): Played[] {
  const out: Played[] = def.scenarios
    .filter((sc) => def.id !== 'dc' || sc.id.startsWith('intro'))
    .map((sc) => ({ name: sc.id, req: { scenario: sc.id }, rules: MUST_STOP[`${def.id} ${sc.id}`] ?? [] }));
  // Merkur 12.2 under soloResidual random: the rules' answers drawn at random, each a chance point
  if (def.id === 'merkur')
    out.push({
      name: 'solitaire, soloResidual random',
      req: { scenario: 'solitaire', params: { soloResidual: 'random' } },
      rules: ['Merkur 12.2', 'Merkur 12.2 g', 'Merkur 12.1'],
    });
  // SFO 7: two random events a turn, drawn from the table and from the bag
  if (def.id === 'sfo')
    for (const bag of [false, true])
      out.push({
        name: `expert-standard, guards and hardened-nato${bag ? ', events-bag' : ''}`,
        req: {
          scenario: 'expert-standard',
          variants: { guards: true, 'hardened-nato': true, 'events-bag': bag },
        },
        rules: ['SFO 7'],
      });
  return out;
}

/** The game's own streams drawn so far: those whose words moved from where they start. */
function drawnGameStreams(s: GameStateBase): string[] {
  const r = s.rng;
  return Object.keys(r.streams)
    .filter((name) => name !== 'chance' && !name.startsWith('policy:'))
    .filter((name) => {
      const start = streamState(r.seed, r.game, name);
      return r.streams[name]!.some((w, i) => w !== start[i]);
    })
    .sort();
}

for (const def of GAMES)
  describe(`explicit chance: ${def.id}`, { timeout: 600_000 }, () => {
    for (const { name, req, rules } of setups(def))
      it(`${name}: games in explicit-chance mode stop at chance nodes whose outcomes sum to 1, never draw the game's own streams, and end legally`, () => {
        const setup = resolveSetup(def, req, 'explicit chance');
        let nodes = 0;
        const stopped = new Set<string>();
        for (let g = 0; g < (GAMES_PER_SCENARIO[def.id] ?? 3); g++) {
          const m = startMatch(def, setup, { masterSeed: 41, gameIndex: g }, { explicitChance: true });
          expect(drawnGameStreams(m.state), `game ${g}: streams drawn by start`).toEqual([]);
          const rec = playMatch(m, createPolicies(def, { ...def.defaultPolicies }, req.scenario), {
            conformance: {
              atDecision: (_m, p) => {
                if (p.kind !== 'chance') return;
                nodes++;
                stopped.add(p.rule);
                const outs = (p as ChanceNode).outcomes;
                expect(outs.length, `${p.rule}: outcomes`).toBeGreaterThan(0);
                for (const o of outs) expect(o.p >= 0 && o.p <= 1, `${p.rule} ${o.label}: ${o.p}`).toBe(true);
                const total = outs.reduce((a, o) => a + o.p, 0);
                expect(Math.abs(total - 1), `${p.rule}: outcomes sum to ${total}`).toBeLessThan(1e-9);
              },
            },
          });
          expect(drawnGameStreams(m.state), `game ${g}: the game's own streams drawn`).toEqual([]);
          expect(def.results.map((r) => r.id)).toContain(rec.result);
          expect(def.invariants(m.state), `game ${g}: invariants at the end`).toEqual([]);
          expect(m.pending(), `game ${g}: over`).toBeNull();
        }
        expect(nodes, `${def.id} ${name}: chance nodes stopped at`).toBeGreaterThan(0);
        for (const rule of rules)
          expect(stopped.has(rule), `${def.id} ${name}: stopped at ${rule}`).toBe(true);
      });
  });
