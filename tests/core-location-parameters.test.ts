import { describe, expect, it } from 'vitest';
import { UserError } from '../src/core/errors.js';
import type { GameDefinition } from '../src/core/game.js';
import { resolveSetup } from '../src/core/setup.js';
import { scs } from '../src/games/scs/index.js';
import { sfo } from '../src/games/sfo/index.js';
import { pointGame, zoneGame } from './helpers/board-games.js';

// Location parameters name cells of the game's own board (GameDefinition.locationIds), whatever
// their shape: CCRR hexes for SFO and SCS, any ids for zone and point boards. The error names the
// file, the parameter (and the list position) and the value.

const setup = (def: GameDefinition, params: Record<string, unknown>) => () =>
  resolveSetup(def, { params }, 'exp.json');

describe('location parameters', () => {
  it("accept every id of the game's board, on any kind of board", () => {
    expect(resolveSetup(sfo, { params: { forests: ['0208', '0703'] } }, 't').params.forests).toEqual([
      '0208',
      '0703',
    ]);
    expect(resolveSetup(scs, { params: { setup3S: '1000' } }, 't').params.setup3S).toBe('1000');
    expect(
      resolveSetup(zoneGame as GameDefinition, { params: { start: 'Z5', objectives: 'Z6, Z7' } }, 't').params,
    ).toEqual(expect.objectContaining({ start: 'Z5', objectives: ['Z6', 'Z7'] }));
    expect(
      resolveSetup(pointGame as GameDefinition, { params: { start: 'reserve' } }, 't').params.start,
    ).toBe('reserve');
  });

  it('reject an id the board does not have, naming the parameter, its position and the value', () => {
    expect(setup(sfo, { forests: ['0202', '0999'] })).toThrow(
      'exp.json: field params.forests: parameter forests[1]: "0999" is not a location of the board (72 locations, e.g. 0101, 0102, 0103)',
    );
    expect(setup(scs, { setup3S: '0000' })).toThrow(
      /^exp\.json: field params\.setup3S: parameter setup3S: "0000" is not a location/,
    );
    // a CCRR-looking id is no location of a zone board, and a zone id none of a hex board
    expect(setup(zoneGame as GameDefinition, { start: '0101' })).toThrow(
      'exp.json: field params.start: parameter start: "0101" is not a location of the board (7 locations, e.g. Z1, Z2, Z3)',
    );
    expect(setup(scs, { forestHexes: 'Z1' })).toThrow(/parameter forestHexes\[0\]: "Z1"/);
    expect(setup(pointGame as GameDefinition, { objectives: ['p01', 'p1'] })).toThrow(UserError);
  });

  it('reject a value of the wrong shape or length', () => {
    expect(setup(zoneGame as GameDefinition, { start: 3 })).toThrow(
      'exp.json: field params.start: parameter start must be a location id, got 3',
    );
    expect(setup(zoneGame as GameDefinition, { objectives: ['Z1'] })).toThrow(
      'exp.json: field params.objectives: parameter objectives must list exactly 2 locations, got 1 (["Z1"])',
    );
    expect(setup(sfo, { 'us-setup': [206, 302, 306, 406] })).toThrow(/must be a list of location ids/);
  });

  it('a game with a location parameter must say which ids its board can hold', () => {
    const { locationIds: _ids, ...blind } = zoneGame;
    expect(setup(blind as GameDefinition, { start: 'Z1' })).toThrow(/defines no locationIds/);
    expect(setup(blind as GameDefinition, { start: 'Z1' })).not.toThrow(UserError);
  });

  it('every registered game with a location parameter lists its location ids, and its defaults are among them', () => {
    for (const name of ['sfo', 'scs']) {
      const def = { sfo, scs }[name as 'sfo' | 'scs'] as GameDefinition;
      const ids = def.locationIds!();
      for (const p of def.parameters.filter((q) => q.kind === 'location' || q.kind === 'locationList'))
        for (const v of [p.default].flat()) expect(ids.has(String(v)), `${name} ${p.id} ${v}`).toBe(true);
      // the board of the default setup holds only location ids
      for (const c of def.board!(resolveSetup(def, {}, 't')).cells) expect(ids.has(c.id)).toBe(true);
    }
    expect(sfo.locationIds!().size).toBe(72);
    expect(scs.locationIds!().size).toBe(315);
  });
});
