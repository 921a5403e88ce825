import { describe, expect, it } from 'vitest';
import { startMatch } from '../src/core/driver.js';
import { UserError } from '../src/core/errors.js';
import type { GameDefinition, ParameterDef, ParamValue } from '../src/core/game.js';
import { checkSetup, resolveSetup } from '../src/core/setup.js';
import { gameRegistry } from '../src/games/index.js';

// What `list` advertises is what the games accept: every extreme of every parameter range (and
// every choice) starts a game in every scenario the parameter applies to, and every variant
// switched away from its default starts in each of its scenarios; outside its scenarios a variant
// is refused as a parameter is.

const games = gameRegistry();
const all = games.list();

/** The values a parameter advertises at its edges: min and max of a range, every choice. */
function extremes(p: ParameterDef): readonly ParamValue[] {
  switch (p.kind) {
    case 'integer':
    case 'number':
      return [p.min, p.max].filter((x): x is number => x !== undefined);
    case 'choice':
      return p.choices ?? [];
    case 'location':
    case 'locationList':
      return [];
  }
}

/** Starts a game under the request and answers its first decisions with option 0: a throw fails. */
function start(def: GameDefinition, req: Parameters<typeof checkSetup>[1], where: string): void {
  const setup = resolveSetup(def, req, where);
  for (const gameIndex of [0, 1]) {
    const m = startMatch(def, setup, { masterSeed: 7, gameIndex });
    for (let i = 0; i < 12; i++) {
      if (m.pending() === null) break;
      m.apply(0);
    }
  }
}

/** A parameter id without its last part: "t1-drops" of "t1-drops-suda". */
const family = (id: string) => id.slice(0, Math.max(0, id.lastIndexOf('-')));

/** Whether `message` names `id` (such as reinforcementsTurn4) inside a numbered run (reinforcementsTurn3-5). */
function numberedRun(message: string, id: string): boolean {
  const m = /^(.*?)(\d+)$/.exec(id);
  if (m === null) return false;
  for (const r of message.matchAll(new RegExp(`${m[1]}(\\d+)-(\\d+)`, 'g')))
    if (Number(r[1]) <= Number(m[2]) && Number(m[2]) <= Number(r[2])) return true;
  return false;
}

/**
 * Starts an extreme of `p`. Where the game refuses it only together with other parameters at their
 * defaults (a joint limit, such as a table the US events share), the parameters the refusal names
 * are set to their own ends and defaults: an extreme counts as accepted when one of these starts.
 */
function startExtreme(def: GameDefinition, scenario: string, p: ParameterDef, value: ParamValue): void {
  const base: Record<string, unknown> = { [p.id]: value };
  if (p.appliesWhen !== undefined) base[p.appliesWhen.param] = p.appliesWhen.value;
  const where = `${def.id} ${scenario} ${p.id}=${String(value)}`;
  try {
    start(def, { scenario, params: base }, where);
    return;
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    const named = def.parameters.filter(
      (q) =>
        q.id !== p.id &&
        (q.kind === 'integer' || q.kind === 'number') &&
        (q.scenarios === undefined || q.scenarios.includes(scenario)) &&
        (new RegExp(`(^|[^A-Za-z0-9_-])${q.id}([^A-Za-z0-9_]|$)`).test(e.message) ||
          // a numbered run named at once: "reinforcementsTurn3-5"
          numberedRun(e.message, q.id) ||
          // a family named at once: "t1-drops-suda/retimo/heraklion"
          (family(p.id) !== '' && family(q.id) === family(p.id) && e.message.includes(`${family(p.id)}-`))),
    );
    // each named parameter at its min, default or max: every combination for up to three, else all alike
    const ends = (q: ParameterDef) => [q.min, q.default, q.max].filter((x) => x !== undefined);
    let attempts: Record<string, unknown>[] = [base];
    if (named.length <= 3) {
      for (const q of named) attempts = attempts.flatMap((a) => ends(q).map((x) => ({ ...a, [q.id]: x })));
    } else {
      attempts = (['min', 'max'] as const).map((end) => ({
        ...base,
        ...Object.fromEntries(named.flatMap((q) => (q[end] === undefined ? [] : [[q.id, q[end]]]))),
      }));
    }
    const errors: string[] = [e.message];
    let refusals = 0;
    for (const params of named.length === 0 ? [] : attempts) {
      try {
        start(def, { scenario, params }, where);
        return;
      } catch (e2) {
        if (!(e2 instanceof UserError)) throw e2;
        if (refusals++ < 3) errors.push(e2.message);
      }
    }
    throw new Error(`${where}: advertised but refused: ${errors.join(' | ')}`);
  }
}

describe('every advertised extreme starts', () => {
  for (const def of all) {
    it(`${def.id}: every parameter at each end of its range, and every choice, in each scenario it applies to`, () => {
      let tried = 0;
      for (const p of def.parameters) {
        const scenarios = p.scenarios ?? def.scenarios.map((s) => s.id);
        for (const scenario of scenarios)
          for (const value of extremes(p)) {
            startExtreme(def, scenario, p, value);
            tried++;
          }
      }
      expect(tried).toBeGreaterThan(0);
    });

    it(`${def.id}: every variant switched from its default in each of its scenarios`, () => {
      for (const v of def.variants) {
        // a group's default cannot be switched off alone (exactly one of a group is on)
        if (v.group !== undefined && v.default) continue;
        for (const scenario of v.scenarios ?? def.scenarios.map((s) => s.id)) {
          const where = `${def.id} ${scenario} ${v.id}=${!v.default}`;
          try {
            start(def, { scenario, variants: { [v.id]: !v.default } }, where);
          } catch (e) {
            throw new Error(`${where}: advertised but refused or failing: ${(e as Error).message}`);
          }
        }
      }
    });
  }
});

describe('a variant outside its scenarios', () => {
  it('is refused like a parameter outside its scenarios, naming the field', () => {
    const dc = games.get('dc', 'test');
    const hq = dc.variants.find((v) => v.id === 'hq-flat')!;
    expect(hq.scenarios).toBeDefined();
    expect(hq.scenarios).not.toContain('intro-tournament');
    expect(() =>
      resolveSetup(dc, { scenario: 'intro-tournament', variants: { 'hq-flat': true } }, 'x.json'),
    ).toThrow(
      new UserError(
        `x.json: field variants.hq-flat: variant hq-flat applies only to scenario${hq.scenarios!.length === 1 ? '' : 's'} ${hq.scenarios!.join(', ')}, not to intro-tournament`,
      ),
    );
    // its default, named explicitly, changes nothing and is accepted
    expect(() =>
      resolveSetup(dc, { scenario: 'intro-tournament', variants: { 'hq-flat': hq.default } }, 'x.json'),
    ).not.toThrow();
  });

  it('every scenario-restricted variant of every game is refused outside its scenarios', () => {
    let n = 0;
    for (const def of all)
      for (const v of def.variants) {
        if (v.scenarios === undefined) continue;
        for (const s of def.scenarios) {
          if (v.scenarios.includes(s.id)) continue;
          const { problems } = checkSetup(def, { scenario: s.id, variants: { [v.id]: !v.default } });
          expect(problems.join(), `${def.id} ${s.id} ${v.id}`).toContain(
            `field variants.${v.id}: variant ${v.id} applies only to`,
          );
          n++;
        }
      }
    expect(n).toBeGreaterThan(0);
  });

  it('dc memel-infantry is advertised as DC 3.B.1 caps it (0..3)', () => {
    const p = games.get('dc', 'test').parameters.find((x) => x.id === 'memel-infantry')!;
    expect([p.min, p.max]).toEqual([0, 3]);
  });
});
