/**
 * The SCS data files (src/games/scs/data/*.json), validated once at load with zod.
 * JSON is imported (not read from disk) so the same code works from src/ (vitest) and from dist/
 * (tsc copies the .json files it includes); hexes.csv was converted to hexes.json for that reason.
 */
import { z } from 'zod';
import calibrationJson from './data/calibration.json' with { type: 'json' };
import crtJson from './data/crt.json' with { type: 'json' };
import evaluateJson from './data/evaluate.json' with { type: 'json' };
import hexesJson from './data/hexes.json' with { type: 'json' };
import leversJson from './data/levers.json' with { type: 'json' };
import oobJson from './data/oob.json' with { type: 'json' };

const hexId = z.string().regex(/^\d{4}$/);

const HexRow = z.object({
  hex: hexId,
  col: z.number().int().min(10).max(27),
  row: z.number().int().min(0).max(17),
  lat_est: z.number(),
  lon_est: z.number(),
  places: z.string(),
  init_control_recon: z.enum(['G', 'S']),
  front_recon: z.union([z.literal(0), z.literal(1)]),
  k_line_recon: z.union([z.literal(0), z.literal(1)]),
  k_area_recon: z.union([z.literal(0), z.literal(1)]),
  fortified: z.enum(['', 'known', 'candidate']),
  terrain_recon: z.enum(['clear', 'forest']),
  soviet_setup_recon: z.string(),
});

const HexesFile = z.object({
  _status: z.string(),
  columns: z.array(z.string()),
  hexes: z.array(HexRow).length(315),
});

const Column = z.object({
  hit_on: z.number().int().min(1).max(7),
  precedence: z.number().int().min(1).max(6),
});
const CrtSet = z.object({
  soviet_shock_primary: z.number().int(),
  soviet_shock_secondary: z.number().int(),
  soviet_combined_arms: z.number().int(),
  german_mechanized: z.number().int(),
  german_non_mechanized: z.number().int(),
  german_security: z.number().int(),
});
const CrtFile = z.object({
  _status: z.string(),
  columns: z.object({
    soviet_shock_primary: Column,
    soviet_shock_secondary: Column,
    soviet_combined_arms: Column,
    german_mechanized: Column,
    german_non_mechanized: Column,
    german_security: Column,
    soviet_vi_interceptor: Column,
  }),
  variants: z.object({ harsh_A: CrtSet, soft_E: CrtSet }),
});

const Army = z.object({
  id: z.string(),
  type: z.enum(['shock', 'combined', 'engineer']),
  strength: z.number().int().min(1).max(12),
  start_hex: z.string().optional(),
  arrives: z.string().optional(),
  source: z.string(),
});
const OobFile = z.object({
  _status: z.string(),
  turns: z
    .array(
      z.object({
        turn: z.number().int(),
        label: z.string(),
        soviet_mf: z.number().int().min(1).max(20), // searches keep MF left in Int8Array cells
        source: z.string(),
      }),
    )
    .length(6),
  soviet: z.object({
    replacements_per_turn: z.object({
      value: z.number().int(),
      from_turn: z.number().int(),
      source: z.string(),
    }),
    armies: z.array(Army),
  }),
  german: z.object({
    start_pool_recon: z.object({
      mechanized: z.number().int(),
      non_mechanized: z.number().int(),
      security: z.number().int(),
    }),
    support_markers_in_start_pool: z.array(z.string()),
    reinforcements_recon: z.array(
      z.object({
        turn: z.number().int(),
        units: z.object({ non_mechanized: z.number().int() }),
        markers: z.array(z.string()).optional(),
      }),
    ),
  }),
});

/**
 * calibration.json: the output of `sandtable calibrate experiments/scs-calibrate.json
 * --write-defaults` (src/cli/calibrate.ts calibratedDefaults), never a hand edit. `params` become
 * the parameters' defaults (parameters.ts checks each against its definition).
 */
const CalibrationFile = z.object({
  _status: z.string(),
  experiment: z.string().min(1),
  seed: z.number().int().min(0),
  commit: z.string(),
  started: z.string(),
  finished: z.string().nullable(),
  gamesPlayed: z.number().int().min(0),
  best: z.string(),
  params: z.record(z.string(), z.unknown()),
  allMet: z.boolean(),
  targets: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      value: z.number(),
      low: z.number().nullable(),
      high: z.number().nullable(),
      games: z.number().int(),
      met: z.boolean(),
    }),
  ),
  conflicts: z.array(z.tuple([z.string(), z.string()])),
});

const Named = <T extends z.ZodType>(list: T) => z.record(z.string().regex(/^[a-z0-9-]+$/), list);
const LeversFile = z.object({
  _status: z.string(),
  forestLayouts: Named(z.object({ clearings: z.array(hexId), why: z.string().min(1) })),
  fortifiedLists: Named(z.object({ hexes: z.array(hexId).min(1), why: z.string().min(1) })),
  counterBudget: z.object({
    counters: z.number().int().positive(),
    markers: z.number().int().min(0),
    germanSupportMarkers: z.number().int().min(0),
    sovietFloor: z.number().int().positive(),
    minArmySteps: z.number().int().min(1),
    fixedStrengths: z.array(z.string()),
    why: z.string().min(1),
  }),
});

/**
 * evaluate.json: the value of a position's logistic coefficients per stage (evaluate.ts), the
 * output of `node scripts/fit-evaluate-scs.mjs --write`, never a hand edit. Not part of the
 * manifest's data hash: play never reads it.
 */
const EvaluateFile = z.object({
  _status: z.string(),
  script: z.string().min(1),
  trainSeed: z.number().int().min(0),
  gamesPerArm: z.number().int().positive(),
  arms: z.array(z.string()),
  positions: z.number().int().min(0),
  features: z.record(z.string(), z.array(z.string())),
  stages: z.object({
    turn1: z.array(z.number()).length(9),
    'turns2-3': z.array(z.number()).length(6),
    'turns4-6': z.array(z.number()).length(6),
  }),
});

function parse<T>(schema: z.ZodType<T>, value: unknown, file: string): T {
  const r = schema.safeParse(value);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new Error(`src/games/scs/data/${file}: field ${issue.path.join('.')}: ${issue.message}`);
  }
  return r.data;
}

export type HexRecord = z.infer<typeof HexRow>;
export const hexData = parse(HexesFile, hexesJson, 'hexes.json');
export const crtData = parse(CrtFile, crtJson, 'crt.json');
export const oobData = parse(OobFile, oobJson, 'oob.json');
export const calibrationData = parse(CalibrationFile, calibrationJson, 'calibration.json');
export const leversData = parse(LeversFile, leversJson, 'levers.json');
export const evaluateData = parse(EvaluateFile, evaluateJson, 'evaluate.json');

/** The raw files, for the manifest's data hash. */
export const rawData = {
  hexes: hexesJson,
  crt: crtJson,
  oob: oobJson,
  levers: leversJson,
  calibration: calibrationJson,
};
