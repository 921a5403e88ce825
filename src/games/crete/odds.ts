/**
 * Exact odds for Crete from the game's own code (docs/architecture.md "Chance is explicit"): a position is built in which the
 * chance procedure happens next (a battle's die roll, a para's scatter dice), the engine runs in
 * explicit-chance mode, and every outcome is applied to a copy of the game whose result is read
 * (core enumerateChance). Tables: the limited and all-out CRTs by column (K10.4, K18), the scatter
 * outcome of a drop on each terrain (K15.3, K15.4), and the results of a drop next to an enemy
 * square, forced attack included (K15.5).
 */

import { enumerateChance, GameMatch } from '../../core/driver.js';
import { quote, UserError } from '../../core/errors.js';
import type { ChanceNode, GameSetup, OddsProvider, OddsTable, SteppedGame } from '../../core/game.js';
import { oddsInt } from '../../core/odds-options.js';
import { makeBattle } from './combat.js';
import { COLUMNS } from './crt.js';
import type { CreteDecision } from './decisions.js';
import { MAP, squareOf, TERRAIN_NAMES } from './map.js';
import { parameters } from './parameters.js';
import { checkSquare } from './resolve.js';
import { startGame } from './setup.js';
import { type CreteState, type CreteTask, DEAD, POOL, type Table } from './state.js';
import { variants } from './variants.js';
import { creteWorkspace } from './workspace.js';

/** The game's default CRT shape (the crt-set parameter, calibrated: data/calibration.json). */
const DEFAULT_CRT_SET = String(parameters.find((p) => p.id === 'crt-set')!.default);
/** The default FJR battalion CF (the para-cf-fjr parameter, calibrated: data/calibration.json). */
const DEFAULT_PARA_CF = Number(parameters.find((p) => p.id === 'para-cf-fjr')!.default);

export function defaultSetup(extra: readonly string[] = []): GameSetup {
  const on = new Set(variants.filter((v) => v.default).map((v) => v.id));
  for (const id of extra) {
    const v = variants.find((x) => x.id === id)!;
    for (const o of variants) if (o.group === v.group) on.delete(o.id);
    on.add(id);
  }
  return { scenario: 'campaign', variants: on, params: {} };
}

/** A bare position: every unit off the map, turn 1 German combat, nothing on the stack. */
export function barePosition(setup: GameSetup): CreteState {
  const s = startGame(setup, { masterSeed: 0, gameIndex: 0 });
  s.stack = [];
  s.secret = null;
  s.turn = 1;
  s.seq = 2;
  s.phase = 'german-combat';
  for (const u of s.units) u.loc = POOL;
  return s;
}

const RESULT_KEYS = ['res_ae', 'res_ar', 'res_ne', 'res_ca', 'res_ex', 'res_dr', 'res_de'] as const;
const readResult = (s: CreteState): string => {
  for (const k of RESULT_KEYS) if (s.stats[k] > 0) return k.slice(4).toUpperCase();
  return 'none';
};

function explicit(game: SteppedGame, setup: GameSetup, s: CreteState): GameMatch {
  const ws = creteWorkspace(s);
  ws.explicitChance = true;
  return new GameMatch(game, setup, s, ws);
}

/**
 * The compound CA outcome (K10.13, docs/games/crete.md "Chance and odds"): the battle of `battleOdds`, and when it gives CA the
 * defender answers as `response` says (counter-attack its attacker if the engine offers it, else
 * retreat); the counter-attack's own die is enumerated too. Other answers (retreat squares, EX
 * losses) take the engine's first option. Outcomes read 'CA -> counter-attack DE' and the like.
 */
export function caOdds(
  game: SteppedGame,
  setup: GameSetup,
  a: number,
  d: number,
  table: Table,
  terrain: 'clear' | 'rough' | 'town',
  response: 'counter' | 'retreat',
): Map<string, number> {
  const s = battlePosition(setup, a, d, table, terrain).state;
  const out = new Map<string, number>();
  const read = (st: CreteState): string => {
    if (st.stats.counterattacks === 0) return st.stats.res_ca > 0 ? 'CA -> retreat' : readResult(st);
    // the first battle gave CA; the counter-attack's result is what else was counted (CA again: NE)
    const second = RESULT_KEYS.find((k) => st.stats[k] > (k === 'res_ca' ? 1 : 0));
    return `CA -> counter-attack ${second === undefined ? 'none' : second === 'res_ca' ? 'CA (NE)' : second.slice(4).toUpperCase()}`;
  };
  const walk = (m: GameMatch, p: number): void => {
    const st = m.state as CreteState;
    const pending = settled(st) ? null : m.pending();
    if (pending === null) {
      const k = read(st);
      out.set(k, (out.get(k) ?? 0) + p);
      return;
    }
    if (pending.kind === 'chance') {
      const outcomes = (pending as ChanceNode).outcomes;
      for (let i = 0; i < outcomes.length; i++) {
        const c = m.clone();
        c.apply(i);
        walk(c, p * outcomes[i]!.p);
      }
      return;
    }
    const dec = pending as CreteDecision;
    let choice = 0;
    if (dec.kind === 'ca-response' && response === 'counter')
      choice = Math.max(
        0,
        dec.options.findIndex((o) => o.counter >= 0),
      );
    m.apply(choice);
    walk(m, p);
  };
  walk(explicit(game, setup, s), 1);
  return out;
}

/** A position in which the German attack `a` from one square on a British stack of CF `d` on `terrain` is rolled next. */
function battlePosition(
  setup: GameSetup,
  a: number,
  d: number,
  table: Table,
  terrain: 'clear' | 'rough' | 'town',
): { state: CreteState; column: number } {
  const s = barePosition(setup);
  const def = squareOf(terrain === 'clear' ? 'S1005' : terrain === 'rough' ? 'S0505' : 'S1303');
  const from = MAP.neighbours[def]!.find((h) => MAP.terrain[h] !== 2)!;
  const ger = s.units.findIndex((u) => u.kind === 'para');
  const bri = s.units.findIndex((u) => u.side === 'british');
  s.units[ger] = { ...s.units[ger]!, cf: a, loc: from, landed: 0 };
  s.units[bri] = { ...s.units[bri]!, cf: d, loc: def };
  const b = makeBattle(s, 'german', [from], def, table);
  s.stack.push({ t: 'roll', battle: b });
  return { state: s, column: b.column };
}

/** Exact results of one battle: German attack `a` from a square beside a British stack of CF `d` on `terrain`. */
export function battleOdds(
  game: SteppedGame,
  setup: GameSetup,
  a: number,
  d: number,
  table: Table,
  terrain: 'clear' | 'rough' | 'town',
): { column: number; p: Map<string, number> } {
  const { state, column } = battlePosition(setup, a, d, table, terrain);
  return {
    column,
    p: enumerateChance(explicit(game, setup, state), (x) => readResult(x as CreteState), settled),
  };
}

/** The procedure has run its course: nothing left on the stack (the engine would go on to the next phase). */
const settled = (x: unknown): boolean => {
  const s = x as CreteState;
  return s.stack.length === 0 && s.pending === null;
};

const DIRS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'];

/** Where a para dropped on square h comes down (K15.3, K15.4), with an optional British stack of CF d beside it in direction dir (1..6). */
export function dropOdds(
  game: SteppedGame,
  setup: GameSetup,
  h: number,
  cf: number,
  enemy?: { dir: number; d: number },
): Map<string, number> {
  const s = barePosition(setup);
  s.phase = 'german-move';
  s.seq = 1;
  const ui = s.units.findIndex((u) => u.kind === 'para');
  s.units[ui] = { ...s.units[ui]!, cf, to: h, landed: -1 };
  let e = -1;
  if (enemy !== undefined) {
    e = MAP.dir[h * 6 + enemy.dir - 1]!;
    const bri = s.units.findIndex((u) => u.side === 'british');
    s.units[bri] = { ...s.units[bri]!, cf: enemy.d, loc: e };
  }
  const task: CreteTask = { t: 'scatter', u: ui, intended: h, die: 0, stage: 'test' };
  s.stack.push(task);
  return enumerateChance(
    explicit(game, setup, s),
    (x) => {
      const st = x as CreteState;
      const u = st.units[ui]!;
      if (st.stats.paras_scattered_onto_enemy > 0)
        return `onto the enemy: ${readResult(st)}${u.loc === DEAD ? ', para lost' : ''}`;
      if (st.stats.paras_drowned > 0) return 'drowned (sea or off the board)';
      if (u.loc === h) return 'on the intended square';
      const k = MAP.dir.slice(h * 6, h * 6 + 6).indexOf(u.loc);
      return `scattered ${k >= 0 ? DIRS[k] : MAP.ids[u.loc]}`;
    },
    settled,
  );
}

function table(
  title: string,
  rule: string,
  columns: string[],
  maps: Map<string, number>[],
  notes: string[],
): OddsTable {
  const keys: string[] = [];
  for (const m of maps) for (const k of m.keys()) if (!keys.includes(k)) keys.push(k);
  return {
    title,
    rule,
    columns,
    rows: keys.map((k) => ({ outcome: k, p: maps.map((m) => m.get(k) ?? 0) })),
    notes,
  };
}

export const creteOdds = (game: () => SteppedGame): OddsProvider => ({
  description:
    "Crete: both CRTs by column, the scatter outcome of a drop per terrain, and a drop beside an enemy (forced all-out attack), enumerated through the game's own code. With --attack and --defence one battle on both tables.",
  options: [
    { name: 'attack', description: 'attacker CF (one battle)' },
    { name: 'defence', description: 'defender printed CF (one battle; doubled with --rough or --town)' },
    { name: 'rough', flag: true, description: 'defender in rough terrain (K10.9)' },
    { name: 'town', flag: true, description: 'defender in a town (K10.9)' },
    {
      name: 'hex',
      description:
        'drop square for the drop tables, e.g. S0301 (Maleme airfield); default five squares, and S1105 (Prison Valley) for the drop beside an enemy',
    },
    {
      name: 'para',
      description: `CF of the dropping para (default ${DEFAULT_PARA_CF}, the FJR battalion's para-cf-fjr)`,
    },
    { name: 'enemy', description: 'British CF beside the drop square (default 4)' },
    {
      name: 'direction',
      description: 'direction die 1..6 of the British square from the drop square (default 4 = south)',
    },
    {
      name: 'crt-set',
      description: `recon | bloody | soft (default ${DEFAULT_CRT_SET}, the game's calibrated default)`,
    },
  ],
  compute(o) {
    const g = game();
    const crtSet = (o['crt-set'] ?? DEFAULT_CRT_SET) as string;
    if (!['recon', 'bloody', 'soft'].includes(crtSet))
      throw new UserError(`odds crete: option --crt-set must be recon, bloody or soft, got ${quote(crtSet)}`);
    const setup: GameSetup = { ...defaultSetup(), params: { 'crt-set': crtSet } };
    if (o.rough === true && o.town === true)
      throw new UserError('odds crete: options --rough and --town: a square has one terrain');
    const terrain = o.rough === true ? 'rough' : o.town === true ? 'town' : 'clear';
    const attack = oddsInt('crete', o, 'attack', 1, 99);
    const defence = oddsInt('crete', o, 'defence', 1, 99);
    const notes = [
      "Enumerated through the game's own code: every outcome of the die applied to a copy of a position (core enumerateChance).",
    ];
    const out: OddsTable[] = [];
    if (attack !== undefined || defence !== undefined) {
      const a = attack ?? 1;
      const d = defence ?? 1;
      const cols = (['limited', 'all-out'] as const).map((t) => battleOdds(g, setup, a, d, t, terrain));
      out.push(
        table(
          `Crete battle: attack ${a} vs defence ${d}${terrain === 'clear' ? '' : ` doubled in ${terrain} to ${2 * d}`} (column ${COLUMNS[cols[0]!.column]})`,
          'K10.4, K10.9, K18',
          ['limited', 'all-out'],
          cols.map((c) => c.p),
          [...notes, 'Odds worse than 1-3 use 1-3 and better than 6-1 use 6-1 (odds-clamp).'],
        ),
      );
      out.push(
        table(
          `Crete battle, CA compound (K10.13): attack ${a} vs defence ${d}${terrain === 'clear' ? '' : ` in ${terrain}`}, the defender counter-attacking when it can, or retreating`,
          'K10.13',
          ['limited, counter', 'limited, retreat', 'all-out, counter', 'all-out, retreat'],
          (['limited', 'all-out'] as const).flatMap((t) =>
            (['counter', 'retreat'] as const).map((resp) => caOdds(g, setup, a, d, t, terrain, resp)),
          ),
          [
            ...notes,
            'The counter-attack: the defending stack against the attacking square on the same table, fresh odds, no Luftwaffe; a CA in it is NE (ca-same-table-one-stack).',
          ],
        ),
      );
      return out;
    }
    const pairs = [
      [1, 3],
      [1, 2],
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 1],
      [5, 1],
      [6, 1],
    ] as const;
    for (const t of ['limited', 'all-out'] as const)
      out.push(
        table(
          `Crete ${t === 'limited' ? 'Limited Attack' : 'All Out Attack'} CRT (${crtSet})`,
          'K10.4, K18',
          [...COLUMNS],
          pairs.map(([a, d]) => battleOdds(g, setup, a, d, t, 'clear').p),
          notes,
        ),
      );
    const para = oddsInt('crete', o, 'para', 1, 99) ?? DEFAULT_PARA_CF;
    const hexes = o.hex === undefined ? ['S1005', 'S0505', 'S1303', 'S0301', 'S1501'] : [String(o.hex)];
    const squares = hexes.map((id) => checkSquare(id, 'odds crete: option --hex'));
    out.push(
      table(
        'Crete drop: where a para comes down (K15.3 scatter test on the intended terrain, K15.4 direction; sea-drowns)',
        'K15.3, K15.4',
        squares.map(
          (h) =>
            `${MAP.ids[h]} ${TERRAIN_NAMES[MAP.terrain[h]!]}${MAP.names[h] === undefined ? '' : ` ${MAP.names[h]}`}`,
        ),
        squares.map((h) => dropOdds(g, setup, h, para)),
        [
          ...notes,
          'Clear and airfield squares scatter on 1-2, rough and towns on 1-4; a neighbour off the board is the sea (north) or the board edge.',
        ],
      ),
    );
    const enemy = oddsInt('crete', o, 'enemy', 1, 99) ?? 4;
    const dir = oddsInt('crete', o, 'direction', 1, 6) ?? 1;
    const h0 = o.hex === undefined ? squareOf('S1105') : squares[0]!;
    if (MAP.dir[h0 * 6 + dir - 1]! < 0)
      throw new UserError(
        `odds crete: option --direction ${dir}: no square in that direction from ${MAP.ids[h0]}`,
      );
    out.push(
      table(
        `Crete drop and attack: para CF ${para} dropped on ${MAP.ids[h0]}, British CF ${enemy} on the square in direction ${dir}`,
        'K15.3, K15.4, K15.5',
        [`${MAP.ids[h0]}`],
        [dropOdds(g, setup, h0, para, { dir, d: enemy })],
        [
          ...notes,
          'A para scattered onto the enemy attacks at once on the all-out table without air (K15.5); results before any retreat choice.',
        ],
      ),
    );
    return out;
  },
});
