/**
 * The game's data file, validated once at load (docs/architecture.md "Errors"): a bad file fails with the
 * file, the field and the value named. The product never reads the shared research folder; the
 * provenance notes are in data/NOTES.md.
 */
import { z } from 'zod';
import { type FittedValueData, fittedValueSchema } from '../../core/fitted-value.js';
import calibrationRaw from './data/calibration.json' with { type: 'json' };
import raw from './data/crete.json' with { type: 'json' };
import evaluateRaw from './data/evaluate.json' with { type: 'json' };

export const DATA_FILE = 'src/games/crete/data/crete.json';
export const CALIBRATION_FILE = 'src/games/crete/data/calibration.json';
export const EVALUATE_FILE = 'src/games/crete/data/evaluate.json';

const provenance = z.enum(['rules', 'source', 'reconstructed']);
const cellId = z.string().regex(/^[SRH]\d{4}$/, 'a board letter (S, R, H) and a CCRR hex id');
const result = z.enum(['AE', 'AR', 'NE', 'CA', 'EX', 'DR', 'DE']);
const crtRows = z.array(z.array(result).length(8)).length(6);
const fact = <T extends z.ZodTypeAny>(value: T) => z.object({ value, provenance, source: z.string() });
const unit = z.object({
  id: z.string().min(1),
  cf: z.number().int().min(0),
  mf: z.number().int().min(1),
  provenance,
  source: z.string(),
});

const schema = z.object({
  $comment: z.string(),
  turns: fact(z.number().int().min(1)),
  stackLimit: fact(z.number().int().min(1)),
  roadMultiplier: fact(z.number().int().min(1)),
  roughExtraMf: fact(z.number().int().min(0)),
  firstTurnMinDrops: fact(z.number().int().min(0)).extend({ reissue: z.number().int() }),
  mountainPerAirfield: fact(z.number().int().min(0)),
  scatter: z.object({
    clear: z.array(z.number().int().min(1).max(6)),
    roughOrTown: z.array(z.number().int().min(1).max(6)),
    provenance,
    source: z.string(),
  }),
  victoryPoints: z.object({
    perCf: z.number().int(),
    suda: z.number().int(),
    perAirfield: z.number().int(),
    provenance,
    source: z.string(),
  }),
  historicalScore: z.object({ german: z.number(), british: z.number(), provenance, source: z.string() }),
  crt: z.object({
    columns: z.array(z.string()).length(8),
    limited: crtRows,
    allOut: crtRows,
    provenance,
    source: z.string(),
  }),
  boards: z
    .array(
      z.object({
        id: z.enum(['suda', 'retimo', 'heraklion']),
        prefix: z.enum(['S', 'R', 'H']),
        name: z.string(),
        columns: z.number().int().min(1).max(99),
        rows: z.number().int().min(1).max(99),
        provenance,
        source: z.string(),
      }),
    )
    .length(3),
  links: z.array(z.object({ from: cellId, to: cellId, provenance, source: z.string() })),
  hexProvenance: z.object({ provenance, source: z.string() }),
  hexes: z.array(
    z.object({
      id: cellId,
      terrain: z.enum(['clear', 'rough', 'town', 'airfield']),
      road: z.boolean(),
      name: z.string().optional(),
      exit: z.enum(['east', 'west']).optional(),
      source: z.string(),
    }),
  ),
  sudaHex: fact(cellId),
  german: z.object({
    para: z.array(unit).length(13),
    mountain: z.array(unit).length(12),
    luftwaffe: z.array(
      z.object({ id: z.string(), cf: z.number().int().min(0), provenance, source: z.string() }),
    ),
  }),
  allied: z.array(unit.extend({ nat: z.enum(['NZ', 'A', 'UK', 'G']) })).length(43),
  historical: z.object({
    germanAllocation: z.object({
      suda: z.array(z.string()),
      retimo: z.array(z.string()),
      heraklion: z.array(z.string()),
      provenance,
      source: z.string(),
    }),
    britishSetup: z.object({ hexes: z.record(z.string(), cellId), provenance, source: z.string() }),
  }),
});

export type CreteData = z.infer<typeof schema>;

/** A default set by the calibration: the value chosen, the reconstruction it replaces, and why. */
const calibrated = <T extends z.ZodTypeAny>(value: T) =>
  z.strictObject({ value, reconstruction: value, why: z.string().min(1) });
const measured = z.strictObject({
  id: z.string().min(1),
  label: z.string().min(1),
  value: z.number(),
  low: z.number(),
  high: z.number(),
  games: z.number().int().min(1),
  met: z.boolean(),
});

/**
 * data/calibration.json: the output of `sandtable calibrate` on the named file and seed (docs/games/crete.md
 * "Reconstructed values"), the values it chose (the game's defaults, parameters.ts) and each target measured on
 * the search's fresh games with its 95% interval.
 */
const calibrationSchema = z.strictObject({
  $comment: z.string(),
  calibrate: z.strictObject({
    file: z.string().regex(/^experiments\/[\w.-]+\.json$/),
    seed: z.number().int().min(0),
    code: z.string().min(1),
    candidate: z.string().min(1),
    holdout: z.strictObject({ from: z.number().int().min(0), to: z.number().int().min(1) }),
    gamesPlayed: z.number().int().min(1),
  }),
  targets: z.array(measured).min(1),
  values: z.strictObject({
    'crt-set': calibrated(z.enum(['recon', 'bloody', 'soft'])),
    'allied-cf-percent': calibrated(z.number().int().min(50).max(150)),
    'para-cf-fjr': calibrated(z.number().int().min(4).max(10)),
    'mountain-cf': calibrated(z.number().int().min(3).max(7)),
    'luftwaffe-percent': calibrated(z.number().int().min(0).max(200)),
    'retreat-length': calibrated(z.number().int().min(1).max(3)),
  }),
});

export type CreteCalibration = z.infer<typeof calibrationSchema>;

/** Validates a data object; throws one line naming the file, the field and the value. */
export function parseCreteData(data: unknown, file = DATA_FILE): CreteData {
  return parseWith(schema, data, file);
}

/** Validates a calibration object (data/calibration.json) the same way. */
export function parseCreteCalibration(data: unknown, file = CALIBRATION_FILE): CreteCalibration {
  return parseWith(calibrationSchema, data, file);
}

const evaluateSchema = fittedValueSchema;

export type CreteEvaluateData = FittedValueData;

/** Validates an evaluate coefficients object (data/evaluate.json) the same way. */
export function parseCreteEvaluate(data: unknown, file = EVALUATE_FILE): CreteEvaluateData {
  return parseWith(evaluateSchema, data, file);
}

function parseWith<T>(schema: z.ZodType<T>, data: unknown, file: string): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    let value: unknown = data;
    for (const k of issue.path) value = (value as Record<PropertyKey, unknown> | undefined)?.[k];
    throw new Error(
      `${file}: field ${issue.path.map(String).join('.')}: ${issue.message} (value ${JSON.stringify(value)?.slice(0, 80)})`,
    );
  }
  return parsed.data;
}

export const creteData: CreteData = parseCreteData(raw);
export const creteCalibration: CreteCalibration = parseCreteCalibration(calibrationRaw);
export const creteEvaluate: CreteEvaluateData = parseCreteEvaluate(evaluateRaw);
