/**
 * The board as the report draws it (DC 1.A): the 84 points at their real coordinates (longitude
 * scaled by cos 55°, north up), the lines by class, the map-edge exits to three off-map boxes, and
 * marks for victory cities (VP), fortresses, ports and the highway. Heat: ever Axis-controlled.
 */
import type { BoardDef, GameSetup, PointCell, PointLine } from '../../core/game.js';
import { mapByKey, POINT_IDS } from './map.js';
import { resolveRules } from './resolve.js';

const COS55 = Math.cos((55 * Math.PI) / 180);
const CLASS_NAMES = ['major', 'minor', 'inferior'] as const;
const BOXES: readonly { id: string; name: string; x: number; y: number }[] = [
  { id: 'WEST', name: 'off the west edge', x: 17 * COS55, y: -52 },
  { id: 'NORTH', name: 'off the north edge (Norway)', x: 27.7 * COS55, y: -65.5 },
  { id: 'SIBERIA', name: 'Siberia (off the east edge)', x: 50 * COS55, y: -53 },
];

export function dcBoard(setup: GameSetup): BoardDef {
  const rules = resolveRules(setup);
  const m = mapByKey(rules.mapKey);
  const cells: PointCell[] = [];
  for (let p = 0; p < m.n; p++) {
    const marks: string[] = [];
    if (m.vp[p]! > 0) marks.push(`vp${m.vp[p]}`);
    if (m.garrison[p]! > 0) marks.push('fortress');
    if (m.seas[p]! > 0) marks.push('port');
    if (m.highway[p] === 1) marks.push('highway');
    if (m.side1941[p] === 0) marks.push('axis-1941');
    cells.push({
      id: m.ids[p]!,
      name: m.names[p]!,
      terrain: m.side1941[p] === 1 ? 'soviet' : 'axis',
      x: m.lon[p]! * COS55,
      y: -m.lat[p]!,
      marks,
    });
  }
  for (const b of BOXES) cells.push({ id: b.id, name: b.name, terrain: 'box', x: b.x, y: b.y, box: true });
  const lines: PointLine[] = [];
  for (let l = 0; l < m.lines; l++)
    lines.push({ a: m.ids[m.lineA[l]!]!, b: m.ids[m.lineB[l]!]!, class: CLASS_NAMES[m.lineClass[l]!]! });
  for (let p = 0; p < m.n; p++) {
    if (m.edgeWest[p] === 1) lines.push({ a: m.ids[p]!, b: 'WEST', class: 'exit' });
    if (m.edgeNorth[p] === 1) lines.push({ a: m.ids[p]!, b: 'NORTH', class: 'exit' });
    if (m.edgeEast[p] === 1) lines.push({ a: m.ids[p]!, b: 'SIBERIA', class: 'exit' });
  }
  return {
    kind: 'points',
    heat: 'ever Axis-controlled during the game (DC 20)',
    cells,
    lines,
  };
}

export function dcLocationIds(): ReadonlySet<string> {
  return new Set(POINT_IDS);
}
