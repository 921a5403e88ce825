/**
 * The zone map (Merkur 1.1, 5.1, 6.1, 6.2): 47 zones on three sector maps and the strategic map,
 * joined by links; built once from the data file. Zones are dense indices in data order.
 */
import { bfsDistances } from '../../core/graph.js';
import { type MapId, merkurData, type Terrain } from './data.js';

export interface ZoneMap {
  readonly ids: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  readonly names: readonly string[];
  readonly map: readonly MapId[];
  readonly terrain: readonly Terrain[];
  readonly road: readonly boolean[];
  /** 7.2 town bonus for the CW: secondaire 4, principale 6, else 0. */
  readonly town: readonly number[];
  /** 7.2 Maleme / Hill 107 special defence (3), else 0. */
  readonly special: readonly number[];
  readonly objective: readonly boolean[];
  readonly airfield: readonly boolean[];
  readonly port: readonly boolean[];
  readonly beach: readonly boolean[];
  readonly strategic: readonly boolean[];
  readonly adj: readonly (readonly number[])[];
  /** Zone steps between any two zones (the "within two zones" of 2.5 and the "nearest" of 12.0). */
  readonly dist: readonly Int32Array[];
  readonly objectives: readonly number[];
  readonly airfields: readonly number[];
  readonly count: number;
  /** Lookup tables for the movement search (6.1), never written after build: PM by terrain, road, strategic (0/1). */
  readonly costOf: Int8Array;
  readonly roadOf: Uint8Array;
  readonly strategicOf: Uint8Array;
  /** `adj` flattened: the neighbours of z are adjFlat[adjStart[z] .. adjStart[z + 1]). */
  readonly adjStart: Int32Array;
  readonly adjFlat: Int32Array;
}

function build(): ZoneMap {
  const d = merkurData;
  const ids = d.zones.map((z) => z.id);
  const index = new Map(ids.map((id, i) => [id, i]));
  const adj: number[][] = ids.map(() => []);
  for (const [a, b] of d.links) {
    const i = index.get(a)!;
    const j = index.get(b)!;
    if (!adj[i]!.includes(j)) adj[i]!.push(j);
    if (!adj[j]!.includes(i)) adj[j]!.push(i);
  }
  for (const a of adj) a.sort((x, y) => x - y);
  const dist = ids.map((_, i) => bfsDistances(adj, i));
  const adjStart = new Int32Array(ids.length + 1);
  for (let i = 0; i < ids.length; i++) adjStart[i + 1] = adjStart[i]! + adj[i]!.length;
  const adjFlat = Int32Array.from(adj.flat());
  return {
    ids,
    index,
    names: d.zones.map((z) => z.name),
    map: d.zones.map((z) => z.map),
    terrain: d.zones.map((z) => z.terrain),
    road: d.zones.map((z) => z.road),
    town: d.zones.map((z) => (z.town === 'principale' ? 6 : z.town === 'secondaire' ? 4 : 0)),
    special: d.zones.map((z) => z.special ?? 0),
    objective: d.zones.map((z) => z.objective),
    airfield: d.zones.map((z) => z.airfield),
    port: d.zones.map((z) => z.port),
    beach: d.zones.map((z) => z.beach),
    strategic: d.zones.map((z) => z.map === 'strategique'),
    adj,
    dist,
    objectives: ids.flatMap((_, i) => (d.zones[i]!.objective ? [i] : [])),
    airfields: ids.flatMap((_, i) => (d.zones[i]!.airfield ? [i] : [])),
    count: ids.length,
    costOf: Int8Array.from(d.zones, (z) => d.terrain[z.terrain].mp),
    roadOf: Uint8Array.from(d.zones, (z) => (z.road ? 1 : 0)),
    strategicOf: Uint8Array.from(d.zones, (z) => (z.map === 'strategique' ? 1 : 0)),
    adjStart,
    adjFlat,
  };
}

export const MAP: ZoneMap = build();

/** The zone index of a zone id (throws on an unknown id: callers check user input first). */
export function zoneIndex(id: string): number {
  const i = MAP.index.get(id);
  if (i === undefined) throw new Error(`Merkur: unknown zone ${id}`);
  return i;
}

/** Merkur 6.1: PM to enter a zone by terrain (strategic zones 6, montagne 4, colline 2, else 1). */
export function terrainCost(z: number): number {
  return merkurData.terrain[MAP.terrain[z]!].mp;
}

/** Merkur 7.2: terrain defence bonus (plaine 0, boisée/difficile +1, colline/montagne +2). */
export function terrainDefence(z: number): number {
  return merkurData.terrain[MAP.terrain[z]!].def;
}

/** Merkur 5.2: landing-test terrain modifier (plaine 0, boisée/difficile +1, colline +3, montagne +4). */
export function landingTerrain(z: number): number {
  return merkurData.terrain[MAP.terrain[z]!].landing ?? 0;
}

export function isAdjacent(a: number, b: number): boolean {
  return MAP.adj[a]!.includes(b);
}
