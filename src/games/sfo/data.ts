/**
 * The game's data file, validated once at load (docs/architecture.md "Errors"): a bad file fails with the
 * file, the field and the value named. The product never reads the shared research folder.
 */
import { z } from 'zod';
import { type FittedValueData, fittedValueSchema } from '../../core/fitted-value.js';
import evaluateRaw from './data/evaluate.json' with { type: 'json' };
import raw from './data/sfo.json' with { type: 'json' };

export const DATA_FILE = 'src/games/sfo/data/sfo.json';
export const EVALUATE_FILE = 'src/games/sfo/data/evaluate.json';

const hexId = z.string().regex(/^\d{4}$/, 'a CCRR hex id');
const provenance = z.enum(['rules', 'source', 'reconstructed']);
const result = z.enum(['AE', 'AR', 'NE', 'DR', 'DE', 'EX']);
const crtRows = z.array(z.array(result).length(6)).length(6);
/** SFO 7.1 random event cells: support, friction, replacement, or a one-time reinforcement of a named unit. */
const eventCell = z
  .string()
  .regex(/^(air|artillery|spetsnaz|friction|replacement|reinforce:[A-Za-z-]+)$/, 'an event kind');
const expertScenario = z.object({
  first: z.enum(['soviet', 'us']),
  turns: z.number().int().min(1),
  /** unit id -> set-up hex */
  setup: z.record(z.string(), hexId),
  /** unit id -> turn it arrives (enters in its side's movement phase of that turn) */
  schedule: z.record(z.string(), z.number().int().min(1)),
  provenance,
  source: z.string(),
});

const schema = z.object({
  grid: z.object({
    columns: z.literal(9),
    rows: z.literal(8),
    shifted: z.enum(['even', 'odd']),
    shortColumns: z.enum(['even', 'odd']),
    defaultHexCount: z.union([z.literal(68), z.literal(72)]),
    allowedHexCounts: z.array(z.union([z.literal(68), z.literal(72)])),
    provenance,
    source: z.string(),
  }),
  hexes: z
    .array(
      z.object({
        id: hexId,
        terrain: z.enum(['clear', 'forest']),
        provenance,
        source: z.string(),
        in68: z.boolean(),
        neighbours68: z.array(hexId),
        neighbours72: z.array(hexId),
      }),
    )
    .length(72),
  towns: z.array(z.object({ hex: hexId, name: z.string(), provenance, source: z.string() })).length(3),
  entryEdges: z.object({
    soviet: z.object({ column: z.number().int().min(1).max(9), rule: z.string(), provenance }),
    us: z.object({ column: z.number().int().min(1).max(9), rule: z.string(), provenance }),
  }),
  units: z.array(
    z.object({
      id: z.string().min(1),
      label: z.string(),
      side: z.enum(['soviet', 'us']),
      offence: z.number().int().min(0),
      defence: z.number().int().min(0),
      movement: z.number().int().min(1),
      level: z.enum(['basic', 'advanced', 'expert']),
      /** SFO 3.2 Expert: infantry, armour (Soviet tank, US armoured company) or West German pioneer. */
      type: z.enum(['infantry', 'tank', 'pioneer']),
      setup: z.string(),
    }),
  ),
  sovietSetup: z.object({ hexes: z.array(hexId).length(6), provenance, source: z.string() }),
  usSetup: z.object({
    default: z.array(hexId).length(4),
    units: z.array(z.string()).length(4),
    provenance,
    source: z.string(),
  }),
  forests: z.object({
    fixed: z.array(hexId),
    unknownDefault: z.array(hexId),
    count: z.number().int(),
    provenance,
    source: z.string(),
  }),
  crt: z.object({
    results: z.array(result).length(6),
    unified: z.object({
      rows: crtRows,
      reconstructedRows: z.array(z.number().int()),
      provenance,
      source: z.string(),
    }),
    chartBasic: z.object({
      rows: crtRows,
      reconstructedRows: z.array(z.number().int().min(1).max(6)),
      provenance,
      source: z.string(),
    }),
  }),
  turns: z.object({ basic: z.number().int().min(1), advanced: z.number().int().min(1) }),
  expert: z.object({
    disrupted: z.object({
      offence: z.number().int().min(0),
      defence: z.number().int().min(0),
      movement: z.number().int().min(0),
      provenance,
      source: z.string(),
    }),
    support: z.object({
      air: z.number().int().min(0),
      artillery: z.number().int().min(0),
      provenance,
      source: z.string(),
    }),
    events: z.object({
      soviet: z.record(eventCell, z.number().int().min(0).max(12)),
      us: z.record(eventCell, z.number().int().min(0).max(12)),
      replacementLimit: z.object({ soviet: z.number().int().min(0), us: z.number().int().min(0) }),
      provenance,
      source: z.string(),
    }),
    vp: z.object({
      esselben: z.number().int(),
      forests: z.array(hexId),
      forest: z.number().int(),
      infantry: z.number().int(),
      tankOrPioneer: z.number().int(),
      marginal: z.number().int().min(1),
      decisive: z.number().int().min(1),
      provenance,
      source: z.string(),
    }),
    turns: z.object({
      standard: z.number().int().min(1),
      long: z.number().int().min(1),
      night: z.number().int().min(1),
    }),
    scenarios: z.object({ engagement: expertScenario, counterOffensive: expertScenario }),
  }),
});

export type SfoData = z.infer<typeof schema>;

/** Validates the data object; throws an Error naming the file, the field path and the bad value. */
export function parseSfoData(input: unknown, file = DATA_FILE): SfoData {
  const r = schema.safeParse(input);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    const path = issue.path.map(String).join('.');
    let value: unknown = input;
    for (const k of issue.path)
      value = (value as Record<PropertyKey, unknown> | undefined)?.[k as PropertyKey];
    throw new Error(
      `${file}: field ${path || '(root)'}: ${issue.message} (value ${JSON.stringify(value)?.slice(0, 80)})`,
    );
  }
  const d = r.data;
  const ids = new Set(d.hexes.map((h) => h.id));
  const check = (ok: boolean, field: string, value: unknown) => {
    if (!ok)
      throw new Error(`${file}: field ${field}: not a hex of the map (value ${JSON.stringify(value)})`);
  };
  for (const [i, t] of d.towns.entries()) check(ids.has(t.hex), `towns.${i}.hex`, t.hex);
  for (const [i, h] of d.sovietSetup.hexes.entries()) check(ids.has(h), `sovietSetup.hexes.${i}`, h);
  for (const [i, h] of d.usSetup.default.entries()) check(ids.has(h), `usSetup.default.${i}`, h);
  for (const [i, h] of d.forests.fixed.entries()) check(ids.has(h), `forests.fixed.${i}`, h);
  for (const [i, h] of d.hexes.entries()) {
    for (const [j, n] of h.neighbours68.entries()) check(ids.has(n), `hexes.${i}.neighbours68.${j}`, n);
    for (const [j, n] of h.neighbours72.entries()) check(ids.has(n), `hexes.${i}.neighbours72.${j}`, n);
  }
  const unitIds = new Set(d.units.map((u) => u.id));
  for (const [name, sc] of Object.entries(d.expert.scenarios)) {
    for (const [u, h] of Object.entries(sc.setup)) {
      if (!unitIds.has(u))
        throw new Error(`${file}: field expert.scenarios.${name}.setup: no unit ${JSON.stringify(u)}`);
      check(ids.has(h), `expert.scenarios.${name}.setup.${u}`, h);
    }
    for (const u of Object.keys(sc.schedule)) {
      if (!unitIds.has(u))
        throw new Error(`${file}: field expert.scenarios.${name}.schedule: no unit ${JSON.stringify(u)}`);
    }
  }
  for (const side of ['soviet', 'us'] as const) {
    let cells = 0;
    for (const [k, n] of Object.entries(d.expert.events[side])) {
      cells += n;
      const unit = k.startsWith('reinforce:') ? d.units.find((u) => u.id === k.slice(10)) : undefined;
      if (
        k.startsWith('reinforce:') &&
        (unit === undefined || unit.side !== side || unit.setup !== 'reinforcement')
      ) {
        throw new Error(`${file}: field expert.events.${side}.${k}: not a reinforcement unit of that side`);
      }
    }
    if (cells > 12) throw new Error(`${file}: field expert.events.${side}: ${cells} cells, a table has 12`);
  }
  for (const [i, h] of d.expert.vp.forests.entries()) check(ids.has(h), `expert.vp.forests.${i}`, h);
  for (const f of d.forests.fixed) {
    if (d.hexes.find((h) => h.id === f)?.terrain !== 'forest') {
      throw new Error(`${file}: field forests.fixed: ${f} is not marked forest in hexes`);
    }
  }
  return d;
}

export const sfoData: SfoData = parseSfoData(raw);

const evaluateSchema = fittedValueSchema;

export type SfoEvaluateData = FittedValueData;

/** Validates an evaluate coefficients object (data/evaluate.json); throws naming the file, field and value. */
export function parseSfoEvaluate(input: unknown, file = EVALUATE_FILE): SfoEvaluateData {
  const r = evaluateSchema.safeParse(input);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    let value: unknown = input;
    for (const k of issue.path)
      value = (value as Record<PropertyKey, unknown> | undefined)?.[k as PropertyKey];
    throw new Error(
      `${file}: field ${issue.path.map(String).join('.') || '(root)'}: ${issue.message} (value ${JSON.stringify(value)?.slice(0, 80)})`,
    );
  }
  return r.data;
}

export const sfoEvaluate: SfoEvaluateData = parseSfoEvaluate(evaluateRaw);
