/** SCS 3.x: set-up — pool, turn track, control, Soviet armies, and the initial front markers. */

import type { GameSeed, GameSetup } from '../../core/game.js';
import { memoizeWeak } from '../../core/memo.js';
import { newRngState, randInt } from '../../core/rng.js';
import { frontMarkerNode, replayed } from './chance.js';
import type { Run } from './engine.js';
import { scsMap } from './map.js';
import { type Cfg, resolveConfig } from './parameters.js';
import { fillPool } from './pool.js';
import { type Army, GERMAN, NONMECH, type ScsState, SOVIET, VIII_FK } from './state.js';

export const TURNS = 6;

/** The Cfg of a setup, resolved once per setup object: play never changes a Cfg, so the games of a run share it. */
const configOf = memoizeWeak(resolveConfig);

/** What every game of a Cfg starts from: the control of 3.5 and the initial front hexes (3.7), in index order. */
interface StartTemplate {
  readonly control: readonly number[];
  readonly front: readonly number[];
}

/** The start template of a Cfg, built once (a pure function of the Cfg, which play never changes). */
const templateOf = memoizeWeak((cfg: Cfg): StartTemplate => {
  const control = cfg.sovietStart.map((x) => (x === 1 ? SOVIET : GERMAN));
  const front: number[] = [];
  for (let h = 0; h < scsMap.size; h++) {
    if (control[h] !== GERMAN) continue;
    if (scsMap.nbr[h]!.some((n) => control[n] === SOVIET)) front.push(h); // 3.7 (isFrontHex)
  }
  return { control, front };
});

/** The state of one game at set-up (3.1-3.3, 3.5); the first front markers (3.4) are drawn by the turn sequence's first step (drawFrontMarkers). */
export function startGame(setup: GameSetup, seed: GameSeed): ScsState {
  const cfg = configOf(setup);
  const template = templateOf(cfg);
  const rngState = newRngState(seed.masterSeed, seed.gameIndex);
  const gType: number[] = [];
  const pool: number[] = [];
  const track: number[][] = [[], [], [], [], [], [], [], []];
  const add = (type: number, where: number[]) => {
    where.push(gType.length);
    gType.push(type);
  };
  fillPool(cfg, gType, pool); // SCS 3.3
  // SCS 3.2, 7.5: reinforcements and VIII Fliegerkorps on the Turn Track
  add(VIII_FK, track[3]!);
  for (let t = 1; t < cfg.reinforcements.length; t++)
    for (let i = 0; i < cfg.reinforcements[t]!; i++) add(NONMECH, track[t]!);
  const control = template.control.slice();
  // SCS 3.5: armies at full strength on their hexes, 4S on the Turn Track (turn 3), 1E last
  const armies: Army[] = [];
  for (const a of cfg.armies) {
    if (a.type === 'engineer') continue;
    armies.push({
      id: a.id,
      type: a.type,
      full: a.full,
      steps: a.full,
      hex: a.id === '4S' ? -2 : a.hex,
      moved: false,
      attacked: false,
    });
  }
  const e = cfg.armies.find((a) => a.type === 'engineer')!;
  armies.push({
    id: e.id,
    type: 'engineer',
    full: e.full,
    steps: e.full,
    hex: -3,
    moved: false,
    attacked: false,
  });
  const s: ScsState = {
    cfg,
    rng: rngState,
    turn: 1,
    phase: 'setup',
    seq: 0,
    stack: [],
    pending: null,
    decisions: 0,
    drawn: [],
    active: -1,
    mf: 0,
    battle: null,
    outcome: { won: false, mf: 0 },
    control,
    marker: new Array<number>(scsMap.size).fill(-1),
    held: emptyLists(scsMap.size),
    gType,
    pool,
    track,
    engaged: [],
    aside: [],
    removed: [],
    armies,
    host: 0, // provisional: the policy places 1E at the start of play (3.5)
    viReady: true,
    pac: -2,
    stepsReplaced: 0,
    stepsLost: 0,
    result: '',
    endReason: '',
    stats: {
      pocketsThreatened: 0,
      reliefBattles: 0,
      reliefSovietWins: 0,
      reliefGermanWins: 0,
      breakouts: 0,
      breakoutGermanWins: 0,
      germanPocketed: 0,
      hexesTaken: 0,
      sovietStepsLost: 0,
      germanEliminated: 0,
      minPool: 0,
      battles: 0,
      battlesWon: 0,
      markerOnlyFalls: 0,
      armiesDestroyed: 0,
      kLineAtT3: -1,
      hexesByTurn: [-1, -1, -1, -1, -1, -1, -1],
    },
    pocketLog: [],
  };
  s.stats.minPool = pool.length;
  return s;
}

/**
 * SCS 3.4: one blind-drawn marker on each initial front hex, the set-up's first step of the turn
 * sequence (turn-sequence.ts). Sampled mode draws from stream 'setup'; explicit-chance mode makes
 * each draw a chance point (chance.ts frontMarkerNode; the step runs under chanceStep).
 */
export function drawFrontMarkers(run: Run): void {
  const s = run.s;
  const pool = s.pool;
  const rng = run.explicitChance ? undefined : run.streams.stream('setup');
  for (const h of templateOf(s.cfg).front) {
    if (pool.length === 0) break;
    const n = pool.length;
    const i =
      rng === undefined ? (n === 1 ? 0 : replayed(run, () => frontMarkerNode(s))) : randInt(rng, 0, n - 1);
    s.marker[h] = pool[i]!;
    pool[i] = pool[n - 1]!;
    pool.pop();
  }
  s.stats.minPool = pool.length;
}

/** n empty arrays (a plain loop: Array.from's iteration protocol costs more than the arrays). */
function emptyLists(n: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < n; i++) out.push([]);
  return out;
}
