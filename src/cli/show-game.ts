/**
 * One game of an arm played and printed (`play`, `replay`): the record row games.parquet holds for
 * it and its narrated trace; and the arm an experiment file or a run directory names.
 */
import { existsSync, statSync } from 'node:fs';
import { armColumns } from '../analysis/columns.js';
import { quote, UserError } from '../core/errors.js';
import type { GameDefinition, GameRecord, TraceEvent } from '../core/game.js';
import type { GameRegistry } from '../core/registry.js';
import type { ResolvedArm } from '../runner/experiment.js';
import { playGame } from '../runner/play.js';

/**
 * The row games.parquet holds for this game: the same columns in the same order, NULL where a
 * statistic was not reached, then what the arm played (policy, variant and parameter columns).
 */
export function recordRow(
  def: GameDefinition,
  gameIndex: number,
  arm: ResolvedArm,
  rec: GameRecord,
): Record<string, string | number | boolean | null> {
  const winner = def.results.find((r) => r.id === rec.result)?.winner ?? 'none';
  const row: Record<string, string | number | boolean | null> = {
    game: gameIndex,
    arm: arm.id,
    scenario: arm.setup.scenario,
    result: rec.result,
    winner,
    end_turn: rec.endTurn,
    end_reason: rec.endReason,
    victory_level: rec.victoryLevel,
  };
  for (const s of def.stats) {
    const v = rec.stats[s.id]!;
    row[s.id] = v === s.missing ? null : v;
  }
  const facts = { policies: arm.policies, variants: [...arm.setup.variants], params: arm.setup.params };
  for (const c of armColumns(def, [facts])) row[c.name] = c.values[0]!;
  return row;
}

export function formatEvent(e: TraceEvent): string {
  const dice = e.dice === undefined || e.dice.length === 0 ? '' : ` [dice ${e.dice.join(' ')}]`;
  const dec =
    e.decision === undefined
      ? ''
      : ` {${e.decision.kind}: option ${e.decision.choice + 1} of ${e.decision.of}}`;
  return `T${e.turn} ${e.phase.padEnd(16)} ${`(${e.rule})`.padEnd(12)} ${e.side === undefined ? '' : `${e.side}: `}${e.text}${dice}${dec}`;
}

/** An arm of an experiment file or of a run (or shard) directory's manifest; the first by default. */
export async function armFrom(
  games: GameRegistry,
  source: string,
  armId: string | undefined,
): Promise<{ arm: ResolvedArm; game: string; seed: number }> {
  // Reading experiments and manifests (zod, the run's files) only when an arm is taken from them.
  const [{ loadExperiment, parseExperiment }, { assertExperimentMatches, readManifest }] = await Promise.all([
    import('../runner/experiment.js'),
    import('../runner/manifest.js'),
  ]);
  const isDir = existsSync(source) && statSync(source).isDirectory();
  let exp: ReturnType<typeof loadExperiment>;
  if (isDir) {
    const m = readManifest(source);
    exp = parseExperiment(m.experiment, `${source}/manifest.json`, games);
    assertExperimentMatches(m, exp, `${source}/manifest.json`);
  } else {
    exp = loadExperiment(source, games);
  }
  const arm = armId === undefined ? exp.arms[0]! : exp.arms.find((a) => a.id === armId);
  if (arm === undefined)
    throw new UserError(
      `option --arm: ${quote(armId)} is not an arm of ${source} (arms: ${exp.arms.map((a) => a.id).join(', ')})`,
    );
  return { arm, game: exp.game.id, seed: exp.seed };
}

/**
 * Plays game `gameIndex` of an arm and prints it: a heading, the trace (with `trace` or `json`)
 * and the record row; `json` prints `{seed, game, policies, variants, params, record, trace}`.
 */
export function showGame(
  games: GameRegistry,
  gameId: string,
  arm: ResolvedArm,
  seed: number,
  gameIndex: number,
  o: { trace: boolean; json: boolean },
): void {
  const def = games.get(gameId);
  const trace: TraceEvent[] | undefined = o.trace || o.json ? [] : undefined;
  const rec = playGame(def, arm.setup, arm.policies, seed, gameIndex, trace);
  const row = recordRow(def, gameIndex, arm, rec);
  if (o.json) {
    process.stdout.write(
      `${JSON.stringify({ seed, game: gameIndex, policies: arm.policies, variants: [...arm.setup.variants], params: arm.setup.params, record: row, trace }, null, 2)}\n`,
    );
    return;
  }
  const lines = [
    `${def.title} — seed ${seed}, game ${gameIndex}, scenario ${arm.setup.scenario}, ${Object.entries(
      arm.policies,
    )
      .map(([s, p]) => `${s}: ${p}`)
      .join(', ')}`,
  ];
  if (trace !== undefined) lines.push(...trace.map(formatEvent));
  lines.push('', 'record:', ...Object.entries(row).map(([k, v]) => `  ${k} = ${v}`));
  process.stdout.write(`${lines.join('\n')}\n`);
}
