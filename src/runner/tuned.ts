/**
 * Tuned-policies files (docs/calibrate.md): what `tune` writes (`tuned.json` in its run
 * directory) and what an experiment names in its `tuned` field, so that a policy spec
 * `policy@name` plays the policy with the weights saved under `name`.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { quote, UserError } from '../core/errors.js';
import type { GameDefinition } from '../core/game.js';
import { parsePolicySpec, type TunedPolicies, type TunedPolicy } from '../core/policies.js';
import { parseJsonText } from './json-text.js';

const tunedEntry = z.strictObject({
  side: z.string().max(128),
  policy: z.string().max(128),
  params: z.record(z.string().max(128), z.number()),
  /** Where the weights come from: the tune file, seed and measured advantage (free-form). */
  from: z.unknown().optional(),
});

export const tunedFileSchema = z.strictObject({
  game: z.string().max(128),
  description: z.string().max(10_000).optional(),
  policies: z.record(
    z
      .string()
      .max(128)
      .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/),
    tunedEntry,
  ),
});

export type TunedFile = z.infer<typeof tunedFileSchema>;

/** Most bytes of a tuned-policies file. */
const MAX_BYTES = 1_000_000;

/** An experiment's `tuned` entry: a tuned-policies file's path (relative to the experiment), or its content inline. */
export const tunedRefSchema = z.union([z.string().max(4096), tunedFileSchema]);
export type TunedRef = z.infer<typeof tunedRefSchema>;

/**
 * Reads tuned-policies files (paths relative to `baseDir`, or inline content) for game `def`,
 * checking every entry against the policy's declared parameters; problems are added naming the
 * file and the field. `files` receives each file's content, so a manifest can keep it inline.
 */
export function readTunedPolicies(
  def: GameDefinition,
  refs: readonly TunedRef[],
  baseDir: string,
  problems: string[],
  files: TunedFile[] = [],
): TunedPolicies {
  const out = new Map<string, TunedPolicy>();
  refs.forEach((ref, i) => {
    const rel = typeof ref === 'string' ? ref : '(inline)';
    const path = resolve(baseDir, rel);
    const at = `field tuned[${i}] (${rel})`;
    let raw: unknown = ref;
    if (typeof ref === 'string')
      try {
        if (statSync(path).size > MAX_BYTES) {
          problems.push(`${at}: larger than ${MAX_BYTES} bytes`);
          return;
        }
        raw = parseJsonText(readFileSync(path, 'utf8'), path, 'tuned-policies file');
      } catch (e) {
        problems.push(
          e instanceof UserError
            ? `${at}: ${e.message}`
            : `${at}: cannot read (${(e as NodeJS.ErrnoException).code ?? String(e)})`,
        );
        return;
      }
    const r = tunedFileSchema.safeParse(raw);
    if (!r.success) {
      const issue = r.error.issues[0]!;
      problems.push(`${at}: field ${issue.path.join('.') || '(top level)'}: ${issue.message}`);
      return;
    }
    if (r.data.game !== def.id) {
      problems.push(`${at}: field game: tuned policies of ${quote(r.data.game)}, not ${def.id}`);
      return;
    }
    files.push(r.data);
    for (const [name, t] of Object.entries(r.data.policies)) {
      if (out.has(name)) {
        problems.push(`${at}: tuned policy ${quote(name)} is named twice`);
        continue;
      }
      const entry: TunedPolicy = { side: t.side, policy: t.policy, params: t.params };
      try {
        parsePolicySpec(
          def,
          t.side,
          `${t.policy}@${name}`,
          `${at}: policies.${name}`,
          new Map([[name, entry]]),
        );
        out.set(name, entry);
      } catch (e) {
        if (!(e instanceof UserError)) throw e;
        problems.push(e.message);
      }
    }
  });
  return out;
}
