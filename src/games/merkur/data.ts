/**
 * The Merkur data file, validated once at load (docs/architecture.md "Errors"): zones, links, units, arrivals
 * and their provenance (data/NOTES.md). The product never reads the shared research folder.
 */
import { z } from 'zod';
import calibrationRaw from './data/calibration.json' with { type: 'json' };
import raw from './data/merkur.json' with { type: 'json' };

export const DATA_FILE = 'src/games/merkur/data/merkur.json';

const terrainId = z.enum(['plaine', 'boisee', 'difficile', 'colline', 'montagne', 'strategic']);
export type Terrain = z.infer<typeof terrainId>;
const mapId = z.enum(['ouest', 'centre', 'est', 'strategique']);
export type MapId = z.infer<typeof mapId>;
const zoneId = z.string().regex(/^([1-9]|[1-3][0-9]|4[01]|[A-H])$/, 'a zone id (1-41 or A-H)');

const schema = z.object({
  provenance: z.record(z.string(), z.string()),
  terrain: z.record(
    terrainId,
    z.object({
      mp: z.number().int().min(1),
      def: z.number().int().min(0),
      landing: z.number().int().nullable(),
    }),
  ),
  zones: z
    .array(
      z.object({
        id: zoneId,
        name: z.string().min(1),
        map: mapId,
        terrain: terrainId,
        road: z.boolean(),
        town: z.enum(['secondaire', 'principale']).nullable(),
        objective: z.boolean(),
        airfield: z.boolean(),
        port: z.boolean(),
        beach: z.boolean(),
        special: z.number().int().nullable(),
        x: z.number(),
        y: z.number(),
      }),
    )
    .length(47),
  links: z.array(z.tuple([zoneId, zoneId])),
  german: z.array(
    z.object({
      id: z.string().min(1),
      type: z.enum(['em', 'para', 'mountain', 'battery']),
      a: z.number().int().min(0),
      d: z.number().int().min(0),
      m: z.number().int().min(0),
      art: z.number().int().min(0).optional(),
      cmd: z.string().nullable().optional(),
      regt: z.string().nullable().optional(),
      glider: z.boolean().optional(),
      divisional: z.boolean().optional(),
    }),
  ),
  air: z.array(z.object({ id: z.string(), bomb: z.number().int().min(1) })).length(4),
  commonwealth: z.array(
    z.object({
      id: z.string().min(1),
      type: z.enum(['em', 'infantry', 'tank', 'aa']),
      a: z.number().int().min(0),
      d: z.number().int().min(0),
      m: z.number().int().min(0),
      art: z.number().int().min(0).optional(),
      cmd: z.string().nullable().optional(),
      bde: z.string().nullable().optional(),
      divisional: z.boolean().optional(),
      fixed: z.boolean().optional(),
      aa: z.number().int().min(0).optional(),
      maori: z.boolean().optional(),
      zone: zoneId,
    }),
  ),
  arrivals: z.array(
    z.object({
      turn: z.number().int().min(1).max(24),
      map: mapId,
      drops: z.array(z.object({ unit: z.string(), zone: zoneId, glider: z.boolean() })),
    }),
  ),
  airLandingQueue: z.array(z.string()),
  convoyB1: z.array(z.string()),
});

export type MerkurData = z.infer<typeof schema>;

function load(): MerkurData {
  const r = schema.safeParse(raw);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new Error(`${DATA_FILE}: field ${i.path.join('.')}: ${i.message}`);
  }
  const d = r.data;
  const ids = new Set(d.zones.map((z) => z.id));
  for (const [a, b] of d.links)
    if (!ids.has(a) || !ids.has(b)) throw new Error(`${DATA_FILE}: field links: unknown zone in ${a}-${b}`);
  const units = new Set([...d.german.map((u) => u.id), ...d.commonwealth.map((u) => u.id)]);
  for (const a of d.arrivals)
    for (const x of a.drops)
      if (!units.has(x.unit)) throw new Error(`${DATA_FILE}: field arrivals: unknown unit ${x.unit}`);
  for (const u of [...d.airLandingQueue, ...d.convoyB1])
    if (!units.has(u)) throw new Error(`${DATA_FILE}: field airLandingQueue/convoyB1: unknown unit ${u}`);
  return d;
}

export const merkurData: MerkurData = load();

export const CALIBRATION_FILE = 'src/games/merkur/data/calibration.json';

const calibrated = z.object({
  value: z.number().int(),
  reconstruction: z.number().int(),
  why: z.string().min(1),
});

/**
 * The output of `sandtable calibrate experiments/merkur-calibrate.json` (docs/games/merkur.md "Calibration"): the setting
 * chosen, each target on the search's fresh games with its 95% interval, and per value the
 * reconstruction it replaces. parameters.ts reads its defaults from `values`.
 */
const calibrationSchema = z.object({
  _status: z.string().min(1),
  calibrate: z.object({
    file: z.string().min(1),
    seed: z.number().int(),
    code: z.string().min(1),
    gamesPlayed: z.number().int().min(1),
    freshGames: z.string().min(1),
  }),
  targets: z
    .array(
      z.object({
        id: z.string().min(1),
        label: z.string().min(1),
        value: z.number(),
        low: z.number(),
        high: z.number(),
        n: z.number().int().min(1),
        met: z.boolean(),
      }),
    )
    .min(1),
  values: z.object({
    cwInfantryDefence: calibrated,
    germanMA: calibrated,
    paraAttack: calibrated,
    mountainAttack: calibrated,
    rethymnonGarrison: calibrated,
  }),
});

export type MerkurCalibration = z.infer<typeof calibrationSchema>;

function loadCalibration(): MerkurCalibration {
  const r = calibrationSchema.safeParse(calibrationRaw);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new Error(`${CALIBRATION_FILE}: field ${i.path.join('.')}: ${i.message}`);
  }
  return r.data;
}

export const merkurCalibration: MerkurCalibration = loadCalibration();
