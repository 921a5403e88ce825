/**
 * Shared by the bench scripts that compare two builds: `loadBuild` imports a build's driver,
 * policies, set-up and registry from `<root>/dist`, and `writeFingerprints` writes the play
 * fingerprint of a list of arms: the GameRecords of games 0..N-1 (master seed 1), each with a
 * 32-bit FNV-1a hash of every decision's side, kind, option count, answer and chosen option, as
 * JSON lines, one file per arm, so two builds can be diffed byte for byte (a change meant to keep
 * play must leave them identical). `ARMS=a,b` in the environment limits the arms written.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The build under `root` (its compiled `dist`) and the game `gameId` in its registry. */
export async function loadBuild(root, gameId) {
  const { GameSeries } = await import(`${root}/dist/src/core/driver.js`);
  const { createPolicies } = await import(`${root}/dist/src/core/policies.js`);
  const { resolveSetup } = await import(`${root}/dist/src/core/setup.js`);
  const { gameRegistry } = await import(`${root}/dist/src/games/index.js`);
  return { GameSeries, createPolicies, resolveSetup, def: gameRegistry().get(gameId) };
}

/** `<root> <out dir> [games]` from the command line, or the usage line and exit 2. */
export function recordsArgs(script) {
  const [root, out, nArg] = process.argv.slice(2);
  if (root === undefined || out === undefined) {
    console.error(`usage: node bench/${script} <build root> <out dir> [games]`);
    process.exit(2);
  }
  return { root, out, n: Number(nArg ?? 200) };
}

/**
 * Arms are `{ name, scenario, policies, variants?, games? }` (policies over the game's defaults;
 * `games` caps N for that arm).
 */
export function writeFingerprints(build, arms, out, n) {
  const { GameSeries, createPolicies, resolveSetup, def } = build;
  mkdirSync(out, { recursive: true });
  const only = process.env.ARMS?.split(',');
  for (const arm of arms) {
    if (only && !only.includes(arm.name)) continue;
    const setup = resolveSetup(def, { scenario: arm.scenario, variants: arm.variants ?? {} }, 'records');
    const ids = { ...def.defaultPolicies, ...arm.policies };
    const fp = { h: 0x811c9dc5, n: 0 };
    const fold = (x) => {
      for (let i = 0; i < x.length; i++) fp.h = Math.imul(fp.h ^ x.charCodeAt(i), 16777619) >>> 0;
    };
    const wrap = () => {
      const made = createPolicies(def, ids, setup.scenario);
      for (const [side, p] of Object.entries(made)) {
        made[side] = {
          id: p.id,
          choose(view, decision, rng, search) {
            const c = p.choose(view, decision, rng, search);
            // a forced move (one option) is not asked once the turn machine carries it out
            if (decision.options.length === 1) return c;
            fold(
              `${side}|${decision.kind}|${decision.options.length}|${c}|${JSON.stringify(decision.options[c])};`,
            );
            fp.n++;
            return c;
          },
          ...(p.reset ? { reset: () => p.reset() } : {}),
        };
      }
      return made;
    };
    const series = new GameSeries(def, setup, wrap);
    const lines = [];
    const games = Math.min(n, arm.games ?? n);
    for (let g = 0; g < games; g++) {
      fp.h = 0x811c9dc5;
      fp.n = 0;
      const rec = series.play({ masterSeed: 1, gameIndex: g });
      lines.push(JSON.stringify({ ...rec, choices: fp.n, choiceHash: fp.h }));
    }
    writeFileSync(join(out, `${arm.name}.jsonl`), `${lines.join('\n')}\n`);
  }
}
