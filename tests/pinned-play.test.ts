/**
 * Pinned play of every registered game (the bench/*-records.mjs fingerprint as a test): for each
 * game, its default pairing in every scenario, random against random, and each side's first other
 * scripted policy against the other sides' defaults (the game's first scenario), 8 games each
 * (master seed 1): every record, and a hash of every decision's side, kind, option count, answer
 * and chosen option (decisions with more than one option: a forced move is not asked), must equal tests/pinned/<game>-play.json. A change meant to keep play leaves
 * them identical; an intentional play change re-pins with `npm run pin` (PIN=1 writes the files),
 * in a commit of its own that gives the before and after rates.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GameSeries } from '../src/core/driver.js';
import type { GameDefinition, Policy } from '../src/core/game.js';
import { createPolicies, playerSides } from '../src/core/policies.js';
import { isSearchPolicy } from '../src/core/search-policies.js';
import { resolveSetup } from '../src/core/setup.js';
import { GAMES } from '../src/games/index.js';

const GAMES_PER_ARM = 8;
const PIN = process.env.PIN === '1';
const pinFile = (id: string) => join(import.meta.dirname, 'pinned', `${id}-play.json`);

interface Arm {
  readonly name: string;
  readonly scenario: string;
  readonly policies: Readonly<Record<string, string>>;
}

/** The arms of a game, derived from its definition (a new game gets its own). */
function arms(def: GameDefinition): Arm[] {
  const out: Arm[] = def.scenarios.map((s) => ({ name: `${s.id}-defaults`, scenario: s.id, policies: {} }));
  const first = def.scenarios[0]!.id;
  const sides = playerSides(def, first);
  out.push({
    name: `${first}-random`,
    scenario: first,
    policies: Object.fromEntries(sides.map((s) => [s, 'random'])),
  });
  for (const side of sides) {
    const other = def.policies.find(
      (p) =>
        p.side === side && p.id !== def.defaultPolicies[side] && p.id !== 'random' && !isSearchPolicy(p.id),
    );
    if (other !== undefined)
      out.push({ name: `${first}-${side}-${other.id}`, scenario: first, policies: { [side]: other.id } });
  }
  return out;
}

/** The fingerprint lines of one arm: each game's record with its decision count and decision hash. */
function fingerprint(def: GameDefinition, arm: Arm): string[] {
  const setup = resolveSetup(def, { scenario: arm.scenario }, 'pinned');
  const ids = { ...def.defaultPolicies, ...arm.policies };
  const fp = { h: 0x811c9dc5, n: 0 };
  const fold = (x: string) => {
    for (let i = 0; i < x.length; i++) fp.h = Math.imul(fp.h ^ x.charCodeAt(i), 16777619) >>> 0;
  };
  const wrapped = () => {
    const made = createPolicies(def, ids, setup.scenario);
    const out: Record<string, Policy> = {};
    for (const [side, p] of Object.entries(made))
      out[side] = {
        id: p.id,
        choose(view, decision, rng, search) {
          const c = p.choose(view, decision, rng, search);
          // a decision with one option is a forced move: the turn machine carries it out unasked
          if (decision.options.length === 1) return c;
          fold(
            `${side}|${decision.kind}|${decision.options.length}|${c}|${JSON.stringify(decision.options[c])};`,
          );
          fp.n++;
          return c;
        },
        ...(p.reset === undefined ? {} : { reset: () => p.reset!() }),
      };
    return out;
  };
  const series = new GameSeries(def, setup, wrapped);
  const lines: string[] = [];
  for (let g = 0; g < GAMES_PER_ARM; g++) {
    fp.h = 0x811c9dc5;
    fp.n = 0;
    const rec = series.play({ masterSeed: 1, gameIndex: g });
    lines.push(JSON.stringify({ ...rec, choices: fp.n, choiceHash: fp.h }));
  }
  return lines;
}

describe('pinned play', () => {
  for (const def of GAMES)
    it(`${def.id}: every arm's records and decision hashes are unchanged`, () => {
      const got = Object.fromEntries(arms(def).map((a) => [a.name, fingerprint(def, a)]));
      if (PIN) writeFileSync(pinFile(def.id), `${JSON.stringify(got, null, 2)}\n`);
      expect(existsSync(pinFile(def.id)), `${pinFile(def.id)} (npm run pin writes it)`).toBe(true);
      const pinned = JSON.parse(readFileSync(pinFile(def.id), 'utf8')) as Record<string, string[]>;
      expect(Object.keys(got)).toEqual(Object.keys(pinned));
      for (const [name, lines] of Object.entries(got))
        expect(lines, `${def.id} ${name}`).toEqual(pinned[name]);
    });
});
