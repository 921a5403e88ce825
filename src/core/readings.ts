/**
 * A game's verdict readings (GameMeta.verdictReadings): its high-impact alternative readings of the
 * rules and reconstructed values, each a set of variants and parameters played against the rules
 * as written. What a declaration must be (verdictReadingProblems, run by `sandtable check` and the
 * tests of every built-in game) and how a reading applies over a matrix's own setting (withReading).
 */
import type { GameDefinition, GameSetup, VerdictReading } from './game.js';
import { checkSetup } from './setup.js';

/** A reading's id suffixes arm ids (`<arm>@<id>`): the characters an arm id allows, at most 64. */
const READING_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** The scenarios a reading applies in: its own list, else every scenario of the game. */
export function readingScenarios(def: GameDefinition, r: VerdictReading): readonly string[] {
  return r.scenarios ?? def.scenarios.map((s) => s.id);
}

/** Whether two setups play the same rules: the same scenario, variants on and parameter values. */
export function sameSetup(a: GameSetup, b: GameSetup): boolean {
  if (a.scenario !== b.scenario || a.variants.size !== b.variants.size) return false;
  for (const v of a.variants) if (!b.variants.has(v)) return false;
  const keys = new Set([...Object.keys(a.params), ...Object.keys(b.params)]);
  for (const k of keys) if (JSON.stringify(a.params[k]) !== JSON.stringify(b.params[k])) return false;
  return true;
}

/**
 * The problems of a game's declared readings, one line each (none when they are sound): an id that
 * cannot suffix an arm id or is used twice, an empty label or `why`, a reading that sets nothing,
 * an unknown scenario, and in each scenario it applies to, a variant or parameter that is not the
 * game's or a value the parameter refuses (src/core/setup.ts checkSetup), or a setting equal to
 * the defaults (a reading that changes nothing).
 */
export function verdictReadingProblems(def: GameDefinition): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const scenarioIds = def.scenarios.map((s) => s.id);
  for (const [i, r] of (def.verdictReadings ?? []).entries()) {
    const at = `verdict reading ${READING_ID.test(r.id) ? r.id : `[${i}] ${JSON.stringify(r.id)}`}`;
    if (!READING_ID.test(r.id))
      problems.push(
        `${at}: the id must be 1-64 letters, digits, "_", "." or "-", starting with a letter or digit`,
      );
    if (seen.has(r.id)) problems.push(`${at}: the id is used twice`);
    seen.add(r.id);
    if (r.label.trim() === '') problems.push(`${at}: an empty label`);
    if (r.why.trim() === '') problems.push(`${at}: an empty why (name the experiment that measured it)`);
    if (Object.keys(r.variants ?? {}).length === 0 && Object.keys(r.params ?? {}).length === 0) {
      problems.push(`${at}: sets no variant and no parameter`);
      continue;
    }
    if (r.scenarios !== undefined && r.scenarios.length === 0)
      problems.push(`${at}: an empty scenarios list`);
    const unknown = (r.scenarios ?? []).filter((sc) => !scenarioIds.includes(sc));
    for (const sc of unknown) problems.push(`${at}: unknown scenario ${sc}`);
    if (unknown.length > 0) continue;
    for (const sc of readingScenarios(def, r)) {
      const { setup, problems: bad } = checkSetup(def, {
        scenario: sc,
        variants: r.variants,
        params: r.params,
      });
      for (const p of bad) problems.push(`${at} (scenario ${sc}): ${p}`);
      if (bad.length === 0 && sameSetup(setup, checkSetup(def, { scenario: sc }).setup))
        problems.push(`${at} (scenario ${sc}): changes nothing from the defaults`);
    }
  }
  return problems;
}

/** A setting as an experiment writes it: variant switches and parameter values. */
export interface SettingRequest {
  readonly variants?: Readonly<Record<string, boolean>> | undefined;
  readonly params?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * `base` under reading `r`: the reading's variants and parameters over the base's, a variant the
 * reading switches on replacing the base's switch of any other variant of its group (they are
 * alternatives).
 */
export function withReading(
  def: GameDefinition,
  base: SettingRequest,
  r: VerdictReading,
): { variants: Record<string, boolean>; params: Record<string, unknown> } {
  const variants: Record<string, boolean> = { ...(base.variants ?? {}) };
  for (const [id, on] of Object.entries(r.variants ?? {})) {
    const group = def.variants.find((v) => v.id === id)?.group;
    if (on && group !== undefined)
      for (const v of def.variants) if (v.group === group && v.id !== id) delete variants[v.id];
    variants[id] = on;
  }
  return { variants, params: { ...(base.params ?? {}), ...(r.params ?? {}) } };
}
