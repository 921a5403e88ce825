/**
 * The point-and-line map (DC 1.A, 10, 12.A, 20, 23): 84 points joined by classed lines, the map-edge
 * exits, fortresses, ports and seas, as dense indexed arrays built once per map key (edition, the
 * Lublin line, Kiev's class). Points are indexed in data order; lines likewise, then the extra line.
 */
import { memoize } from '../../core/memo.js';
import { dcData } from './data.js';

export type LineClass = 'major' | 'minor' | 'inferior';
export const CLASS_INDEX: Readonly<Record<LineClass, number>> = { major: 0, minor: 1, inferior: 2 };

/** What a map depends on (part of the resolved rules). */
export interface MapKeyParts {
  readonly lines2nd: boolean;
  readonly fortresses2nd: boolean;
  readonly kievClass: 2 | 3;
  /** The extra Lublin line (docs/games/dc.md "Reconstructed values") as "A-B:class", or "" for none. */
  readonly extraLine: string;
}

export interface DcMap {
  readonly n: number;
  readonly ids: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  readonly names: readonly string[];
  readonly lon: readonly number[];
  readonly lat: readonly number[];
  /** 0 Axis, 1 Soviet: the side of the 1941 border the point lies on (DC 20). */
  readonly side1941: Uint8Array;
  readonly vp: Uint8Array;
  /** 17.B garrison capacity (0: not a fortress). */
  readonly garrison: Uint8Array;
  /** 10.C class: plain fortress 1, 1-VP city fortress 2, 2-VP city fortress 3 (0: none). */
  readonly fortClass: Uint8Array;
  /** 'Finland' | 'Rumania' | 'Hungary' | ''. */
  readonly nation: readonly string[];
  readonly highway: Uint8Array;
  readonly edgeWest: Uint8Array;
  readonly edgeEast: Uint8Array;
  readonly edgeNorth: Uint8Array;
  /** Class index of the map-edge exit line at a point (-1: none). */
  readonly exitClass: Int8Array;
  /** Seas a port belongs to: bit 1 Baltic, 2 Black Sea, 4 Azov. */
  readonly seas: Uint8Array;
  readonly lineA: Int16Array;
  readonly lineB: Int16Array;
  readonly lineClass: Uint8Array;
  readonly lineKerch: Uint8Array;
  readonly lineNoStrategic: Uint8Array;
  /** CSR adjacency: neighbours of p are adjNb[adjStart[p] .. adjStart[p+1]), over line adjLine[k]. */
  readonly adjStart: Int32Array;
  readonly adjNb: Int16Array;
  readonly adjLine: Int16Array;
  readonly lines: number;
  /** Line index joining a and b, or -1. */
  lineBetween(a: number, b: number): number;
}

export function mapKey(k: MapKeyParts): string {
  return `${k.lines2nd ? 2 : 1}|${k.fortresses2nd ? 2 : 1}|${k.kievClass}|${k.extraLine}`;
}

const SEA_BITS: Readonly<Record<string, number>> = {
  Baltic: 1,
  'Black Sea': 2,
  Azov: 4,
  'Black Sea+Azov': 6,
  none: 0,
};

/** DC 23.4-6: the second-edition line changes that the first edition lacks or classes as minor. */
const FIRST_EDITION_MINOR = new Set(['BRE-BAR', 'DNE-STA', 'STA-MAR']);

function build(key: string): DcMap {
  const [ed, fe, kc, extra] = key.split('|') as [string, string, string, string];
  const lines2nd = ed === '2';
  const P = dcData.points;
  const n = P.length;
  const index = new Map(P.map((p, i) => [p.id, i]));
  const side1941 = new Uint8Array(n);
  const vp = new Uint8Array(n);
  const garrison = new Uint8Array(n);
  const fortClass = new Uint8Array(n);
  const highway = new Uint8Array(n);
  const seas = new Uint8Array(n);
  P.forEach((p, i) => {
    side1941[i] = p.side === 'soviet' ? 1 : 0;
    vp[i] = p.vp ?? 0;
    let g = p.garrison ?? 0;
    // DC 23.3: Przemysl and Stalingrad are fortresses in the 2nd edition only (garrison 1 and 2)
    if (fe === '1' && (p.id === 'PRZ' || p.id === 'STL')) g = 0;
    garrison[i] = g;
    // DC 10.C: the class follows the VP value (docs/games/dc.md "Reconstructed values"); Kiev by variant kiev-class
    if (g > 0) fortClass[i] = p.id === 'KIE' ? Number(kc) : (p.vp ?? 0) + 1;
    highway[i] = p.highway === true ? 1 : 0;
    seas[i] = p.port === undefined ? 0 : SEA_BITS[p.port]!;
  });
  const edgeWest = new Uint8Array(n);
  const edgeEast = new Uint8Array(n);
  const edgeNorth = new Uint8Array(n);
  const exitClass = new Int8Array(n).fill(-1);
  for (const e of dcData.exits) {
    if (e.edition === '2nd' && !lines2nd) continue;
    const i = index.get(e.point)!;
    exitClass[i] = CLASS_INDEX[e.cls];
    if (e.edge === 'west') edgeWest[i] = 1;
    else if (e.edge === 'north') edgeNorth[i] = 1;
    else edgeEast[i] = 1;
  }
  const ls: { a: number; b: number; cls: LineClass; kerch: boolean; noStrat: boolean }[] = [];
  for (const l of dcData.lines) {
    const tag = `${l.a}-${l.b}`;
    if (l.edition === '2nd' && !lines2nd && !FIRST_EDITION_MINOR.has(tag)) continue;
    const cls: LineClass = !lines2nd && FIRST_EDITION_MINOR.has(tag) ? 'minor' : l.cls;
    ls.push({
      a: index.get(l.a)!,
      b: index.get(l.b)!,
      cls,
      kerch: l.flags?.includes('kerch') ?? false,
      noStrat: l.flags?.includes('no-strategic') ?? false,
    });
  }
  if (extra !== '') {
    const [ends, cls] = extra.split(':') as [string, LineClass];
    const [a, b] = ends.split('-') as [string, string];
    ls.push({ a: index.get(a)!, b: index.get(b)!, cls, kerch: false, noStrat: false });
  }
  const L = ls.length;
  const deg = new Int32Array(n + 1);
  for (const l of ls) {
    deg[l.a]!++;
    deg[l.b]!++;
  }
  const adjStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) adjStart[i + 1] = adjStart[i]! + deg[i]!;
  const fill = adjStart.slice(0, n);
  const adjNb = new Int16Array(2 * L);
  const adjLine = new Int16Array(2 * L);
  ls.forEach((l, k) => {
    adjNb[fill[l.a]!] = l.b;
    adjLine[fill[l.a]!++] = k;
    adjNb[fill[l.b]!] = l.a;
    adjLine[fill[l.b]!++] = k;
  });
  const between = new Map<number, number>();
  ls.forEach((l, k) => {
    between.set(l.a * 128 + l.b, k);
    between.set(l.b * 128 + l.a, k);
  });
  return {
    n,
    ids: P.map((p) => p.id),
    index,
    names: P.map((p) => p.name),
    lon: P.map((p) => p.lon),
    lat: P.map((p) => p.lat),
    side1941,
    vp,
    garrison,
    fortClass,
    nation: P.map((p) => p.nation ?? ''),
    highway,
    edgeWest,
    edgeEast,
    edgeNorth,
    exitClass,
    seas,
    lineA: Int16Array.from(ls.map((l) => l.a)),
    lineB: Int16Array.from(ls.map((l) => l.b)),
    lineClass: Uint8Array.from(ls.map((l) => CLASS_INDEX[l.cls])),
    lineKerch: Uint8Array.from(ls.map((l) => (l.kerch ? 1 : 0))),
    lineNoStrategic: Uint8Array.from(ls.map((l) => (l.noStrat ? 1 : 0))),
    adjStart,
    adjNb,
    adjLine,
    lines: L,
    lineBetween: (a, b) => between.get(a * 128 + b) ?? -1,
  };
}

/** The map of a key, built once per key (a pure function of immutable data). */
export const mapByKey = memoize(build);

/** Every point id (what location parameters name). */
export const POINT_IDS: readonly string[] = dcData.points.map((p) => p.id);
