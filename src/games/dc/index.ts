/**
 * Dark Crusade (3W 1984, 2nd ed. 1991, Lou Coatney): the Eastern Front 1941-45 on a point-to-point
 * map. This build plays the Introductory and Advanced levels in the three versions (scenarios), with
 * the June or May start and fixed or free set-up (variants); src/games/dc/RULES-CHECKLIST.md lists
 * every rule item with its status.
 *
 * Chapter map (rules section -> file):
 *   DC 1, 10, 12.A, 20, 23  the map, lines, fortresses, edition changes .. map.ts, board.ts (data/dc.json)
 *   DC 2.A-B                levels, versions, victory ........................ scenarios (below), victory.ts, campaign.ts
 *   DC 3.A-B, 18, 8.C.1     start month, free set-up, pre-game ............... pregame.ts
 *   DC 4, 2.A.1             set-up ........................................... setup.ts
 *   DC 8.A                  replacements and production ...................... replacements.ts
 *   DC 8.B                  reinforcements and withdrawals ................... reinforcements.ts
 *   DC 8.C                  plant expansion and moving factories ............. factories.ts
 *   DC 3.C                  the Siberian Reserve ............................. siberia.ts
 *   DC 6                    the turn sequence ................................ turn-sequence.ts
 *   DC 7                    weather and Luftwaffe strength ................... weather.ts
 *   DC 12, 12.D, 18         operational movement, highway, fortifications .... movement.ts
 *   DC 13, 10.C             combat, fortresses ............................... combat.ts, fire.ts, odds.ts
 *   DC 13.A.1-3, 13.B.7, 17.B  Soviet air, HQs and STAVKA, artillery (Advanced) . support.ts
 *   DC 8.C.3                composite units (Advanced) ....................... composites.ts
 *   DC 9.B                  strategic sea movement, torpedoes ................ sea.ts
 *   DC 8.B (note)           allies losing their capital ...................... allies.ts
 *   DC 7.A note c           the 1944 air window .............................. air-window.ts
 *   DC 17, 20               supply, isolation, sea control ................... supply.ts, turn-sequence.ts
 *   readings (variants) .... variants.ts; values not printed (parameters) .... parameters.ts, resolve.ts
 *   decisions (typed) ...... decisions.ts; policies ......................... policies/
 */
import type { GameRecord, ResultDef, SteppedGame } from '../../core/game.js';
import { dcBoard, dcLocationIds } from './board.js';
import { dcData } from './data.js';
import { DC_DECISION_KINDS, type DcDecision } from './decisions.js';
import { invariants } from './invariants.js';
import { dcOdds } from './odds.js';
import { parameters } from './parameters.js';
import { defaultPolicies, policies } from './policies/index.js';
import { DC_STATS, record } from './record.js';
import { startGame } from './setup.js';
import type { DcState } from './state.js';
import { advance, apply } from './turn-sequence.js';
import { variants } from './variants.js';
import { type DcWorkspace, dcWorkspace } from './workspace.js';

const results: readonly ResultDef[] = [
  {
    id: 'axis-win',
    winner: 'axis',
    description:
      'The Axis meets its Tournament requirement (DC 2.B.1.a), a Soviet draw declaration hands it the win (2.B.1.b), or a Campaign condition (2.B.3.a).',
  },
  {
    id: 'soviet-win',
    winner: 'soviet',
    description:
      'The Soviets meet their Tournament requirement, an Axis draw declaration hands them the win, or a Campaign condition (2.B.3.b).',
  },
  {
    id: 'draw',
    winner: null,
    description:
      'Declared (2.B.1.b), agreed (2.B.1.c, variant mutual-draw-on) or the July 1944 time limit (2.B.1.c).',
  },
];

/**
 * A deep copy of plain data (arrays, plain objects, primitives) as structuredClone makes it, holes
 * of sparse arrays (a strategic task's arrivals) kept as holes, without its serialisation.
 */
function copyPlain<T>(x: T): T {
  if (typeof x !== 'object' || x === null) return x;
  if (Array.isArray(x)) {
    const a = new Array(x.length);
    for (let k = 0; k < x.length; k++) {
      const v = x[k];
      if (v !== undefined) a[k] = copyPlain(v);
    }
    return a as T;
  }
  const o: Record<string, unknown> = {};
  for (const k in x) o[k] = copyPlain((x as Record<string, unknown>)[k]);
  return o as T;
}

export function cloneDc(s: DcState): DcState {
  const streams: Record<string, number[]> = {};
  for (const k in s.rng.streams) streams[k] = s.rng.streams[k]!.slice();
  return {
    ...s,
    rng: { seed: s.rng.seed, game: s.rng.game, streams },
    stack: copyPlain(s.stack),
    airAt: s.airAt.slice(),
    airUp: s.airUp.slice(),
    airBt: s.airBt.slice(),
    repl: s.repl.slice(),
    allyStatus: s.allyStatus.slice(),
    allyRepl: s.allyRepl.slice(),
    partisans: s.partisans.slice(),
    pool: s.pool.slice(),
    sib: copyPlain(s.sib),
    mud: s.mud.slice(),
    reinfBase: s.reinfBase,
    camp: { ...s.camp },
    exits: s.exits.slice(),
    fac: {
      picked: s.fac.picked.slice(),
      due: s.fac.due.slice(),
      ent: s.fac.ent.slice(),
      sea: s.fac.sea.slice(),
    },
    drops: s.drops.slice(),
    sibRepl: { held: s.sibRepl.held.slice(), strat: s.sibRepl.strat, op: s.sibRepl.op.slice() },
    control: s.control.slice(),
    everAxis: s.everAxis.slice(),
    units: s.units.map((u) => ({ ...u })),
    load: s.load.slice(),
    stats: { ...s.stats },
    result: s.result === null ? null : { ...s.result },
  };
}

export const dc: SteppedGame<DcState, DcDecision, DcWorkspace, DcState> = {
  contract: 'steps',
  id: 'dc',
  title: 'Dark Crusade',
  rulesTitle:
    'Dark Crusade (3W 1984, 2nd edition rules 1991, Lou Coatney): Introductory and Advanced levels, Tournament, Tournament Campaign and Campaign versions',
  sides: [
    { id: 'axis', name: 'Axis' },
    { id: 'soviet', name: 'Soviet' },
  ],
  scenarios: [
    {
      id: 'intro-tournament',
      title: 'Introductory game, Tournament version',
      description:
        'DC 2.A.1 units (no HQs, divisions, STAVKA, 1MM), 2.B.1 Tournament victory with draws, June (or May, variant start) 1941 - July 1944. Rules not yet modelled are listed in RULES-CHECKLIST.md.',
      rule: 'DC 2.A.1, 2.B.1',
    },
    {
      id: 'intro-tournament-campaign',
      title: 'Introductory game, Tournament Campaign version',
      description:
        'The Tournament game without the unilateral draw: sudden death on the victory chart through July 1944 (DC 2.B.2).',
      rule: 'DC 2.A.1, 2.B.2',
    },
    {
      id: 'intro-campaign',
      title: 'Introductory game, Campaign version',
      description:
        'To February 1945 with the Campaign victory conditions (DC 2.B.3): Axis by annihilation, the three cities for six turns, every victory city, or time; Soviets by annihilating the Germans or by armies exited off the map.',
      rule: 'DC 2.A.1, 2.B.3',
    },
    {
      id: 'adv-tournament',
      title: 'Advanced game, Tournament version',
      description:
        'DC 2.A.2: all rules and components (German HQs, SS divisions, panzergrenadiers, STAVKA, 1MM, Soviet air, artillery and rockets, composites, artillery and aircraft factories), 2.B.1 Tournament victory with draws.',
      rule: 'DC 2.A.2, 2.B.1',
    },
    {
      id: 'adv-tournament-campaign',
      title: 'Advanced game, Tournament Campaign version',
      description:
        'The Advanced game without the unilateral draw: sudden death through July 1944 (DC 2.A.2, 2.B.2).',
      rule: 'DC 2.A.2, 2.B.2',
    },
    {
      id: 'adv-campaign',
      title: 'Advanced game, Campaign version',
      description:
        'The Advanced game to February 1945 with the Campaign victory conditions (DC 2.A.2, 2.B.3).',
      rule: 'DC 2.A.2, 2.B.3',
    },
  ],
  variants,
  parameters,
  policies,
  defaultPolicies,
  results,
  victoryLevels: [
    'axis-vp',
    'soviet-vp',
    'draw-declared-axis',
    'draw-declared-soviet',
    'declared-draw-lost',
    'draw-time-limit',
    'draw-agreed',
    'campaign-axis-no-soviets',
    'campaign-axis-cities',
    'campaign-axis-all-cities',
    'campaign-axis-time',
    'campaign-soviet-no-germans',
    'campaign-soviet-cities-exits',
    'campaign-soviet-west-exits',
  ],
  endReasons: ['victory-check', 'draw-declared', 'turn-limit', 'campaign-check', 'draw-agreed'],
  stats: DC_STATS.defs,
  data: dcData,
  decisionKinds: DC_DECISION_KINDS,
  // 46 turns x 2 player turns: ~150 units asked once in movement, up to ~60 battles of a few dozen answers
  maxDecisions: () => 47 * 2 * (200 + 60 * 60),
  start: (setup, seed) => startGame(setup, seed),
  workspace: dcWorkspace,
  advance,
  apply,
  record: (s): GameRecord => record(s),
  view: (s) => s,
  clone: cloneDc,
  invariants,
  odds: dcOdds,
  board: dcBoard,
  locationIds: dcLocationIds,
};
