/**
 * The sea leg of a moving factory (DC 8.C.2.b; RULES-CHECKLIST R-70, C-7): "via lines", sea legs allowed but
 * costing at least one extra turn (a stop at the port of embarkation) and risking torpedoes.
 *
 * Readings: a D-35 destination by sea is a Soviet-controlled port of the 1941 USSR, free of Axis
 * units and not reached by land, in the same sea as a Soviet port the factory reaches by land that
 * R/R phase (the Black Sea and the Sea of Azov as one, into or out of the Azov only with both sides
 * of the Kerch Straits, as for units, DC 9.B). The factory stops entrained at the port of
 * embarkation (still one strategic factor a turn, 8.C.2.a, and lost if the port falls, 8.A.2.b); in
 * the next Soviet R/R phase it sails: one die for torpedoes, as a unit at sea (C-7: lost on a 1 in
 * a friendly-controlled sea, on 1, 3 or 5 in an enemy one; a torpedoed factory counts as destroyed,
 * 2.B.1.a), and arrives flipped up, producing from the following R/R phase (8.C.2.c). If the
 * destination port is no longer Soviet then, the factory stays at its port and moves again by D-35.
 */
import type { DcDecision, SiteOption } from './decisions.js';
import { destroy } from './losses.js';
import { tell } from './narrate.js';
import { crossesKerch, group, legSeas, torpedoed } from './sea.js';
import type { DcState } from './state.js';
import { mapOf, seasControlled } from './supply.js';
import type { DcWorkspace } from './workspace.js';

/** Appends to `out` the sea legs from the ports marked in `reached` (1) (D-35, `via` the embarkation port). */
export function seaLegs(s: DcState, reached: Uint8Array, out: SiteOption[]): void {
  const m = mapOf(s);
  const kerch = ['KER', 'KRD'].every((id) => s.control[m.index.get(id)!] === 1);
  const foe = new Uint8Array(m.n);
  for (const u of s.units) if (u.st === 0 && u.side === 0) foe[u.at] = 1;
  for (let p = 0; p < m.n; p++) {
    const from = m.seas[p]!;
    if (reached[p] !== 1 || from === 0) continue;
    for (let q = 0; q < m.n; q++) {
      const to = m.seas[q]!;
      if (q === p || to === 0 || reached[q] === 1 || s.control[q] !== 1 || foe[q] === 1) continue;
      if (m.side1941[q] !== 1) continue;
      const g = group(from) & group(to);
      if (g === 0 || (g === 2 && !kerch && crossesKerch(s, from, to))) continue;
      out.push({ type: 'site', at: q, via: p });
    }
  }
}

/** Position in `s.fac.sea` of factory `i`'s pending sea leg, or -1. */
export function seaLegOf(s: DcState, i: number): number {
  for (let k = 0; k < s.fac.sea.length; k += 2) if (s.fac.sea[k] === i) return k;
  return -1;
}

/**
 * The R/R phase's sailing of entrained factory `i`: 'stays' when its destination is no longer
 * Soviet (its leg removed), else 'sails': its torpedo die is due (`sailWith`).
 */
export function sailCheck(s: DcState, i: number): 'stays' | 'sails' {
  const k = seaLegOf(s, i);
  if (s.control[s.fac.sea[k + 1]!] === 1) return 'sails';
  s.fac.sea.splice(k, 2);
  return 'stays';
}

/**
 * Entrained factory `i` waiting at `port` sails with torpedo die `die` (its leg removed from
 * `s.fac.sea`): 'lost' torpedoed (destroyed), or 'arrived' (the caller settles it at the
 * destination, read first with `seaDestination`).
 */
export function sailWith(
  s: DcState,
  ws: DcWorkspace,
  i: number,
  port: number,
  die: number,
): 'lost' | 'arrived' {
  const k = seaLegOf(s, i);
  const dest = s.fac.sea[k + 1]!;
  s.fac.sea.splice(k, 2);
  const m = mapOf(s);
  const seas = legSeas(m.seas[port]!, m.seas[dest]!);
  const friendly = (seasControlled(s, 1) & seas) === seas;
  if (torpedoed(die, friendly)) {
    s.stats.factoriesTorpedoed++;
    destroy(s, i);
    tell(s, ws, 1, 'DC 8.C.2.b', `factory ${s.units[i]!.label} torpedoed at sea`, [die]);
    return 'lost';
  }
  s.stats.factoriesBySea++;
  tell(s, ws, 1, 'DC 8.C.2.b', `factory ${s.units[i]!.label} sails to ${m.names[dest]}`, [die]);
  return 'arrived';
}

/** The destination of factory `i`'s pending sea leg (call before `sail`). */
export function seaDestination(s: DcState, i: number): number {
  return s.fac.sea[seaLegOf(s, i) + 1]!;
}

/**
 * D-35 for the scripted Soviet policies: the land destinations only (the sea leg costs a turn and
 * risks the factory), chosen by `pick` among them; the index returned is into the full options.
 */
export function landOnly(
  d: DcDecision & { kind: 'factory-site' | 'factory-dest' },
  pick: (d: DcDecision & { kind: 'factory-site' | 'factory-dest' }) => number,
): number {
  const idx: number[] = [];
  for (let k = 0; k < d.options.length; k++) if (d.options[k]!.via === undefined) idx.push(k);
  // no land destination: the sea legs are all there is
  if (idx.length === d.options.length || idx.length === 0) return pick(d);
  return idx[pick({ ...d, options: idx.map((k) => d.options[k]!) })]!;
}
