/** Rule violations in a Merkur state (docs/architecture.md "Conformance" invariants): empty when the state is legal. */
import { EM_INDICES } from './command.js';
import { MAP } from './map.js';
import { CW, GER, type MerkurState } from './state.js';
import { occupancy } from './units.js';

export function invariants(s: MerkurState): string[] {
  const out: string[] = [];
  const { g, c } = occupancy(s);
  for (let z = 0; z < MAP.count; z++) {
    if (MAP.strategic[z]) continue;
    if (g[z]! > 6) out.push(`5.1: ${g[z]} German units in zone ${MAP.ids[z]}`);
    if (c[z]! > 6) out.push(`5.1: ${c[z]} CW units in zone ${MAP.ids[z]}`);
  }
  for (const u of s.units) {
    if ((u.status === 'map') !== u.zone >= 0)
      out.push(`unit ${u.id}: status ${u.status} with zone ${u.zone}`);
    if (u.status === 'map' && (u.zone < 0 || u.zone >= MAP.count))
      out.push(`unit ${u.id}: bad zone ${u.zone}`);
    if (u.side !== GER && u.side !== CW) out.push(`unit ${u.id}: bad side`);
  }
  // command.ts reads the EMs through a table of their indices fixed by the data's unit order
  const ems = s.units.flatMap((u, i) => (u.type === 'em' ? [i] : []));
  if (ems.join() !== EM_INDICES.join())
    out.push(`2.3: EMs at unit indices ${ems.join()}, not ${EM_INDICES.join()}`);
  const forts = s.fort.reduce((a, b) => a + b, 0);
  if (forts > 6) out.push(`3.2: ${forts} forts`);
  for (let z = 0; z < MAP.count; z++)
    if (s.fort[z] === 1 && MAP.town[z] !== 0) out.push(`3.2: fort in town zone ${MAP.ids[z]}`);
  const retired = s.units.filter((u) => u.status === 'retired').length;
  if (retired !== s.stats.paras_retired)
    out.push(`9.0: ${retired} retired units, ${s.stats.paras_retired} counted`);
  if (s.stats.paras_regrouped * 4 > s.stats.para_units_eliminated)
    out.push('9.0: more regroupings than para losses allow');
  for (const a of s.air)
    if (a.flownDay > Math.floor((Math.max(s.turn, 1) - 1) / 3) + 1)
      out.push(`8.0: air unit ${a.id} flew in the future`);
  return out;
}
