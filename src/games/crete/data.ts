/**
 * The game's data file, validated once at load (DESIGN §3 "Errors"): a bad file fails with the
 * file, the field and the value named. The product never reads the shared research folder; the
 * provenance notes are in data/NOTES.md.
 */
import { z } from 'zod';
import raw from './data/crete.json' with { type: 'json' };

export const DATA_FILE = 'src/games/crete/data/crete.json';

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

/** Validates a data object; throws one line naming the file, the field and the value. */
export function parseCreteData(data: unknown, file = DATA_FILE): CreteData {
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
