// Ridge Line: a small hex-and-counter game of this repository's guide (docs/adding-a-game.md).
// Red (four units) must take two of Blue's three towns in six turns. The game as sandtable plays
// it: its sides, scenario, variant and parameters, the state it starts from, its record, the
// value of a position, and exact odds from its own combat table.
import { newRngState, oddsOfTable, resultValue, Streams, UserError } from 'sandtable';
import { board, GRID, TOWN_HEXES } from './map.mjs';
import { defaultPolicies, policies } from './policies.mjs';
import { advance, alive, apply, CRT, DECISION_KINDS, invariants, redWins } from './rules.mjs';

/** @typedef {import('./rules.mjs').State} State */
/** @typedef {import('./rules.mjs').RidgeDecision} RidgeDecision */

/** Rule 2: the counters at the start, by hex (the scenario's set-up). */
const SETUP = [
  { id: 'r1', side: 'red', str: 5, hex: '0102' },
  { id: 'r2', side: 'red', str: 4, hex: '0103' },
  { id: 'r3', side: 'red', str: 4, hex: '0104' },
  { id: 'r4', side: 'red', str: 3, hex: '0105' },
  { id: 'b1', side: 'blue', str: 3, hex: '0502' },
  { id: 'b2', side: 'blue', str: 2, hex: '0404' },
  { id: 'b3', side: 'blue', str: 2, hex: '0605' },
];

/** Towns Red must hold at the end to win (rule 7.1). */
const TOWNS_TO_WIN = 2;

/**
 * The value of a position for a side, in [0, 1]: at the end, the result (1 a win, 0 a loss);
 * before it, a logistic guess from the towns Red holds against the two it needs and the
 * strength each side has left (a designer's estimate, not fitted to games).
 * @param {State} s @param {string} side
 */
function evaluate(s, side) {
  if (s.over) return resultValue(ridge, redWins(s, TOWNS_TO_WIN) ? 'red-win' : 'blue-win', side);
  const towns = s.towns.filter((t) => t === 'red').length;
  const strength = (/** @type {'red' | 'blue'} */ x) => alive(s, x).reduce((n, u) => n + u.str, 0);
  const x = 1.5 * (towns - TOWNS_TO_WIN + 0.5) + 0.4 * (strength('red') - 1.5 * strength('blue'));
  const red = 1 / (1 + Math.exp(-x));
  return side === 'red' ? red : 1 - red;
}

/** @type {import('sandtable').SteppedGame<State, RidgeDecision, import('sandtable').Workspace, State>} */
const ridge = {
  contract: 'steps',
  id: 'ridge',
  title: 'Ridge Line',
  rulesTitle: "Ridge Line (the example game of sandtable's guide, docs/adding-a-game.md)",
  sides: [
    { id: 'red', name: 'Red (attacker)' },
    { id: 'blue', name: 'Blue (defender)' },
  ],
  scenarios: [
    {
      id: 'meeting',
      title: 'Meeting at the ridge',
      description: 'Red enters from the west against three Blue garrisons; six turns.',
      rule: 'RIDGE 2',
    },
  ],
  variants: [
    {
      id: 'zoc',
      rule: 'RIDGE 5.3',
      description: 'zones of control: a unit entering a hex next to an enemy stops there',
      default: true,
    },
  ],
  parameters: [
    {
      id: 'cover',
      kind: 'integer',
      description: 'columns a defender in woods or a town shifts an attack to the left',
      default: 1,
      min: 0,
      max: 2,
      provenance: 'reconstructed',
      source: 'RIDGE 6.1 says cover "favours the defender" and gives no number; one column is our reading',
    },
    {
      id: 'turns',
      kind: 'integer',
      description: 'game turns',
      default: 6,
      min: 3,
      max: 10,
      provenance: 'rules',
      source: 'RIDGE 4',
    },
  ],
  policies,
  defaultPolicies,
  results: [
    {
      id: 'red-win',
      winner: 'red',
      description: 'Red holds two towns at the end, or Blue has no units left (RIDGE 7)',
    },
    { id: 'blue-win', winner: 'blue', description: 'otherwise (RIDGE 7)' },
  ],
  victoryLevels: ['win'],
  endReasons: ['turn-limit', 'red-eliminated', 'blue-eliminated'],
  stats: [
    { id: 'towns_red', kind: 'int', description: 'towns Red holds at the end' },
    { id: 'red_strength', kind: 'int', description: 'Red strength left at the end' },
    { id: 'blue_strength', kind: 'int', description: 'Blue strength left at the end' },
    { id: 'battles', kind: 'int', description: 'battles fought' },
  ],
  // what the manifest hashes: the set-up and the combat table (a changed table is another game)
  data: { setup: SETUP, crt: { columns: CRT.columns, rows: CRT.rows, cells: CRT.cells, dice: CRT.dice } },
  decisionKinds: DECISION_KINDS,
  // per turn and side: a move per unit (4), an attack per unit, and per battle a retreat each side,
  // an advance and the roll
  maxDecisions: (setup) => Number(setup.params.turns) * 2 * (4 + 4 * 5),
  start(setup, seed) {
    return {
      rng: newRngState(seed.masterSeed, seed.gameIndex),
      pending: null,
      stack: [],
      decisions: 0,
      turns: Number(setup.params.turns),
      cover: Number(setup.params.cover),
      zoc: setup.variants.has('zoc'),
      turn: 0,
      phase: 0,
      units: SETUP.map((u) => ({
        id: u.id,
        side: /** @type {'red' | 'blue'} */ (u.side),
        str: u.str,
        hex: GRID.index(u.hex),
      })),
      towns: TOWN_HEXES.map(() => /** @type {'red' | 'blue'} */ ('blue')),
      attacked: [],
      battles: 0,
      over: false,
    };
  },
  workspace: (s) => ({ streams: new Streams(s.rng), trace: undefined, explicitChance: false }),
  advance,
  apply,
  record(s) {
    const red = redWins(s, TOWNS_TO_WIN);
    const strength = (/** @type {'red' | 'blue'} */ x) => alive(s, x).reduce((n, u) => n + u.str, 0);
    const held = new Set(alive(s, 'red').map((u) => u.hex));
    TOWN_HEXES.forEach((h, i) => {
      if (s.towns[i] === 'red') held.add(h);
    });
    return {
      result: red ? 'red-win' : 'blue-win',
      endTurn: s.turn,
      endReason:
        alive(s, 'red').length === 0
          ? 'red-eliminated'
          : alive(s, 'blue').length === 0
            ? 'blue-eliminated'
            : 'turn-limit',
      victoryLevel: 'win',
      stats: {
        towns_red: s.towns.filter((t) => t === 'red').length,
        red_strength: strength('red'),
        blue_strength: strength('blue'),
        battles: s.battles,
      },
      cells: [...held].sort((a, b) => a - b),
    };
  },
  evaluate,
  view: (s) => s,
  /** A copy sharing nothing that play changes (faster than the default structuredClone). */
  clone: (s) => ({
    ...s,
    rng: {
      seed: s.rng.seed,
      game: s.rng.game,
      streams: Object.fromEntries(Object.entries(s.rng.streams).map(([k, v]) => [k, v.slice()])),
    },
    stack: s.stack.map((t) => ({ ...t })),
    units: s.units.map((u) => ({ ...u })),
    towns: s.towns.slice(),
    attacked: s.attacked.slice(),
  }),
  invariants,
  board: () => board(),
  locationIds: () => new Set(GRID.ids),
  odds: {
    description: 'one battle on the combat table (RIDGE 6.1, 6.2)',
    options: [
      { name: 'attack', description: 'attacker strength' },
      { name: 'defence', description: 'defender strength' },
      { name: 'cover', description: 'the defender is in woods or a town', flag: true },
      { name: 'shifts', description: 'columns cover shifts (the cover parameter, default 1)' },
    ],
    compute(o) {
      const int = (/** @type {string} */ name, /** @type {number} */ dflt) => {
        const v = o[name];
        if (v === undefined) return dflt;
        if (typeof v !== 'string' || !/^\d+$/.test(v))
          throw new UserError(`odds ridge: --${name} ${JSON.stringify(v)} is not a whole number`);
        return Number(v);
      };
      const shift = o.cover === true ? -int('shifts', 1) : 0;
      if (o.attack === undefined && o.defence === undefined) return [oddsOfTable(CRT, {})];
      return [oddsOfTable(CRT, { attack: int('attack', 1), defence: int('defence', 1), shift })];
    },
  },
};

export default ridge;
