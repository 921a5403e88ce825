/**
 * The Dark Crusade data file (data/dc.json), validated once at load (docs/architecture.md "Errors"): a bad
 * file fails naming the file, the field and the value. Provenance of every value is in the file
 * (`provenance` and `source` per point, line, table and unit type; data/NOTES.md says why).
 */
import { z } from 'zod';
import raw from './data/dc.json' with { type: 'json' };

export const DATA_FILE = 'src/games/dc/data/dc.json';

const provenance = z.enum(['rules', 'source', 'reconstructed']);
const pointId = z.string().regex(/^[A-Z]{3}$/, 'a three-letter point id');
const cls = z.enum(['major', 'minor', 'inferior']);
const side = z.enum(['axis', 'soviet']);
const weather = z.enum(['good', 'mud', 'snow']);
const requirement = z.tuple([z.number().int().min(0), z.number().int().min(0)]);
const month = z.number().int().min(1).max(12);

const schema = z.object({
  game: z.string(),
  status: z.string(),
  notes: z.string(),
  points: z
    .array(
      z.object({
        id: pointId,
        name: z.string(),
        lon: z.number(),
        lat: z.number(),
        side,
        vp: z.number().int().min(1).max(2).optional(),
        garrison: z.number().int().min(1).max(3).optional(),
        port: z.enum(['Baltic', 'Black Sea', 'Azov', 'Black Sea+Azov', 'none']).optional(),
        nation: z.enum(['Finland', 'Rumania', 'Hungary']).optional(),
        edge: z.enum(['west', 'east', 'north', 'southeast']).optional(),
        highway: z.boolean().optional(),
        erratumCentre: z.boolean().optional(),
        cavalryCentre: z.array(month).optional(),
        noStrategic: z.boolean().optional(),
        supplyNote: z.string().optional(),
        provenance: z.record(z.string(), provenance),
      }),
    )
    .length(84),
  lines: z
    .array(
      z.object({
        a: pointId,
        b: pointId,
        cls,
        edition: z.literal('2nd').optional(),
        flags: z.array(z.enum(['kerch', 'no-strategic'])).optional(),
        provenance,
      }),
    )
    .length(135),
  exits: z.array(
    z.object({
      point: pointId,
      edge: z.enum(['west', 'east', 'north', 'southeast']),
      cls,
      edition: z.literal('2nd').optional(),
      provenance,
    }),
  ),
  lineCapacity: z.object({
    provenance,
    source: z.string(),
    axis: z.record(cls, requirement),
    soviet: z.record(cls, requirement),
  }),
  crt: z.object({
    table: z.array(z.array(z.number().int().min(0)).length(6)).length(24),
    provenance,
    source: z.string(),
  }),
  victory: z.object({
    provenance,
    source: z.string(),
    years: z.array(
      z.object({
        year: z.number().int(),
        axis: requirement,
        axisDec: requirement.nullable(),
        soviet: requirement,
        sovietDec: requirement.nullable(),
      }),
    ),
  }),
  germanReplacements: z.object({
    provenance,
    source: z.string(),
    rows: z.array(
      z.object({
        year: z.number().int(),
        cells: z.array(z.enum(['-', 'I', 'A', 'II', 'IA', 'AA'])).length(6),
      }),
    ),
  }),
  siberianReserve: z.object({
    provenance,
    source: z.string(),
    perWave: z.object({
      infantry: z.number().int().min(0),
      armor: z.number().int().min(0),
      artillery: z.number().int().min(0),
      cavalry: z.number().int().min(0),
    }),
  }),
  /** DC 21.F: the five parachute units of the set-up chart under the optional rule (reconstructed). */
  paratroopSetup: z.object({
    provenance,
    source: z.string(),
    units: z.array(z.object({ point: z.string(), label: z.string() })),
  }),
  /** DC 8.A.2.c: the Siberian replacement symbols of the Turn Record Track (reconstructed). */
  siberianReplacements: z.object({
    provenance,
    source: z.string(),
    schedule: z.array(
      z.object({
        type: z.string(),
        months: z.array(z.number().int().min(1).max(12)),
        fromTurn: z.number().int().min(1),
      }),
    ),
  }),
  crisis: z.object({
    provenance,
    source: z.string(),
    rows: z.array(z.array(z.number().int().min(0)).length(4)).length(3),
    firstTurnAtLeast: z.array(z.number().int()).length(3),
  }),
  weather: z.object({
    provenance,
    source: z.string(),
    months: z
      .array(
        z.object({
          month,
          c1: weather,
          c2: weather,
          air: z.record(z.string(), z.tuple([z.number().int().min(0), z.number().int().min(0)])),
        }),
      )
      .length(12),
  }),
  unitTypes: z.array(
    z.object({
      id: z.string(),
      side,
      nation: z.enum(['german', 'finnish', 'rumanian', 'hungarian', 'italian', 'soviet']),
      name: z.string(),
      ff: z.number().int().min(0),
      major: z.boolean(),
      allOut: z.number().int().min(0),
      cap: z.number().min(0),
      retreatCap: z.number().min(0),
      armour: z.boolean(),
      cavalry: z.boolean(),
      breakthrough: z.boolean(),
      fortify: z.boolean(),
      infantryType: z.boolean(),
      armySized: z.boolean(),
      level: z.enum(['intro', 'advanced']),
      /** Advanced-level roles (DC 13.A.3, 13.B.7, 14.B.5, 17.B, 8.C.3); absent for plain combat units. */
      role: z.enum(['hq', 'stavka', 'air', 'artillery', 'division', 'composite']).optional(),
      /** DC 8.C.3.a: the fire factor out of supply (Shock Army). */
      ffOutOfSupply: z.number().int().min(0).optional(),
      /** DC 8.C.3: the component sets a composite is built from (any one), and the first turn it may be. */
      composite: z
        .object({ of: z.array(z.array(z.string()).min(1)).min(1), fromTurn: z.number().int().min(1) })
        .optional(),
      provenance,
      source: z.string(),
    }),
  ),
  setup: z.object({
    provenance,
    source: z.string(),
    axis: z.array(
      z.object({
        point: pointId,
        type: z.string(),
        count: z.number().int().min(1),
        label: z.string(),
        mayDispersed: z.boolean().optional(),
        level: z.literal('advanced').optional(),
      }),
    ),
    soviet: z.array(
      z.object({
        point: pointId,
        type: z.string(),
        count: z.number().int().min(1),
        label: z.string(),
        dispersed: z.boolean().optional(),
        mayDispersed: z.boolean().optional(),
        level: z.literal('advanced').optional(),
      }),
    ),
    advancedOnly: z.array(z.object({ point: pointId, what: z.string() })),
    advancedSource: z.string(),
    germanAir: z.object({
      count: z.number().int(),
      juneBonus: z.number().int(),
      provenance,
      source: z.string(),
    }),
  }),
  factories: z.array(
    z.object({
      id: z.string(),
      point: z.string(),
      type: z.enum(['infantry', 'tank', 'artillery', 'air']),
      months: z.array(month),
      provenance,
      source: z.string(),
    }),
  ),
  expansionFactories: z.array(
    z.object({
      id: z.string(),
      point: z.string(),
      type: z.enum(['infantry', 'tank', 'artillery', 'air']),
      months: z.array(month),
      provenance,
      source: z.string(),
    }),
  ),
  counterMix: z.object({
    provenance,
    source: z.string(),
    'sov-rifle': z.number().int().min(0),
    'sov-tank': z.number().int().min(0),
    'sov-cav': z.number().int().min(0),
    'sov-art': z.number().int().min(0),
    'sov-rocket': z.number().int().min(0),
    'sov-air': z.number().int().min(0),
    'sov-shock': z.number().int().min(0),
    'sov-cavmech': z.number().int().min(0),
    'sov-tankarmy': z.number().int().min(0),
    'sov-gds-inf': z.number().int().min(0),
    'sov-gds-tank': z.number().int().min(0),
    'sov-para': z.number().int().min(0),
    advancedSource: z.string(),
  }),
  seaControl: z.object({
    provenance,
    source: z.string(),
    Baltic: z.array(pointId),
    'Black Sea': z.array(pointId),
    Azov: z.array(pointId),
  }),
  arcticLine: z.object({ provenance, source: z.string(), points: z.array(pointId) }),
  orderOfAppearance: z.object({
    provenance,
    source: z.string(),
    /** Why the 2nd Hungarian Army has no arrival entry (DC 5.D). */
    hungarianNote: z.string().optional(),
    arrivals: z.array(
      z.object({
        /** Game turn of a June game (May 1941 = 1); Axis 1941 arrivals come a turn early in a May game (DC 3.A). */
        turn: z.number().int().min(1).max(46),
        side,
        type: z.string(),
        count: z.number().int().min(1),
        label: z.string(),
        entry: z.enum(['west', 'east', 'BUC', 'CLU', 'HEL']),
        provenance,
        level: z.literal('advanced').optional(),
      }),
    ),
    withdrawals: z.array(
      z.object({
        turn: z.number().int().min(1).max(46),
        nation: z.enum(['rumanian', 'hungarian', 'finnish', 'italian', 'german']),
        /** A unit type id when only that type goes (e.g. the SS Panzer Corps). */
        type: z.string().optional(),
        count: z.number().int().min(1),
        /** A home country (DC 8.B: put on its points, one strategic factor each) or off the map for good. */
        to: z.enum(['Rumania', 'Hungary', 'Finland', 'off-map']),
        provenance,
        source: z.string(),
      }),
    ),
  }),
});

export type DcData = z.infer<typeof schema>;
export type UnitTypeDef = DcData['unitTypes'][number];

function load(): DcData {
  const r = schema.safeParse(raw);
  if (!r.success) {
    const i = r.error.issues[0]!;
    let v: unknown = raw;
    for (const k of i.path) v = (v as Record<PropertyKey, unknown> | undefined)?.[k];
    throw new Error(`${DATA_FILE}: field ${i.path.join('.')}: ${i.message} (value ${JSON.stringify(v)})`);
  }
  const d = r.data;
  const ids = new Set(d.points.map((p) => p.id));
  d.lines.forEach((l, i) => {
    for (const end of [l.a, l.b])
      if (!ids.has(end))
        throw new Error(`${DATA_FILE}: field lines.${i}: not a point (value ${JSON.stringify(end)})`);
  });
  const types = new Set(d.unitTypes.map((t) => t.id));
  for (const s of ['axis', 'soviet'] as const)
    d.setup[s].forEach((e, i) => {
      if (!ids.has(e.point))
        throw new Error(
          `${DATA_FILE}: field setup.${s}.${i}.point: not a point (value ${JSON.stringify(e.point)})`,
        );
      if (!types.has(e.type))
        throw new Error(
          `${DATA_FILE}: field setup.${s}.${i}.type: not a unit type (value ${JSON.stringify(e.type)})`,
        );
    });
  for (const t of d.unitTypes)
    for (const set of t.composite?.of ?? [])
      for (const c of set)
        if (!types.has(c))
          throw new Error(
            `${DATA_FILE}: field unitTypes.${t.id}.composite: not a unit type (value ${JSON.stringify(c)})`,
          );
  d.orderOfAppearance.arrivals.forEach((e, i) => {
    if (!types.has(e.type))
      throw new Error(
        `${DATA_FILE}: field orderOfAppearance.arrivals.${i}.type: not a unit type (value ${JSON.stringify(e.type)})`,
      );
  });
  return d;
}

export const dcData: DcData = load();
