import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../src/core/game.js';
import { GAMES } from '../src/games/index.js';
import { MAP } from '../src/games/merkur/map.js';
import { playGame } from '../src/runner/play.js';

// The Merkur trace tells every decision in words, naming units by their counters and zones by
// their id and name (src/games/merkur/narrate.ts describeOption), never as the option's raw data:
// checked over whole games of both scenarios, random play included (every kind of decision a game
// reaches).

const merkur = GAMES.find((g) => g.id === 'merkur')!;

function trace(scenario: string, policies: Record<string, string>, game: number): TraceEvent[] {
  const events: TraceEvent[] = [];
  const variants = new Set(merkur.variants.filter((v) => v.default).map((v) => v.id));
  playGame(merkur, { scenario, variants, params: {} }, policies, 7, game, events);
  return events;
}

describe('the Merkur trace', () => {
  const games = [
    trace('two-player', { german: 'historical', commonwealth: 'historical-static' }, 1),
    trace('two-player', { german: 'random', commonwealth: 'random' }, 2),
    trace('solitaire', { german: 'maleme-first' }, 3),
  ];
  const decisions = games.flat().filter((e) => e.decision !== undefined);

  it('narrates every decision without raw data', () => {
    expect(decisions.length).toBeGreaterThan(200);
    for (const e of decisions) {
      expect(e.text, e.text).not.toMatch(/[{}[\]"]/);
      expect(e.text.startsWith(`${e.decision!.kind}: `), e.text).toBe(true);
      expect(e.text.length, e.text).toBeGreaterThan(e.decision!.kind.length + 6);
    }
    // several kinds of decision are reached, and each reads as words
    expect(new Set(decisions.map((e) => e.decision!.kind)).size).toBeGreaterThan(8);
  });

  it('names the zones of drops and moves by id and name, and the units by their counters', () => {
    const drops = decisions.filter((e) => e.decision!.kind === 'landing-zone');
    expect(drops.length).toBeGreaterThan(0);
    const zone = new RegExp(
      `into (${MAP.ids.map((id, z) => `${id} ${MAP.names[z]}`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`,
    );
    for (const e of drops) expect(e.text, e.text).toMatch(zone);
    const maleme = MAP.names.findIndex((n) => n.startsWith('Maleme'));
    expect(decisions.some((e) => e.text.includes(`${MAP.ids[maleme]} ${MAP.names[maleme]}`))).toBe(true);
    expect(drops.some((e) => /^landing-zone: (Sturm|FJR|Meindl)/.test(e.text))).toBe(true);
  });
});
