/**
 * The game-turn sequence (DC 6.0) as the state machine the driver steps (docs/architecture.md "The game is a state machine"): A weather and
 * Luftwaffe strength; B the Axis player turn and C the Soviet player turn, each of 8 phases (R/R,
 * strategic movement, operational movement, combat, recovery, breakthrough combat, the opponent's
 * victory determination (Tournament, Tournament Campaign or Campaign conditions), own supply),
 * preceded once by the pre-game (pregame.ts). Parts of phases not yet modelled are listed in
 * RULES-CHECKLIST.md item by item.
 */
import type { Decision } from '../../core/game.js';
import { randInt } from '../../core/rng.js';
import { airBtStep, airStartStep, applyAirBt, applyAirStart, endAxisAir, startAirPlacement } from './air.js';
import { applyWindow, window1944, windowDecision } from './air-window.js';
import { checkDefections } from './allies.js';
import { applyBt, btStep, startBreakthrough } from './breakthrough.js';
import { axisCitiesCheck, type CampaignEnd, endOfAxisTurn, instantCheck, sovietCheck } from './campaign.js';
import {
  applyBattle,
  applyRetreat,
  battleStep,
  combatStep,
  destroy,
  pendingBattles,
  retreatStep,
  startBattle,
} from './combat.js';
import { applyComposite, compositeStep } from './composites.js';
import type {
  AirPlaceOption,
  DcDecision,
  DcPending,
  DrawOption,
  EliminateOption,
  MutualOption,
} from './decisions.js';
import {
  applyFactoryDecision,
  applyFactoryPick,
  entrainedCount,
  factoriesStep,
  startFactories,
} from './factories.js';
import { applyHunRelease, hunReleaseOpen, hunReleaseStep } from './hungary.js';
import { applyOp, opStep, startOp } from './movement.js';
import { tell } from './narrate.js';
import { applyDrop, clearDrops, dropStep, startDrops } from './paratroops.js';
import { applyPartisan, partisanStep, startPartisans } from './partisans.js';
import { applyPregame, pregameStep } from './pregame.js';
import { arrive as arriveReinforcement, reinfStep, startReinforcements, withdraw } from './reinforcements.js';
import { applyRepl, replStep, sovietProduction, startAxisReplacements } from './replacements.js';
import { applySea, seaStep } from './sea.js';
import {
  applyCall,
  applyCompose,
  applyReturn,
  commit,
  enter as enterSiberians,
  siberiaStep,
  startSiberia,
} from './siberia.js';
import {
  applySibRepl,
  enterOperationally,
  sibReplStep,
  startSiberianReplacements,
} from './siberian-replacements.js';
import {
  type DcState,
  type DcTask,
  monthOf,
  other,
  SIDE_IDS,
  type SideIx,
  TURN_FEB42,
  TURN_FEB45,
  TURN_JUL44,
  turnLabel,
  yearOf,
} from './state.js';
import { applyStratDest, applyStratNext, startStrategic, strategicCapacity, stratStep } from './strategic.js';
import { inSupply, mapOf } from './supply.js';
import { margin, meets, vpHeld } from './victory.js';
import { mayMudDie, WEATHER_NAMES, weatherDie, weatherPhase } from './weather.js';
import type { DcWorkspace } from './workspace.js';

/** Ends the game; records the enemy VP each side holds in overland supply at that moment (docs/games/dc.md "Statistics"). */
function end(s: DcState, ws: DcWorkspace, result: string, level: string, reason: string): void {
  s.stats.axisEnemyVpEnd = vpHeld(s, ws, 0).enemy;
  s.stats.sovietEnemyVpEnd = vpHeld(s, ws, 1).enemy;
  s.result = { result, level, reason };
  s.over = true;
  s.stack.length = 0;
}

/** Resets the per-turn flags of `side`'s units at the start of its player turn. */
function newPlayerTurn(s: DcState, side: SideIx): void {
  for (const u of s.units)
    if (u.side === side) {
      u.occ = false;
      u.clr = false;
      u.rounds = 0;
      u.bt = false;
      u.allOut = false;
    }
  for (const u of s.units) u.ret = false;
  s.repl.length = 0;
}

function pointOf(s: DcState, id: string): number {
  return mapOf(s).index.get(id)!;
}

const FALL: readonly [
  string,
  'moscowFall' | 'leningradFall' | 'kievFall' | 'stalingradFall' | 'rostovFall',
][] = [
  ['MOS', 'moscowFall'],
  ['LEN', 'leningradFall'],
  ['KIE', 'kievFall'],
  ['STL', 'stalingradFall'],
  ['ROS', 'rostovFall'],
];

/** DC 2.B.3: the Campaign checks made between phases; true when the game ended. */
function campaignBetweenPhases(s: DcState, ws: DcWorkspace): boolean {
  let e = instantCheck(s);
  // the end of an Axis player turn (after B.8)
  if (e === null && s.seq === 9) e = endOfAxisTurn(s);
  return campaignEnd(s, ws, e);
}

/** R-212 (DC 2.B.3.a.iii, b.i): the Campaign instant conditions, checked after each combat; true when the game ended. */
function campaignInstant(s: DcState, ws: DcWorkspace): boolean {
  return campaignEnd(s, ws, instantCheck(s));
}

function campaignEnd(s: DcState, ws: DcWorkspace, e: CampaignEnd | null): boolean {
  if (e === null) return false;
  end(s, ws, e.result, e.level, 'campaign-check');
  tell(s, ws, e.result === 'axis-win' ? 0 : 1, e.rule, e.text);
  return true;
}

function nextPhase(s: DcState, ws: DcWorkspace): void {
  if (s.rules.version === 'campaign' && campaignBetweenPhases(s, ws)) return;
  if (s.seq > 16) {
    if (s.rules.version === 'campaign' && s.turn >= TURN_FEB45) {
      // DC 2.B.3.a.iv: the Soviets have not won by the end of the February 1945 turn
      end(s, ws, 'axis-win', 'campaign-axis-time', 'turn-limit');
      tell(s, ws, null, 'DC 2.B.3.a.iv', 'February 1945 ends without a Soviet win: the Axis wins');
      return;
    }
    if (s.rules.version !== 'campaign' && s.turn >= TURN_JUL44) {
      // DC 2.B.1.c, 2.B.2: no winner by the end of the July 1944 turn: a draw
      end(s, ws, 'draw', 'draw-time-limit', 'turn-limit');
      tell(s, ws, null, 'DC 2.B.1.c', 'July 1944 ends with no winner: a draw');
      return;
    }
    s.turn++;
    s.seq = 0;
  }
  const seq = s.seq++;
  const side: SideIx = seq <= 8 ? 0 : 1;
  const ph = seq <= 8 ? seq : seq - 8;
  if (seq === 0) {
    const st = { weather: s.weather, springCol: s.springCol, autumnCol: s.autumnCol, air: s.air };
    s.mud = [];
    s.stratUsed = 0;
    const die = weatherPhase(s.rules, s.turn, s.turn === s.first, st, () =>
      weatherDie(ws.streams.stream('weather')),
    );
    s.weather = st.weather;
    s.springCol = st.springCol;
    s.autumnCol = st.autumnCol;
    s.air = st.air;
    s.airFree = st.air;
    // variant lw-lines: the air on the map keeps its points (D-8 moves it one line)
    s.airAt = s.rules.lwLines ? s.airAt.slice(0, s.air) : [];
    s.airUp = [];
    s.airBt = [];
    if (s.turn === 6) s.stats.oct41Mud = s.weather === 1 ? 1 : 0;
    // R-187 (DC 14.B.3): from the first Good-weather turn of 1944 Soviet air may accompany breakthroughs
    if (!s.sovAirBt && s.weather === 0 && yearOf(s.turn) >= 1944) s.sovAirBt = true;
    if (window1944(s)) s.stack.push({ t: 'air44' });
    tell(
      s,
      ws,
      null,
      'DC 7.A',
      `${turnLabel(s.turn)}: ${WEATHER_NAMES[s.weather]}, ${s.air} German air unit(s)`,
      die === null ? undefined : [die],
    );
    return;
  }
  switch (ph) {
    case 1:
      newPlayerTurn(s, side);
      // DC 8.B (allies.ts): an ally whose capital the Soviets hold leaves the war
      checkDefections(s, ws);
      if (side === 0) {
        // D-13 (DC 5.D, hungary.ts): the Hungarian release, after the other R/R steps (the stack runs it last)
        if (hunReleaseOpen(s)) s.stack.push({ t: 'hun-release' });
        startAxisReplacements(s, ws);
        startReinforcements(s, 0);
        // D-8 (DC 13.A.4, 14.B.4): German air placed, or withheld, at the Axis turn's start
        startAirPlacement(s);
      } else {
        sovietProduction(s, ws);
        // DC 8.A.2.c: Siberian replacements arrive and are held or enter (D-33), after the other R/R steps
        startSiberianReplacements(s, ws);
        // DC 8.C.3 (Advanced): composites, after the other R/R steps (the stack runs it last)
        if (s.rules.level === 'advanced') s.stack.push({ t: 'composite', done: false });
        // DC 8.C.2.a: entraining is limited by this turn's strategic capacity (before the entrained factories' cost)
        startFactories(s, strategicCapacity(s, ws, 1) + entrainedCount(s));
        startSiberia(s, ws);
        startReinforcements(s, 1);
      }
      return;
    case 2:
      startStrategic(s, ws, side);
      return;
    case 3:
      // DC 21.B (variant paratroops-on): the Soviet air drops follow the operational moves (paratroops.ts)
      clearDrops(s);
      if (side === 1 && s.rules.paratroops) startDrops(s);
      startOp(s, side, ws);
      return;
    case 4:
      // DC 3.A: May 1941 of a May game: a die per point under assault, odd = Mud there
      if (s.turn === 1 && (side === 0 || s.rules.mayMudAll)) mayMud(s, ws, side);
      // DC 8.A.2.c: Siberian replacements entering operationally from the eastern edge this turn
      if (side === 1) enterOperationally(s, ws);
      // regular combat, then (4c) breakthrough movement once every battle is over
      s.stack.push({ t: 'bt-start', side });
      s.stack.push({ t: 'combat', side, bt: false });
      return;
    case 5:
      recoveryPhase(s, side);
      return;
    case 6:
      // DC 16: breakthrough combat
      s.stack.push({ t: 'combat', side, bt: true });
      return;
    case 7:
      if (s.rules.mutualDraw) s.stack.push({ t: 'mutual', side, stage: 0 });
      s.stack.push({ t: 'victory', check: other(side), stage: 0 });
      return;
    case 8:
      // C.8: the isolation check and partisan placement, in the order of variant partisan-order
      if (side === 1 && s.rules.partisansBefore) {
        s.stack.push({ t: 'supply', side });
        startPartisans(s);
        return;
      }
      if (side === 1) startPartisans(s);
      supplyPhase(s, ws, side);
      if (side === 0) endAxisAir(s);
      if (side === 0 && s.airFree > 0) s.stack.push({ t: 'lw-place', left: s.airFree });
      return;
  }
}

/**
 * DC 15.B: every unit of `side` recovers, those held in its off-map box too (DC 9.A: they may
 * re-enter on a following turn, which strategic movement allows undispersed units only). Re-flipped,
 * the counter shows no earlier losses, so they clear (variant recovery-losses: losses-persist keeps them).
 */
export function recoveryPhase(s: DcState, side: SideIx): void {
  for (const u of s.units)
    if (u.side === side && (u.st === 0 || u.st === 5)) {
      u.disp = false;
      if (!s.rules.lossesPersist) u.losses = 0;
    }
}

/** DC 3.A (RULES-CHECKLIST C-2): rolls for each point `side` assaults in May 1941; odd (Mud) points are kept in `s.mud`. */
export function mayMud(s: DcState, ws: DcWorkspace, side: SideIx): void {
  const rng = ws.streams.stream('weather');
  const dice: number[] = [];
  for (const p of pendingBattles(s, ws, side)) {
    const d = randInt(rng, 1, 6);
    dice.push(d);
    if (mayMudDie(d)) s.mud.push(p);
  }
  if (dice.length > 0)
    tell(
      s,
      ws,
      side,
      'DC 3.A',
      `May 1941 mud rolls: ${s.mud.length} of ${dice.length} assaulted point(s) in Mud`,
      dice,
    );
}

/** DC 17.B (variants isolation, vp-fortress-rate): isolated units of `side` are eliminated, fortresses hold some. */
export function supplyPhase(s: DcState, ws: DcWorkspace, side: SideIx): void {
  const m = mapOf(s);
  const fortress = new Map<number, number>();
  const lost = new Map<number, string[]>(); // point -> the types of the units eliminated there (the trace)
  s.units.forEach((u, i) => {
    if (u.side !== side || u.st !== 0 || s.rules.types[u.t]!.id === 'factory') return;
    if (inSupply(s, ws, u)) {
      u.iso = false;
      return;
    }
    if (s.rules.isolationTwoPhases && !u.iso) {
      u.iso = true;
      return;
    }
    const holds = m.garrison[u.at]! > 0 || (s.rules.vpRateAnyCity && m.vp[u.at]! > 0);
    if (holds) {
      fortress.set(u.at, (fortress.get(u.at) ?? 0) + 1);
      return;
    }
    if (ws.trace !== undefined) lost.set(u.at, [...(lost.get(u.at) ?? []), s.rules.types[u.t]!.id]);
    destroy(s, i);
    if (side === 0) s.stats.axisIsolatedEliminated++;
    else {
      s.stats.sovietIsolatedEliminated++;
      if (yearOf(s.turn) === 1941) s.stats.sovietIsolatedEliminated1941++;
    }
  });
  for (const [p, n] of [...fortress.entries()].sort((a, b) => b[0] - a[0])) {
    const g = m.garrison[p]!;
    // DC 17.B: capacity -1 for Axis units in a Soviet fortress and Soviet units in Konigsberg
    const cap = g === 0 ? 0 : Math.max(0, g - (m.side1941[p] !== side ? 1 : 0));
    const rate = m.vp[p]! > 0 ? 1 : 2;
    const left = Math.min(rate, n - cap);
    if (left > 0) s.stack.push({ t: 'isolation', side, point: p, left });
  }
  const names = [...lost.entries()].map(([p, types]) => `${m.names[p]} (${types.join(', ')})`);
  tell(
    s,
    ws,
    side,
    'DC 17.B',
    names.length === 0
      ? `${SIDE_IDS[side]} supply checked`
      : `${SIDE_IDS[side]} supply checked: isolated units eliminated at ${names.join('; ')}`,
  );
}

function isolated(s: DcState, ws: DcWorkspace, task: DcTask & { t: 'isolation' }): EliminateOption[] {
  const seen = new Set<string>();
  const out: EliminateOption[] = [];
  s.units.forEach((u, i) => {
    if (u.st !== 0 || u.side !== task.side || u.at !== task.point || s.rules.types[u.t]!.id === 'factory')
      return;
    if (inSupply(s, ws, u)) return;
    const sig = `${u.t}|${u.losses}|${u.disp ? 1 : 0}|${u.fort ? 1 : 0}`;
    if (seen.has(sig)) return;
    seen.add(sig);
    out.push({ type: 'eliminate', unit: i });
  });
  return out;
}

function eliminateIsolated(s: DcState, task: DcTask & { t: 'isolation' }, unit: number): void {
  destroy(s, unit);
  if (task.side === 0) s.stats.axisIsolatedEliminated++;
  else {
    s.stats.sovietIsolatedEliminated++;
    if (yearOf(s.turn) === 1941) s.stats.sovietIsolatedEliminated1941++;
  }
  task.left--;
}

/** DC 2.B.1.b (variant draw-phase): who may declare a draw at the victory phase checking `check`. */
function declarer(s: DcState, check: SideIx): SideIx {
  return s.rules.drawOwnTurn ? other(check) : check;
}

function victoryStep(s: DcState, ws: DcWorkspace, task: DcTask & { t: 'victory' }): DcPending | null {
  const side = task.check;
  if (s.rules.version === 'campaign') {
    s.stack.pop();
    victoryStats(s, ws, side);
    // DC 2.B.3: the Soviet conditions at B.7; the Axis cities at B.7 and C.7
    const e =
      side === 1 ? (sovietCheck(s, ws) ?? axisCitiesCheck(s, ws, false)) : axisCitiesCheck(s, ws, true);
    if (e !== null) {
      end(s, ws, e.result, e.level, 'campaign-check');
      tell(s, ws, e.result === 'axis-win' ? 0 : 1, e.rule, e.text);
    }
    return null;
  }
  if (task.stage === 0) {
    task.stage = 1;
    const held = victoryStats(s, ws, side);
    if (meets(s, ws, side, held)) {
      end(
        s,
        ws,
        side === 0 ? 'axis-win' : 'soviet-win',
        side === 0 ? 'axis-vp' : 'soviet-vp',
        'victory-check',
      );
      tell(s, ws, side, 'DC 2.B.1.a', `${SIDE_IDS[side]} meets the victory requirement`);
      return null;
    }
  }
  s.stack.pop();
  // DC 2.B.1.b: after the end of the February 1942 turn; DC 2.B.2: not in the Tournament Campaign game
  if (s.turn <= TURN_FEB42 || s.rules.version !== 'tournament') return null;
  const d = declarer(s, side);
  return {
    kind: 'declare-draw',
    side: SIDE_IDS[d],
    rule: 'DC 2.B.1.b',
    options: [
      { type: 'draw', declare: false },
      { type: 'draw', declare: true },
    ],
  } as Decision<'declare-draw', DrawOption>;
}

/** The statistics kept at each victory-determination phase (docs/games/dc.md "Statistics"), for every version; returns `vpHeld` of `side`. */
function victoryStats(s: DcState, ws: DcWorkspace, side: SideIx): { home: number; enemy: number } {
  const held = vpHeld(s, ws, side);
  const mg = margin(s, ws, side, held);
  if (side === 0) {
    if (mg > s.stats.axisReqMarginBest) s.stats.axisReqMarginBest = mg;
    const { enemy } = held;
    if (enemy > s.stats.axisEnemyVpMax) {
      s.stats.axisEnemyVpMax = enemy;
      s.stats.axisEnemyVpMaxTurn = s.turn;
    }
    if (yearOf(s.turn) === 1942 && enemy > s.stats.axisEnemyVpMax1942) s.stats.axisEnemyVpMax1942 = enemy;
    if (monthOf(s.turn) === 12) {
      if (s.turn === 8) s.stats.axisEnemyVpDec41 = enemy;
      if (s.turn === 20) s.stats.axisEnemyVpDec42 = enemy;
      if (s.turn === 32) s.stats.axisEnemyVpDec43 = enemy;
    }
  } else if (mg > s.stats.sovietReqMarginBest) s.stats.sovietReqMarginBest = mg;
  for (const [id, stat] of FALL)
    if (s.stats[stat] < 0 && s.control[pointOf(s, id)] === 0) s.stats[stat] = s.turn;
  return held;
}

function applyDraw(s: DcState, ws: DcWorkspace, side: SideIx): void {
  s.stats.drawDeclaredTurn = s.turn;
  s.stats.drawDeclarer = side;
  const opp = other(side);
  // DC 2.B.1.b: the other player wins instead if he has enough VP at that moment
  if (meets(s, ws, opp)) {
    end(s, ws, opp === 0 ? 'axis-win' : 'soviet-win', 'declared-draw-lost', 'draw-declared');
    tell(
      s,
      ws,
      side,
      'DC 2.B.1.b',
      `${SIDE_IDS[side]} declares a draw, but ${SIDE_IDS[opp]} meets its requirement and wins`,
    );
    return;
  }
  end(s, ws, 'draw', `draw-declared-${SIDE_IDS[side]}`, 'draw-declared');
  tell(s, ws, side, 'DC 2.B.1.b', `${SIDE_IDS[side]} declares a draw`);
}

/** D-29: Axis points a held German air unit may stand on for the Soviet turn (facing Soviet units). */
function airPlaces(s: DcState, ws: DcWorkspace): AirPlaceOption[] {
  const m = mapOf(s);
  const out: AirPlaceOption[] = [];
  const own = ws.own;
  const foe = ws.foe;
  own.fill(0);
  foe.fill(0);
  for (const u of s.units)
    if (u.st === 0) {
      if (u.side === 0) own[u.at] = 1;
      else foe[u.at] = 1;
    }
  for (let p = 0; p < m.n; p++) {
    if (s.control[p] !== 0 || own[p] === 0) continue;
    let front = false;
    for (let k = m.adjStart[p]!; k < m.adjStart[p + 1]! && !front; k++)
      if (foe[m.adjNb[k]!] === 1) front = true;
    if (front) out.push({ type: 'air-place', at: p });
  }
  return out;
}

export function stepTask(s: DcState, ws: DcWorkspace, task: DcTask): DcPending | null {
  switch (task.t) {
    case 'op': {
      const d = opStep(s, ws, task);
      if (d === null) s.stack.pop();
      return d;
    }
    case 'combat':
      // R-212 (DC 2.B.3.a.iii, b.i "at any instant"): the Campaign instant conditions after each combat
      if (s.rules.version === 'campaign' && campaignInstant(s, ws)) return null;
      return combatStep(s, ws, task);
    case 'battle':
      return battleStep(s, ws, task.b);
    case 'retreat':
      return retreatStep(s, ws, task);
    case 'victory':
      return victoryStep(s, ws, task);
    case 'mutual':
      return {
        kind: 'mutual-draw',
        side: SIDE_IDS[task.stage === 0 ? task.side : other(task.side)],
        rule: 'DC 2.B.1.c',
        options: [
          { type: 'mutual', yes: false },
          { type: 'mutual', yes: true },
        ],
      } as Decision<'mutual-draw', MutualOption>;
    case 'isolation': {
      const opts = task.left > 0 ? isolated(s, ws, task) : [];
      if (opts.length === 0) {
        s.stack.pop();
        return null;
      }
      if (opts.length === 1) {
        eliminateIsolated(s, task, opts[0]!.unit);
        return null;
      }
      return {
        kind: 'isolation-loss',
        side: SIDE_IDS[task.side],
        rule: 'DC 17.B',
        options: opts,
      } as Decision<'isolation-loss', EliminateOption>;
    }
    case 'repl':
      return replStep(s, ws, task);
    case 'pregame':
      return pregameStep(s, ws, task);
    case 'reinf':
      return reinfStep(s, ws, task);
    case 'factories':
      return factoriesStep(s, ws, task);
    case 'partisan':
      return partisanStep(s, ws, task);
    case 'siberia':
      return siberiaStep(s, ws, task);
    case 'hun-release':
      return hunReleaseStep(s);
    case 'composite':
      return compositeStep(s, ws, task);
    case 'air44':
      s.stack.pop();
      return windowDecision();
    case 'sea':
      return seaStep(s, task);
    case 'supply':
      s.stack.pop();
      supplyPhase(s, ws, task.side);
      return null;
    case 'bt-start':
      s.stack.pop();
      startBreakthrough(s, task.side, ws);
      return null;
    case 'bt-move':
      return btStep(s, ws, task);
    case 'para':
      return dropStep(s, task);
    case 'sib-repl':
      return sibReplStep(s, ws, task);
    case 'strat':
      return stratStep(s, ws, task);
    case 'lw-bt':
      return airBtStep(s, task);
    case 'lw-place': {
      if (task.start === true) return airStartStep(s, ws, task);
      const opts = task.left > 0 ? airPlaces(s, ws) : [];
      if (opts.length === 0) {
        s.stack.pop();
        return null;
      }
      if (opts.length === 1) {
        s.airAt.push(opts[0]!.at);
        task.left--;
        return null;
      }
      return { kind: 'lw-place', side: 'axis', rule: 'DC 13.A.4, 14.B.4', options: opts } as Decision<
        'lw-place',
        AirPlaceOption
      >;
    }
  }
}

/** GameDefinition.advance. */
export function advance(s: DcState, ws: DcWorkspace): DcPending | null {
  while (s.pending === null) {
    if (s.over) return null;
    const task = s.stack[s.stack.length - 1];
    if (task === undefined) {
      nextPhase(s, ws);
      continue;
    }
    const p = stepTask(s, ws, task);
    if (p !== null) {
      s.pending = p;
      // a forced move (one option) is not counted: the turn machine carries it out unasked
      if ((p as DcDecision).options.length > 1) s.decisions++;
    }
  }
  return s.pending;
}

/** GameDefinition.apply: carries out answer `choice` to the pending decision (checked). */
export function apply(s: DcState, ws: DcWorkspace, pending: DcPending, choice: number): void {
  const p = s.pending;
  if (p === null || p.kind !== pending.kind || p.kind === 'chance')
    throw new Error(`DC: answer to ${pending.kind}, but ${p === null ? 'nothing' : p.kind} is pending`);
  const d = p as DcDecision;
  if (!Number.isInteger(choice) || choice < 0 || choice >= d.options.length)
    throw new Error(`DC: answer ${choice} to ${d.kind} (${d.rule}) with ${d.options.length} options`);
  const task = s.stack[s.stack.length - 1];
  s.pending = null;
  switch (d.kind) {
    case 'op-move':
      if (task?.t !== 'op') throw new Error('DC: op-move without an op task');
      applyOp(s, task, d.options[choice]!);
      return;
    case 'battle-next':
      if (task?.t !== 'combat') throw new Error('DC: battle-next without a combat task');
      startBattle(s, ws, d.options[choice]!.at, task.side, task.bt);
      return;
    case 'retreat-dest':
      if (task?.t !== 'retreat') throw new Error('DC: retreat-dest without a retreat task');
      applyRetreat(s, ws, task, d.options[choice]!);
      return;
    case 'isolation-loss':
      if (task?.t !== 'isolation') throw new Error('DC: isolation-loss without an isolation task');
      eliminateIsolated(s, task, d.options[choice]!.unit);
      return;
    case 'declare-draw':
      if (d.options[choice]!.declare) applyDraw(s, ws, d.side === 'axis' ? 0 : 1);
      return;
    case 'strat-next':
      if (task?.t !== 'strat') throw new Error('DC: strat-next without its task');
      applyStratNext(s, ws, task, d.options[choice]!);
      return;
    case 'strat-dest':
      if (task?.t !== 'strat') throw new Error('DC: strat-dest without its task');
      applyStratDest(s, ws, task, d.options[choice]!);
      return;
    case 'siberian-call':
      applyCall(s, d.options[choice]!.call);
      return;
    case 'entry-point':
      if (task?.t === 'reinf') arriveReinforcement(s, ws, task, d.options[choice]!.at);
      else enterSiberians(s, ws, d.options[choice]!.at, task?.t === 'siberia' ? (task.rm ?? 0) : 0);
      return;
    case 'siberia-return':
      if (task?.t !== 'siberia') throw new Error('DC: siberia-return without its task');
      applyReturn(task, d.options[choice]!);
      return;
    case 'crisis-commit':
      commit(s, d.options[choice]!, task?.t === 'siberia' ? task : undefined);
      return;
    case 'partisan':
      if (task?.t !== 'partisan') throw new Error('DC: partisan without its task');
      applyPartisan(s, ws, task, d.options[choice]!);
      return;
    case 'bt-move':
      if (task?.t !== 'bt-move') throw new Error('DC: bt-move without its task');
      applyBt(s, task, d.options[choice]!);
      return;
    case 'ger-repl':
      applyRepl(s, ws, d.options[choice]!);
      return;
    case 'start-month':
    case 'free-setup':
    case 'setup-place':
      if (task?.t !== 'pregame') throw new Error(`DC: ${d.kind} outside the pre-game`);
      applyPregame(s, task, d, choice);
      return;
    case 'factory-pick':
      if (task?.t === 'pregame') applyFactoryPick(s, ws, d.options[choice]!);
      else if (task?.t === 'factories') applyFactoryDecision(s, ws, task, d, choice);
      else throw new Error('DC: factory-pick without its task');
      return;
    case 'factory-site':
    case 'factory-dest':
    case 'entrain':
      if (task?.t !== 'factories') throw new Error(`DC: ${d.kind} without the factory task`);
      applyFactoryDecision(s, ws, task, d, choice);
      return;
    case 'mutual-draw':
      if (task?.t !== 'mutual') throw new Error('DC: mutual-draw without its task');
      if (!d.options[choice]!.yes) s.stack.pop();
      else if (task.stage === 0) task.stage = 1;
      else {
        end(s, ws, 'draw', 'draw-agreed', 'draw-agreed');
        tell(s, ws, task.side, 'DC 2.B.1.c', 'a draw by mutual agreement');
      }
      return;
    case 'air-1944-window':
      applyWindow(s, d.options[choice]!.open);
      return;
    case 'siberian-repl':
      if (task?.t !== 'sib-repl') throw new Error('DC: siberian-repl without its task');
      applySibRepl(s, ws, task, d.options[choice]!);
      return;
    case 'para-drop':
      if (task?.t !== 'para') throw new Error('DC: para-drop without its task');
      applyDrop(s, ws, task, d.options[choice]!);
      return;
    case 'sea-move':
      if (task?.t !== 'sea') throw new Error('DC: sea-move without its task');
      applySea(s, ws, task, d.options[choice]!);
      return;
    case 'composite':
      if (task?.t !== 'composite') throw new Error('DC: composite without its task');
      applyComposite(s, ws, task, d.options[choice]!);
      return;
    case 'hun-release':
      applyHunRelease(s, ws, d.options[choice]!);
      return;
    case 'siberian-compose':
      if (task?.t !== 'siberia') throw new Error('DC: siberian-compose without its task');
      applyCompose(s, task, d.options[choice]!);
      return;
    case 'withdraw':
      if (task?.t !== 'reinf') throw new Error('DC: withdraw without its task');
      withdraw(s, ws, task, d.options[choice]!);
      return;
    case 'lw-bt':
      if (task?.t !== 'lw-bt') throw new Error('DC: lw-bt without its task');
      applyAirBt(s, task, d.options[choice]!);
      return;
    case 'lw-place':
      if (task?.t !== 'lw-place') throw new Error('DC: lw-place without its task');
      if (task.start === true) {
        applyAirStart(s, task, d.options[choice]!);
        return;
      }
      s.airAt.push(d.options[choice]!.at);
      task.left--;
      return;
    default:
      if (task?.t !== 'battle') throw new Error(`DC: ${d.kind} without a battle`);
      applyBattle(s, ws, task.b, d, choice);
  }
}
