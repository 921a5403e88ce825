/**
 * Dark Crusade policies (docs/games/dc.md "Policies"), five scripted Axis ones (barbarossa, the default, and its planning
 * form barbarossa-plan, moscow-schwerpunkt, southern-economic, attritional-fortress) and five scripted
 * Soviet ones with distinct intents, plus the uniform random policy. Each documents its rule for
 * declaring a tournament draw (D-30).
 */
import { randomPolicy } from '../../../core/decide.js';
import type { PolicyDef } from '../../../core/game.js';
import type { DcDecision } from '../decisions.js';
import { landOnly } from '../factory-sea.js';
import { pickDrop } from '../paratroops.js';
import { pickSibRepl } from '../siberian-replacements.js';
import { type DcState, type SideIx, yearOf } from '../state.js';
import { attritional } from './attritional.js';
import {
  BARBAROSSA_TARGETS,
  Ctx,
  currentBattle,
  type DcPolicy,
  distances,
  pickCommit,
  pickContinue,
  pickDraw,
  pickEntrain,
  pickEntry,
  pickGarrison,
  pickLoss,
  pickOp,
  pickPartisan,
  pickPartisanCut,
  pickPlace,
  pickRetreat,
  pickSite,
  pickStratDest,
  pickStratUnit,
  subjectOf,
} from './common.js';
import { makePlan, type PlanStyle, phaseKey, plannedOption, takeOverGroup } from './plan.js';

interface Style {
  readonly side: SideIx;
  /** Objective points (comma-separated ids) by game year. */
  readonly targets: (year: number) => string;
  readonly aggression: (s: DcState) => number;
  readonly fortify: number;
  /** Share of the available German air committed to each attack (Axis). */
  readonly air: number;
  /** Go all out when attacking a victory city. */
  readonly allOutVp: boolean;
  readonly continueRatio: number;
  /** D-30: declare a draw when the own margin is below -drawReach and the opponent is not winning. */
  readonly drawReach: number;
  /** D-31: the turn the Soviet policy calls the Siberian Reserve early (-1 never; Jul 1941 = 3, Oct 1941 = 6). */
  readonly sibCall: number;
  /** D-1: the Axis takes the May start (3.A). */
  readonly mayStart?: boolean;
  /** D-5: the factory series picked first ('TANK' or 'INF'); D-34: lines from the Axis at which a factory is evacuated. */
  readonly factories?: { readonly first: 'TANK' | 'INF'; readonly evacuate: number };
  /**
   * A counter-offensive (siberian-gambler): from turn `from` to turn `until` (May 1941 = 1), a unit
   * within `reach` lines of `targets` moves on them with `aggression`; the Siberian Reserve's entry
   * point and the strategic moves head for them; an attack on a point within `reach` of them sends
   * its Shock armies all out (DC 8.C.3.a, 13.B.8); the reserve forms Shock armies when it may (D-32).
   */
  readonly offensive?: {
    readonly targets: string;
    readonly reach: number;
    readonly aggression: number;
    readonly from: number;
    readonly until: number;
  };
  /** fortress-partisan: the garrison rule (common.ts pickGarrison) before every move. */
  readonly garrison?: boolean;
  /** fortress-partisan: partisans cut the Axis supply graph or take Axis-held VP cities (common.ts pickPartisanCut). */
  readonly partisanCuts?: boolean;
  /** The per-phase operational plan (plan.ts) of an Axis policy, in the years it applies. */
  readonly plan?: PlanStyle & { readonly years: (year: number) => boolean };
}

/** The Style's counter-offensive if it runs on the state's turn. */
function offensiveNow(style: Style, s: DcState): Style['offensive'] {
  const o = style.offensive;
  return o !== undefined && s.turn >= o.from && s.turn <= o.until ? o : undefined;
}

/**
 * D-8: the scripted Axis policies put each air unit where the most German fire faces Soviet units
 * (the fire at the point over 1 + the air already there, at most 4 there), withholding it when no
 * placed point faces the enemy.
 */
function pickAirStart(s: DcState, ctx: Ctx, d: DcDecision & { kind: 'lw-place' }): number {
  ctx.airPicture(s);
  const m = ctx.map(s);
  const fire = ctx.airFire;
  const foe = ctx.airFoe;
  const up = s.airUp;
  const options = d.options;
  let best = 0;
  let bestScore = 0;
  for (let k = 1; k < options.length; k++) {
    const p = options[k]!.at;
    let front = false;
    for (let j = m.adjStart[p]!; j < m.adjStart[p + 1]! && !front; j++)
      if (foe[m.adjNb[j]!] === 1) front = true;
    if (!front) continue;
    let here = 0;
    for (let j = 0; j < up.length; j++) if (up[j] === p) here++;
    if (here >= 4) continue;
    const score = fire[p]! / (1 + here);
    if (score > bestScore) {
      bestScore = score;
      best = k;
    }
  }
  return best;
}

function make(id: string, style: Style, ctx = new Ctx()): DcPolicy {
  /** choose's answer; with `out`, pickOp's option scores are written there when it decides. */
  const pick = (s: DcState, d: DcDecision, out?: Float64Array): number => {
    switch (d.kind) {
      case 'op-move': {
        // DC 2.B.3.b: from 1944 a Soviet army at a west or north exit leaves the map (Campaign)
        if (yearOf(s.turn) >= 1944)
          for (let k = 0; k < d.options.length; k++) if (d.options[k]!.type === 'exit') return k;
        if (style.garrison === true) {
          const g = pickGarrison(s, ctx, d, style.side);
          if (g >= 0) return g;
        }
        const off = offensiveNow(style, s);
        if (off !== undefined) {
          const u = s.units[subjectOf(s)]!;
          if (u.at >= 0 && ctx.distances(s, off.targets)[u.at]! <= off.reach)
            return pickOp(s, ctx, d, style.side, off.targets, off.aggression, style.fortify, undefined, out);
        }
        const year = yearOf(s.turn);
        const plan = style.plan;
        const task = s.stack[s.stack.length - 1]!;
        if (plan?.years(year) && task.t === 'op' && task.second < 0) {
          if (ctx.plan?.phase !== phaseKey(s))
            ctx.plan = makePlan(s, ctx, task, ctx.distances(s, style.targets(year)), plan);
          const i = task.order[task.i]!;
          takeOverGroup(s, ctx.plan, task, i);
          const k = plannedOption(ctx.plan, i, d);
          if (k >= 0) return k;
          const planned = { target: ctx.plan.target, ratio: plan.ratio };
          return pickOp(
            s,
            ctx,
            d,
            style.side,
            style.targets(year),
            style.aggression(s),
            style.fortify,
            planned,
            out,
          );
        }
        return pickOp(
          s,
          ctx,
          d,
          style.side,
          style.targets(year),
          style.aggression(s),
          style.fortify,
          undefined,
          out,
        );
      }
      case 'battle-next':
        return 0;
      case 'lw-commit':
        return Math.min(d.options.length - 1, Math.max(1, Math.round((d.options.length - 1) * style.air)));
      case 'sea-move':
        // DC 9.B: the scripted policies keep to land movement (the torpedo risk buys nothing the land net lacks)
        return 0;
      case 'air-1944-window':
        // D-7: the scripted Axis policies open the 1944 window at the first Good turn offered
        return 1;
      case 'allout-def':
        // D-21: the scripted policies never throw defenders away all out
        return 0;
      case 'allout-att': {
        const b = currentBattle(s);
        const off = offensiveNow(style, s);
        if (
          off !== undefined &&
          b !== null &&
          s.rules.types[d.options[0]!.unitType]!.id === 'sov-shock' &&
          distances(`${s.rules.mapKey}#${off.targets}`)[b.at]! <= off.reach
        )
          return d.options.length - 1;
        return style.allOutVp && b !== null && ctx.map(s).vp[b.at]! > 0 ? d.options.length - 1 : 0;
      }
      case 'hq-assign':
        // D-22: the options come best first (support.ts hqOptions)
        return 0;
      case 'loss':
        return pickLoss(s, d, out);
      case 'continue':
      case 'sim-continue':
        return pickContinue(s, ctx, style.side, style.continueRatio);
      case 'retreat-dest':
        return pickRetreat(s, d, style.side, out);
      case 'bt-move': {
        if (style.garrison === true) {
          const g = pickGarrison(s, ctx, d as unknown as DcDecision & { kind: 'op-move' }, style.side);
          if (g >= 0) return g;
        }
        return pickOp(
          s,
          ctx,
          d as unknown as DcDecision & { kind: 'op-move' },
          style.side,
          style.targets(yearOf(s.turn)),
          style.aggression(s),
          0,
          undefined,
          out,
        );
      }
      case 'partisan':
        return style.partisanCuts === true ? pickPartisanCut(s, ctx, d) : pickPartisan(s, d, out);
      case 'siberian-call':
        return s.turn === style.sibCall ? 1 : 0;
      case 'entry-point':
        return pickEntry(s, ctx, d, offensiveNow(style, s)?.targets ?? style.targets(yearOf(s.turn)), out);
      case 'siberia-return':
        // D-38: the scripted policies bring every owed unit back as soon as it may come
        return 0;
      case 'crisis-commit':
        return pickCommit(s, ctx, d, style.side, out);
      case 'strat-next':
        return pickStratUnit(s, ctx, d, style.side, out);
      case 'strat-dest':
        return pickStratDest(
          s,
          ctx,
          d,
          style.side,
          offensiveNow(style, s)?.targets ?? style.targets(yearOf(s.turn)),
          out,
        );
      case 'ger-repl':
        // rebuild the first affordable unit type offered (Panzer corps come first in type order)
        return d.options.length > 1 ? 1 : 0;
      case 'lw-place':
        return d.options[0]!.at < 0 ? pickAirStart(s, ctx, d) : 0;
      case 'lw-bt':
        // D-29: accompany the first breakthrough assault offered, else stay for the defence
        return Math.max(
          0,
          d.options.findIndex((o) => o.assault),
        );
      case 'isolation-loss':
        return 0;
      case 'declare-draw':
        return pickDraw(s, ctx, style.side, style.drawReach);
      case 'start-month':
        return style.mayStart === true ? 1 : 0;
      case 'free-setup':
        // the scripted policies keep the set-up chart (DC 4.A)
        return 0;
      case 'setup-place':
        return pickPlace(s, d);
      case 'factory-pick': {
        const first = style.factories?.first ?? 'INF';
        return Math.max(
          0,
          d.options.findIndex((o) => o.id.startsWith(first)),
        );
      }
      case 'factory-site':
      case 'factory-dest':
        // DC 8.C.2.b: the scripted policies move factories by land only (factory-sea.ts landOnly)
        return landOnly(d, (x) => pickSite(s, ctx, x));
      case 'withdraw':
        return 0;
      case 'siberian-compose': {
        // D-32 (DC 3.C.2): the scripted Soviet policies take the reserve as basic units, but for
        // a counter-offensive's Shock armies (the first recipe offered)
        if (style.offensive === undefined) return 0;
        return Math.max(
          0,
          d.options.findIndex((o) => o.unitType >= 0 && s.rules.types[o.unitType]!.id === 'sov-shock'),
        );
      }
      case 'hun-release':
        // D-13 (DC 5.D): the scripted Axis policies release the first Hungarian army as soon as they may
        return d.options.length > 1 ? 1 : 0;
      case 'mutual-draw':
        // the scripted policies never propose nor accept a draw by agreement (RULES-CHECKLIST D-40)
        return 0;
      case 'entrain':
        return pickEntrain(s, ctx, d, style.factories?.evacuate ?? 1);
      case 'composite':
        // DC 8.C.3: every scripted Soviet policy forms each composite it can (option 0 is "no more")
        return d.options.length > 1 ? 1 : 0;
      case 'siberian-repl':
        // D-33 (DC 8.A.2.c): hold a turn, then enter free from the eastern edge (siberian-replacements.ts pickSibRepl)
        return pickSibRepl(d, (at) =>
          pickEntry(
            s,
            ctx,
            {
              kind: 'entry-point',
              side: 'soviet',
              rule: d.rule,
              options: at.map((p) => ({ type: 'entry', at: p }) as const),
            },
            style.targets(yearOf(s.turn)),
          ),
        );
      case 'para-drop':
        // D-17 (DC 21.B): drop only to join an assault the Soviet ground units already committed (paratroops.ts pickDrop)
        return pickDrop(s, d);
    }
  };
  return {
    id,
    choose: (s, d) => pick(s, d),
    // the ranking the rule computes when it ranks (moves, losses, retreats, strategic moves, entries,
    // commitments, partisans); a fixed rule's answer scores 1, the others 0
    scores(s, d, out) {
      const n = d.options.length;
      out.fill(Number.NaN, 0, n);
      const k = pick(s, d, out);
      let top = true;
      for (let j = 0; j < n; j++) if (Number.isNaN(out[j]!) || out[j]! > out[k]!) top = false;
      if (top) return;
      out.fill(0, 0, n);
      out[k] = 1;
    },
    reset: () => ctx.reset(),
    // a copy keeps the phase plan (barbarossa-plan), so it answers as this policy would from here
    clone: () => make(id, style, ctx.fork()),
  };
}

function def(
  id: string,
  side: 'axis' | 'soviet',
  description: string,
  style: Style,
): PolicyDef<DcState, DcDecision> {
  return { id, side, description, create: () => make(id, style) };
}

const WINTER = (s: DcState) => s.weather === 2;

/** barbarossa's style, which barbarossa-plan varies. */
const BARBAROSSA: Style = {
  side: 0,
  targets: BARBAROSSA_TARGETS,
  aggression: (s) => (yearOf(s.turn) >= 1943 ? 0.5 : 2),
  fortify: 0.2,
  air: 1,
  allOutVp: true,
  continueRatio: 0.8,
  drawReach: 2,
  sibCall: -1,
};

/** stavka-historical's style, which siberian-gambler and fortress-partisan vary. */
const STAVKA: Style = {
  side: 1,
  targets: (y) => (y <= 1942 ? 'LEN,MOS,KIE,ODE,STL,ROS' : 'MIN,KIE,ODE,SEV,WAR,BUC'),
  aggression: (s) => (yearOf(s.turn) >= 1943 ? 1.5 : WINTER(s) ? 1 : 0.3),
  fortify: 0.6,
  air: 0,
  allOutVp: false,
  continueRatio: 1,
  drawReach: 4,
  sibCall: 6,
  factories: { first: 'TANK', evacuate: 1 },
};

export const policies: readonly PolicyDef<DcState, DcDecision>[] = [
  def(
    'barbarossa',
    'axis',
    'The historical plan: three drives on Leningrad, Moscow and Kiev in 1941, then south to Stalingrad, Rostov and Grozny in 1942; from 1943 it holds. Moves unit by unit (common.ts pickOp: each attack scored by the fire already committed there plus its own against the defence). Air on each attack, all-out only against victory cities. Draw rule (common.ts pickDraw): declares when the Soviets are within 1 VP of winning, not yet winning, and the Axis is more than 2 VP short.',
    BARBAROSSA,
  ),
  def(
    'barbarossa-plan',
    'axis',
    'barbarossa with a per-phase operational plan in 1941-42 (plan.ts): the Soviet-held points in reach ranked by value (VP, the objectives, the Soviet units a capture would cut off; others only when they bar the way to the objectives, else bypassed) are attacked only with enough units for 1.1 times the defence, and single units occupy points that close pockets; the other units and every other decision as barbarossa. The Axis that comes closest to the 1941 anchors (README, A-4). Draw rule: as barbarossa.',
    {
      ...BARBAROSSA,
      // the 1941-42 offensives massed by the per-phase plan (plan.ts): planned attacks at 1.1 x the
      // defence (1.0 and 1.2 hold slightly fewer VP in December 1941; without bypassing, 1.3 holds fewer than no plan)
      plan: { ratio: 1.1, pocket: 1, years: (y) => y <= 1942 },
    },
  ),
  def(
    'moscow-schwerpunkt',
    'axis',
    'Everything on the Minsk-Moscow axis: take Moscow (2 VP, the hub of Soviet strategic capacity) before the mud, then Leningrad; takes the May start when offered (D-1) for the extra month. Draw rule: as barbarossa with 3 VP.',
    {
      side: 0,
      targets: (y) => (y <= 1942 ? 'MOS' : 'MOS,LEN'),
      aggression: () => 2.5,
      fortify: 0.1,
      air: 1,
      allOutVp: true,
      continueRatio: 0.7,
      drawReach: 3,
      sibCall: -1,
      mayStart: true,
    },
  ),
  def(
    'southern-economic',
    'axis',
    'Ukraine, Donbass and the Caucasus: Kiev, Dnepropetrovsk, Rostov, Stalingrad and Grozny (the Soviet armoured supply source). Draw rule: as barbarossa (2 VP).',
    {
      side: 0,
      targets: () => 'KIE,DNE,ROS,STL,GRO,ODE,SEV',
      aggression: () => 1.5,
      fortify: 0.3,
      air: 0.5,
      allOutVp: false,
      continueRatio: 1,
      drawReach: 2,
      sibCall: -1,
    },
  ),
  {
    id: 'attritional-fortress',
    side: 'axis',
    description:
      "The draw-seeking tournament player (a floor for Axis play): attacks only where the C-10 whole-battle chain (battle-chain.ts) gives P(point taken) >= 0.7 and an expected loss exchange >= 1.5, planning each phase which points the units able to reach them make worth it (attritional.ts); otherwise takes empty ground toward barbarossa's objectives and fortifies every unit it does not move. Never all out; commits no air to attacks, placing it after combat where Soviet fire faces Axis units. Draw rule: declares at the first opportunity (after Feb 1942) while not behind: the Axis margin over its requirement is at least the Soviet margin and the Soviets are not winning.",
    create: () =>
      attritional(
        make('attritional-fortress', {
          side: 0,
          targets: BARBAROSSA_TARGETS,
          aggression: () => 0,
          fortify: 1,
          air: 0,
          allOutVp: false,
          continueRatio: 1,
          drawReach: 0,
          sibCall: -1,
        }),
      ),
  },
  randomDef('axis'),
  def(
    'stavka-historical',
    'soviet',
    'Holds the forward cities fortified, calls the Siberian Reserve in October 1941, counter-attacks in Snow, and from 1943 attacks westward on a broad front. Factories: tank series first, evacuates a factory once the Axis is one line away, to Siberia when it can. Draw rule: declares when the Axis is within 1 VP of winning, not yet winning, and the Soviets are more than 4 VP short.',
    STAVKA,
  ),
  def(
    'deep-elastic',
    'soviet',
    'Trades space for time: falls back on Moscow, Leningrad and the Volga cities, fortifies, never calls the Siberian Reserve early, counter-attacks only in Snow and Mud. Factories: infantry first, evacuates early (Axis within two lines). Draw rule: as stavka-historical with 3 VP.',
    {
      side: 1,
      targets: () => 'MOS,LEN,STL,GOR,VOR',
      aggression: (s) => (s.weather !== 0 ? 1 : -1),
      fortify: 0.8,
      air: 0,
      allOutVp: false,
      continueRatio: 1.5,
      drawReach: 3,
      sibCall: -1,
      factories: { first: 'INF', evacuate: 2 },
    },
  ),
  def(
    'counter-offensive',
    'soviet',
    'Attacks wherever local odds allow from the first turn, toward Warsaw and Bucharest; gambles on the Siberian Reserve in July 1941; tank factories first and never evacuates. Draw rule: never declares a draw.',
    {
      side: 1,
      targets: () => 'WAR,BUC,KON,MIN,KIE',
      aggression: () => 2,
      fortify: 0.1,
      air: 0,
      allOutVp: true,
      continueRatio: 0.8,
      drawReach: 99,
      sibCall: 3,
      factories: { first: 'TANK', evacuate: -1 },
    },
  ),
  def(
    'siberian-gambler',
    'soviet',
    'The Siberian gamble: calls the Siberian Reserve in July 1941 (P(crisis) 0.598, E[commitment] 15.1 units) and throws it into an early counter-offensive at Smolensk or Kiev: from August to December 1941 every unit within two lines of Smolensk or Kiev moves on them at high aggression, the reserve enters and moves strategically toward them, forms Shock armies when it may (Advanced, D-32), and the Shock armies attacking within two lines of them go all out (DC 13.B.8; the Introductory game has none). Elsewhere and afterwards it plays as stavka-historical: forward cities fortified, counter-attacks in Snow, a broad front from 1943, the same factory plan. Pair it with stavka-historical on common dice. Draw rule: as stavka-historical (declares when the Axis is within 1 VP of winning, not yet winning, and the Soviets are more than 4 VP short).',
    {
      ...STAVKA,
      sibCall: 3,
      offensive: { targets: 'SMO,KIE', reach: 2, aggression: 2, from: 4, until: 8 },
    },
  ),
  def(
    'fortress-partisan',
    'soviet',
    "Holds every fortress and VP city it controls at garrison capacity, fortified (DC 17.B capacity, 1 for a VP city without a fortress; surplus units fill an adjacent stronghold short of its garrison), and puts its partisans on the articulation points of the Axis supply graph (the points whose loss cuts Axis-controlled points off from the Axis overland sources, by land) or on empty Axis-held VP cities, whichever denies the Axis most VP, then units, then points (R-153, DC 19-20). Otherwise defends passively until 1943 (stavka-historical's objectives without its Snow counter-offensive), then attacks westward on stavka-historical's 1943 broad front; calls the Siberian Reserve in October 1941 and keeps stavka-historical's factory plan. Intent: how strong fortress isolation (17.B) and partisan control (19) are at denying VP. Draw rule: as stavka-historical (declares when the Axis is within 1 VP of winning, not yet winning, and the Soviets are more than 4 VP short).",
    {
      ...STAVKA,
      aggression: (s) => (yearOf(s.turn) >= 1943 ? 1.5 : 0.3),
      garrison: true,
      partisanCuts: true,
    },
  ),
  randomDef('soviet'),
];

function randomDef(side: string): PolicyDef<DcState, DcDecision> {
  return {
    id: 'random',
    side,
    description: 'Uniform over the legal options (conformance tests, baseline).',
    create: () => randomPolicy('random') as DcPolicy,
  };
}

export const defaultPolicies = { axis: 'barbarossa', soviet: 'stavka-historical' } as const;
