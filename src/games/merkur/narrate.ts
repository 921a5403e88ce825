/** Narration of a Merkur game into the workspace's trace (only when tracing is on). */
import type { TraceEvent } from '../../core/game.js';
import type { MerkurOption } from './decisions.js';
import { MAP } from './map.js';
import { type MerkurState, sideOf } from './state.js';
import type { MerkurWorkspace } from './workspace.js';

/** Appends an event; callers build `text` only when `ws.trace` is set. */
export function tell(
  s: MerkurState,
  ws: MerkurWorkspace,
  side: 0 | 1,
  rule: string,
  text: string,
  extra?: Partial<TraceEvent>,
): void {
  if (ws.trace === undefined) return;
  ws.trace.push({ turn: s.turn, phase: s.phase, side: sideOf(side), rule, text, ...extra });
}

/** A zone as the trace names it: its id on the map and its name, e.g. "2 Maleme airfield / Hill 107". */
export function zoneLabel(z: number): string {
  return z < 0 || z >= MAP.count ? `zone ${z}` : `${MAP.ids[z]} ${MAP.names[z]}`;
}

/** A unit as the trace names it: its counter's id, e.g. "FJR1/I". */
function unitLabel(s: MerkurState, u: number): string {
  return s.units[u]?.id ?? `unit ${u}`;
}

/** An air unit as the trace names it. */
function airLabel(s: MerkurState, a: number): string {
  return s.air[a]?.id ?? `air unit ${a}`;
}

/** The option a side chose, in words, naming its units and zones (never the option's raw data). */
export function describeOption(s: MerkurState, o: MerkurOption): string {
  const unit = (u: number) => unitLabel(s, u);
  switch (o.type) {
    case 'drop':
      return `${unit(o.unit)} drops into ${zoneLabel(o.zone)}`;
    case 'air-bomb':
      return `${airLabel(s, o.air)} bombs ${zoneLabel(o.zone)}`;
    case 'air-support':
      return `${airLabel(s, o.air)} flies air support`;
    case 'air-none':
      return `${airLabel(s, o.air)} stays on the ground`;
    case 'airfield':
      return `air-landing on the airfield of ${zoneLabel(o.zone)}`;
    case 'nonfield':
      return `one unit air-lands off the airfields in ${zoneLabel(o.zone)}`;
    case 'no-landing':
      return 'no air-landing';
    case 'sea':
      return `the convoy lands in ${zoneLabel(o.zone)}`;
    case 'activate-all':
      return 'activates every zone not yet activated, in map order';
    case 'activate':
      return `activates ${zoneLabel(o.zone)} (${o.mode === 'all' ? 'move and combat' : o.mode}${o.initiative ? ', with the initiative' : ''})`;
    case 'luftwaffe':
      return 'Luftwaffe activation';
    case 'end-activations':
      return 'ends its activations';
    case 'stay':
      return `${unit(o.unit)} stays`;
    case 'hold':
      return `${unit(o.unit)} and every unit still without an order stay`;
    case 'move':
      return `${unit(o.unit)} moves to ${zoneLabel(o.to)}`;
    case 'fire':
      return `${unit(o.unit)} fires on ${zoneLabel(o.to)}`;
    case 'assault':
      return `${unit(o.unit)} assaults`;
    case 'bombard':
      return `${unit(o.unit)} bombards ${zoneLabel(o.to)}`;
    case 'reroll':
      return 'uses the initiative to re-roll';
    case 'plus-one':
      return 'uses the initiative for +1 movement zone';
    case 'keep':
      return 'keeps the initiative';
    case 'fort':
      return `places a fort in ${zoneLabel(o.zone)}`;
    case 'no-fort':
      return 'places no more forts';
    case 'preinvasion':
      return `${o.bombard ? 'bombards' : 'does not bombard'} ${zoneLabel(o.zone)} before the invasion`;
    case 'regroup':
      return `${unit(o.unit)} returns`;
    case 'no-glider':
      return `${unit(o.unit)} gets no glider marker`;
    case 'lead-attacker':
      return `${unit(o.unit)} leads the attack`;
    case 'lead-defender':
      return `${unit(o.unit)} leads the defence`;
    case 'support':
      return o.unit < 0 ? 'no artillery support' : `${unit(o.unit)} supports the combat`;
    case 'fort-sacrifice':
      return o.use ? `the fort of ${unit(o.unit)}'s zone takes its loss` : `${unit(o.unit)} takes the loss`;
    case 'retreat':
      return o.em === true
        ? `EM ${unit(o.unit)} ${o.zone === s.units[o.unit]?.zone ? 'stays' : `follows into ${zoneLabel(o.zone)}`}`
        : `${unit(o.unit)} retreats into ${zoneLabel(o.zone)}${o.forced ? ' (an enemy zone: arrives halved)' : ''}`;
    case 'loss':
      return o.unit < 0 ? 'the other units all retreat' : `${unit(o.unit)} is halved`;
    case 'bomb-target':
      return `names ${unit(o.unit)} as the bombardment's target`;
    case 'second-defender':
      return `names ${unit(o.unit)} as the second defender (8.3: it must retreat or be halved)`;
    case 'rn-loss':
      return `${unit(o.unit)} is lost to the Royal Navy`;
    case 'air-unit':
      return `${unit(o.unit)} lands next`;
    case 'setup-zone':
      return `${unit(o.unit)} sets up in ${zoneLabel(o.zone)}`;
    case 'maori':
      return `the Maori ${o.fire === true ? 'fire on' : 'attack'} ${unit(o.target)} in ${zoneLabel(o.zone)}`;
    case 'no-maori':
      return 'no Maori attack';
    default: {
      const never: never = o;
      return never;
    }
  }
}
