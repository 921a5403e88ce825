/**
 * The test suite's two tiers, chosen by file name so that a new file (and a new game's files) join
 * a tier by its name, never by a list of files:
 * - fast (`npm run test:fast`, every edit): `tests/{core,analysis,search}-*.test.ts`,
 *   `tests/layering.test.ts`, `tests/tiers.test.ts`, the conformance smoke
 *   `tests/conformance-smoke.test.ts` and `tests/<game>-*.test.ts` for every game folder
 *   `src/games/<game>/`, except files named `*.slow.test.ts`;
 * - full (`npm test`, CI): every `tests/**\/*.test.ts`, with the full conformance suite.
 * A file in a fast prefix that spawns the CLI or plays large batches is named `*.slow.test.ts`.
 * tests/tiers.test.ts checks that every file is in a tier and every game has a smoke.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The suffix of a test file that only the full tier runs. */
export const SLOW_SUFFIX = '.slow.test.ts';

/** The games with source folders (src/games/<id>/): each one's `tests/<id>-*.test.ts` are in the fast tier. */
export function gameFolders(root: string): string[] {
  return readdirSync(join(root, 'src', 'games'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

/** The fast tier's include globs (relative to the repository root). */
export function fastInclude(root: string): string[] {
  return [
    'tests/core-*.test.ts',
    'tests/analysis-*.test.ts',
    'tests/search-*.test.ts',
    'tests/layering.test.ts',
    'tests/tiers.test.ts',
    'tests/conformance-smoke.test.ts',
    ...gameFolders(root).map((g) => `tests/${g}-*.test.ts`),
  ];
}

/** The fast tier's exclude globs. */
export const FAST_EXCLUDE: readonly string[] = [`tests/**/*${SLOW_SUFFIX}`];

/** The full tier's include globs. */
export const FULL_INCLUDE: readonly string[] = ['tests/**/*.test.ts'];

/**
 * Files that run for minutes from a few lines (each plays every shipped experiment, or the full
 * conformance suite of one game, through a helper): with no timings cached (a fresh clone, as CI
 * is), vitest starts the files it knows nothing of largest first, so these would start last and
 * the suite would wait for them at its end; tests/helpers/sequencer.ts starts them first, the
 * shipped-report parts (several minutes each) before the conformance files (tens of seconds).
 */
export const HEAVY_FIRST: readonly RegExp[] = [
  /^tests\/report-browser-shipped-[^/]*\.test\.ts$/,
  /^tests\/conformance-[^/]*\.test\.ts$/,
];

/**
 * `files` (paths relative to the repository root) with the HEAVY_FIRST files first, in the order of
 * its patterns (the heaviest first), and every other file after them in the order given.
 */
export function heavyFirst<T>(files: readonly T[], path: (f: T) => string): T[] {
  const rank = (f: T) => HEAVY_FIRST.findIndex((r) => r.test(path(f)));
  return [
    ...HEAVY_FIRST.flatMap((_, k) => files.filter((f) => rank(f) === k)),
    ...files.filter((f) => rank(f) < 0),
  ];
}
