/**
 * Scripted Commonwealth policies for the two-player scenario (docs/games/merkur.md "Policies"): historical-static,
 * counterattack, objective-hold, and solitaire-rules (the 12.2 rules as a policy).
 */
import type { PolicyDef } from '../../../core/game.js';
import { unreachable } from '../../../core/kernel.js';
import { onLandingCombat } from '../combat.js';
import type { MerkurDecision, MerkurOption } from '../decisions.js';
import { MAP } from '../map.js';
import { CW, GER, type MerkurState } from '../state.js';
import { combatUnits, unitsIn } from '../units.js';
import {
  bombTargetScore,
  type Ctx,
  cnt,
  isContested,
  leadAttackerScore,
  leadDefenderScore,
  lossAnswerScore,
  navyLossScore,
  nearest,
  nearestFrom,
  notScored,
  pLose,
  pWin,
  scriptedPolicy,
  secondDefenderScore,
  supportScore,
  zoneForce,
} from './common.js';

const Z = (id: string) => MAP.index.get(id)!;
const FORTS = ['2', '26', '35', '7', '4', '6'];

/** Objective zones with German units in or next to them. */
function threatened(s: MerkurState, ctx: Ctx): number[] {
  return MAP.objectives.filter(
    (z) => cnt(s, ctx, z, GER) > 0 || MAP.adj[z]!.some((y) => cnt(s, ctx, y, GER) > 0),
  );
}

/** Zones with dispersed paras (3.2: defence 3 until the next German turn). */
function dispersedZones(s: MerkurState): number[] {
  const out = new Set<number>();
  for (const u of s.units) if (u.side === GER && u.status === 'map' && u.dispersed) out.add(u.zone);
  return [...out];
}

interface Knobs {
  fort(z: number): number;
  assault(s: MerkurState, ctx: Ctx, unit: number): number;
  fire(s: MerkurState, ctx: Ctx, unit: number, to: number): number;
  moveTargets(s: MerkurState, ctx: Ctx): number[];
  /** May units leave an objective zone? */
  leaveObjectives: boolean;
  maori(s: MerkurState, target: number): number;
  initiative: 'reroll' | 'plus-one';
}

function cwScore(k: Knobs) {
  return (s: MerkurState, d: MerkurDecision, o: MerkurOption, ctx: Ctx): number => {
    switch (o.type) {
      case 'fort':
        return k.fort(o.zone);
      case 'no-fort':
        return 0;
      case 'activate':
        // the scripted CW keep the initiative for re-rolls (3.1 a, b), never re-activate a zone (3.1 c)
        if (o.initiative) return -1;
        return o.mode === 'combat' ? 2 : 1;
      case 'activate-all':
        // every combat activation first (2 each, in any order): all of them, in map order
        return 2.5;
      case 'end-activations':
        return 0;
      case 'keep':
        return 0;
      case 'reroll':
        // 5.2 (V reroll-defender-too): a combat on landing is not re-rolled, the engine's rule before it was offered
        if (onLandingCombat(s)) return -1;
        return k.initiative === 'reroll' ? 1 : 0.5;
      case 'plus-one':
        return k.initiative === 'plus-one' ? 1 : 0.5;
      case 'lead-attacker':
        return leadAttackerScore(s, d, o.unit);
      case 'support':
        return supportScore(s, d, o.unit);
      case 'fort-sacrifice':
      case 'retreat':
      case 'loss':
        return lossAnswerScore(s, d, o, ctx);
      case 'bomb-target':
        return bombTargetScore(s, d, o, ctx);
      case 'second-defender':
        return secondDefenderScore(s, d, o, ctx);
      case 'rn-loss':
        return navyLossScore(s, d, o, ctx);
      case 'lead-defender':
        return leadDefenderScore(s, d, o.unit, ctx);
      case 'setup-zone':
        // the historical zone (the scripted CW policies all start from the data set-up)
        return -MAP.dist[s.units[o.unit]!.home]![o.zone]!;
      case 'stay':
        return 0;
      case 'assault':
        return k.assault(s, ctx, o.unit);
      case 'fire':
        return k.fire(s, ctx, o.unit, o.to);
      case 'bombard':
        return 2 + cnt(s, ctx, o.to, GER) / 10;
      case 'move': {
        const from = s.units[o.unit]!.zone;
        if (!k.leaveObjectives && MAP.objective[from]) return -1;
        if (isContested(s, ctx, from)) return -1;
        ctx.targets ??= k.moveTargets(s, ctx);
        const t = ctx.targets;
        if (t.length === 0) return -1;
        const gain = nearestFrom(ctx, from, t) - nearest(o.to, t);
        if (
          cnt(s, ctx, o.to, GER) > 0 &&
          cnt(s, ctx, o.to, CW) === 0 &&
          pWin(s, ctx, CW, [o.unit], o.to, o.to, 'assault') < 0.4
        )
          return -2;
        return gain > 0 ? 0.5 + gain * 0.3 - cnt(s, ctx, o.to, CW) * 0.05 : -0.5;
      }
      case 'maori':
        return k.maori(s, o.target);
      case 'no-maori':
        return 0;
      // German decisions, never asked of the CW; 4.0 b `hold` is judged by the policy itself
      case 'drop':
      case 'air-bomb':
      case 'air-support':
      case 'air-none':
      case 'airfield':
      case 'nonfield':
      case 'no-landing':
      case 'air-unit':
      case 'sea':
      case 'no-glider':
      case 'preinvasion':
      case 'regroup':
      case 'luftwaffe':
      case 'hold':
        return notScored('commonwealth', d, o);
      default:
        return unreachable(o);
    }
  };
}

const staticKnobs: Knobs = {
  fort: (z) => 10 - FORTS.indexOf(MAP.ids[z]!) - (FORTS.includes(MAP.ids[z]!) ? 0 : 100),
  assault: (s, ctx, u) => {
    const force = zoneForce(s, u);
    return force.length >= 3 && pWin(s, ctx, CW, force, s.units[u]!.zone, s.units[u]!.zone, 'assault') >= 0.4
      ? 2
      : -1;
  },
  fire: (s, ctx, u, to) =>
    !isContested(s, ctx, to) && pWin(s, ctx, CW, [u], to, s.units[u]!.zone, 'fire') >= 0.3 ? 1 : -1,
  moveTargets: threatened,
  leaveObjectives: false,
  maori: (s, t) => (s.units[t]!.d <= 3 || s.units[t]!.dispersed ? 1 : -1),
  initiative: 'plus-one',
};

const counterKnobs: Knobs = {
  fort: staticKnobs.fort,
  assault: (s, ctx, u) =>
    pLose(s, ctx, CW, zoneForce(s, u), s.units[u]!.zone, s.units[u]!.zone, 'assault') < 0.4 ? 2 : -1,
  fire: (s, ctx, u, to) => (pLose(s, ctx, CW, [u], to, s.units[u]!.zone, 'fire') < 0.45 ? 1 : -1),
  moveTargets: (s, ctx) =>
    s.turn <= 3 && dispersedZones(s).length > 0 ? dispersedZones(s) : threatened(s, ctx),
  leaveObjectives: true,
  maori: () => 1,
  initiative: 'plus-one',
};

const holdKnobs: Knobs = {
  fort: (z) => (MAP.airfield[z] ? 10 : z === Z('7') ? 8 : MAP.adj[z]!.includes(Z('9')) ? 6 : -100),
  assault: () => -1,
  fire: (s, ctx, u, to) =>
    pWin(s, ctx, CW, [u], to, s.units[u]!.zone, 'fire') > pLose(s, ctx, CW, [u], to, s.units[u]!.zone, 'fire')
      ? 1
      : -1,
  moveTargets: (s, ctx) => MAP.objectives.filter((z) => cnt(s, ctx, z, CW) < 6 && cnt(s, ctx, z, GER) === 0),
  leaveObjectives: false,
  maori: (s, t) => (s.units[t]!.d <= 3 ? 1 : -1),
  initiative: 'reroll',
};

/** 12.2 as a policy (docs/games/merkur.md "Policies"): the rules' CW, so experiments can pit it against a thinking CW. */
const soloKnobs: Knobs = {
  fort: (z) => (MAP.airfield[z] ? 10 : z === Z('7') ? 9 : 0),
  assault: (s, _ctx, u) => (combatUnits(s, unitsIn(s, s.units[u]!.zone, CW)).length >= 3 ? 2 : -1),
  fire: (_s, _u, to) => (MAP.objective[to] ? 1 : -1),
  moveTargets: (s, ctx) => MAP.objectives.filter((z) => cnt(s, ctx, z, GER) > 0),
  leaveObjectives: false,
  maori: (s, t) => 5 - s.units[t]!.d,
  initiative: 'reroll',
};

export const cwPolicies: readonly PolicyDef<MerkurState, MerkurDecision>[] = [
  scriptedPolicy(
    'historical-static',
    'commonwealth',
    'The data set-up; forts at 2, 26, 35, 7, 4, 6; movement reinforces threatened objectives and never leaves one; assault only with 3+ units at P(band >= 4) >= 0.4; fire only into non-contested zones; the Maori attack weak or dispersed Germans at night.',
    cwScore(staticKnobs),
  ),
  scriptedPolicy(
    'counterattack',
    'commonwealth',
    "Freyberg's missed chance: turns 1-3 movement converges on dispersed paras; assault and fire whenever P(band <= 2) < 0.4; the Maori attack every night.",
    cwScore(counterKnobs),
  ),
  scriptedPolicy(
    'objective-hold',
    'commonwealth',
    'Never assault; fill the objective zones; forts on the airfields, Prison Valley and next to Galatas; fire only when a win is likelier than a loss; the initiative re-rolls.',
    cwScore(holdKnobs),
  ),
  scriptedPolicy(
    'solitaire-rules',
    'commonwealth',
    'The 12.2 behaviour as a policy: assault only with 3+ units, fire at objectives, units in objective zones never move, movement toward German-held objectives.',
    cwScore(soloKnobs),
  ),
];
