/**
 * The zone board as the report draws it (Merkur 1.1): every zone at its reconstructed x/y with
 * its terrain and marks (objective, airfield, town, port), linked as the data says, in MAP order.
 */
import type { BoardDef, ZoneCell } from '../../core/game.js';
import { merkurData } from './data.js';
import { MAP } from './map.js';

export function merkurBoard(): BoardDef {
  return {
    kind: 'zones',
    heat: 'German-controlled at the end of turn 24 (5.5, 10.0)',
    cells: merkurData.zones.map((z): ZoneCell => {
      const marks: string[] = [];
      if (z.objective) marks.push('objective');
      if (z.airfield) marks.push('airfield');
      if (z.town !== null) marks.push(`town (${z.town})`);
      if (z.port) marks.push('port');
      return { id: z.id, name: z.name, terrain: z.terrain, x: z.x, y: z.y, marks };
    }),
    links: merkurData.links.map(([a, b]) => ({
      a,
      b,
      ...(MAP.map[MAP.index.get(a)!] !== MAP.map[MAP.index.get(b)!] ? { kind: 'map-edge' } : {}),
    })),
  };
}

export function merkurLocationIds(): ReadonlySet<string> {
  return new Set(MAP.ids);
}
