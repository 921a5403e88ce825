/**
 * docs/architecture.md "Layers", checked on the source: games depend on core only; the runner, analysis and
 * report depend on the game contract, never on a particular game (games reach them through the
 * composition roots: the CLI and the worker); the layers import each other without cycles.
 * The library API (src/index.ts and src/api/) sits above them and below the CLI.
 * Inside each game (src/games/<game>/): no file imports its own game's index.ts (the chapter map
 * sits above the chapters), and the files import each other without runtime cycles.
 * Type-only imports are erased at run time and are not counted: `import type`, `export type`, and
 * `import { type A, type B }` when every name is a type.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

/** A source file: its path relative to the repository root ('/'-separated) and its text. */
interface SourceFile {
  readonly path: string;
  readonly text: string;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** The repository's sources: src/ and workers/. */
function sources(): SourceFile[] {
  return [...files(join(root, 'src')), ...files(join(root, 'workers'))].map((f) => ({
    path: relative(root, f).split('\\').join('/'),
    text: readFileSync(f, 'utf8'),
  }));
}

/** Whether an import or export clause names types only (`type {...}`, or `{ type A, type B }`). */
function typeOnly(typeKeyword: string | undefined, clause: string): boolean {
  if (typeKeyword !== undefined) return true;
  const braces = /^\{([^}]*)\}$/s.exec(clause.trim());
  if (braces === null) return false; // a default or namespace import is a value
  const names = braces[1]!
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  return names.length > 0 && names.every((n) => /^type\s/.test(n));
}

/**
 * The runtime import graph of `list`: file path -> the files it imports (relative imports and
 * re-exports, side-effect imports included; type-only ones and dynamic `import()` left out).
 */
function importGraph(list: readonly SourceFile[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const f of list) {
    const targets = new Set<string>();
    const add = (spec: string) =>
      targets.add(
        normalize(join(dirname(f.path), spec.replace(/\.js$/, '.ts')))
          .split('\\')
          .join('/'),
      );
    for (const m of f.text.matchAll(/^(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s+'(\.[^']+)'/gms))
      if (!typeOnly(m[1], m[2]!)) add(m[3]!);
    for (const m of f.text.matchAll(/^import\s+'(\.[^']+)'/gm)) add(m[1]!);
    out.set(f.path, [...targets].sort());
  }
  return out;
}

/** The game a file belongs to (src/games/<game>/...), or undefined. */
function gameOf(path: string): string | undefined {
  const parts = path.split('/');
  return parts[0] === 'src' && parts[1] === 'games' && parts.length > 3 ? parts[2] : undefined;
}

/** The runtime import cycles among `nodes` (Tarjan's strongly connected components, each as a path). */
function cycles(graph: ReadonlyMap<string, readonly string[]>, nodes: ReadonlySet<string>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const found: string[][] = [];
  const succ = (v: string) => (graph.get(v) ?? []).filter((w) => nodes.has(w));
  const connect = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    on.add(v);
    for (const w of succ(v)) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const scc: string[] = [];
    for (;;) {
      const w = stack.pop()!;
      on.delete(w);
      scc.push(w);
      if (w === v) break;
    }
    if (scc.length > 1 || succ(v).includes(v)) found.push(cyclePath(scc, succ));
  };
  for (const v of [...nodes].sort()) if (!index.has(v)) connect(v);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** One cycle through a strongly connected component, from its first file (breadth-first back to it). */
function cyclePath(scc: readonly string[], succ: (v: string) => string[]): string[] {
  const inside = new Set(scc);
  const start = [...scc].sort()[0]!;
  const from = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of succ(v)) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(from.get(path[0]!)!);
        return [...path, start];
      }
      if (!from.has(w)) {
        from.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

/**
 * What is wrong inside each game of `graph`: game -> problems (a file importing its own game's
 * index.ts; a runtime import cycle among the game's files, given as a path of file names).
 */
function gameProblems(graph: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const byGame = new Map<string, Set<string>>();
  for (const f of graph.keys()) {
    const g = gameOf(f);
    if (g !== undefined) byGame.set(g, (byGame.get(g) ?? new Set()).add(f));
  }
  const out = new Map<string, string[]>();
  for (const [g, own] of [...byGame].sort((a, b) => a[0].localeCompare(b[0]))) {
    const index = `src/games/${g}/index.ts`;
    const short = (f: string) => f.slice(`src/games/${g}/`.length);
    const problems: string[] = [];
    for (const f of [...own].sort())
      if (f !== index && (graph.get(f) ?? []).includes(index))
        problems.push(`${short(f)} imports its own game's index.ts`);
    for (const c of cycles(graph, own)) problems.push(`runtime import cycle: ${c.map(short).join(' -> ')}`);
    out.set(g, problems);
  }
  return out;
}

/** The layer of a source file: src/<folder>, or src/games/<game>, or workers. */
function layer(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'workers') return 'workers';
  if (parts[1] === 'games') return parts.length > 3 ? `games/${parts[2]}` : 'games';
  return parts[1]!.replace(/\.ts$/, '');
}

/** Runtime imports between layers: layer -> layers it imports. */
function edges(graph: ReadonlyMap<string, readonly string[]>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [f, targets] of graph)
    for (const t of targets) {
      const a = layer(f);
      const b = layer(t);
      if (a === b) continue;
      if (!out.has(a)) out.set(a, new Set());
      out.get(a)!.add(b);
    }
  return out;
}

const graph = importGraph(sources());

describe('layering', () => {
  const g = edges(graph);
  const deps = (a: string) => [...(g.get(a) ?? [])].sort();

  it('each game depends on core only', () => {
    for (const [a] of g) if (a.startsWith('games/')) expect(deps(a), a).toEqual(['core']);
  });

  it('runner, analysis and report never import a game; analysis and report never import the runner', () => {
    for (const a of ['runner', 'analysis', 'report', 'core'])
      for (const b of deps(a)) expect(b.startsWith('games'), `${a} imports ${b}`).toBe(false);
    expect(deps('analysis')).not.toContain('runner');
    expect(deps('report')).not.toContain('runner');
    expect(deps('core')).toEqual([]);
  });

  it('the library API (src/index.ts, src/api) builds on the layers below it; only the CLI builds on it', () => {
    for (const [a] of g)
      if (a !== 'cli' && a !== 'index' && a !== 'api')
        for (const b of deps(a)) expect(b === 'api' || b === 'index', `${a} imports ${b}`).toBe(false);
    expect(deps('index')).not.toContain('cli');
    expect(deps('api')).not.toContain('cli');
    expect(deps('api')).not.toContain('index');
    expect(deps('index')).toContain('api');
  });

  it('the layers import each other without cycles', () => {
    const seen = new Set<string>();
    const path: string[] = [];
    const visit = (a: string): void => {
      if (path.includes(a))
        throw new Error(`import cycle: ${[...path.slice(path.indexOf(a)), a].join(' -> ')}`);
      if (seen.has(a)) return;
      path.push(a);
      for (const b of g.get(a) ?? []) visit(b);
      path.pop();
      seen.add(a);
    };
    for (const a of g.keys()) expect(() => visit(a)).not.toThrow();
  });
});

describe('inside each game', () => {
  it('finds a planted chapter -> index.ts import and a planted runtime cycle, and counts no type-only import', () => {
    const planted = importGraph([
      {
        path: 'src/games/toy/index.ts',
        text: "import { move } from './move.js';\nexport const toy = move;\n",
      },
      {
        path: 'src/games/toy/move.ts',
        text: "import { fight } from './combat.js';\nexport const move = 1;\n",
      },
      {
        path: 'src/games/toy/combat.ts',
        text: "import {\n  move,\n  type Unit,\n} from './move.js';\nimport type { Hex } from './map.js';\nexport const fight = move;\n",
      },
      // type-only both ways: no cycle at run time
      {
        path: 'src/games/toy/map.ts',
        text: "import { type Unit, type Side } from './units.js';\nexport type Hex = 1;\n",
      },
      {
        path: 'src/games/toy/units.ts',
        text: "export type { Hex } from './map.js';\nexport type Unit = 1;\n",
      },
      // a chapter reading the chapter map
      {
        path: 'src/games/toy/victory.ts',
        text: "import { toy } from './index.js';\nexport const won = toy;\n",
      },
      {
        path: 'src/games/toy/policies/rush.ts',
        text: "import * as all from '../index.js';\nexport const p = all;\n",
      },
      {
        path: 'src/games/tidy/index.ts',
        text: "import { a } from './a.js';\nexport type { A } from './a.js';\n",
      },
      {
        path: 'src/games/tidy/a.ts',
        text: "import type { B } from './index.js';\nimport '../../core/game.js';\n",
      },
    ]);
    expect(planted.get('src/games/toy/combat.ts')).toEqual(['src/games/toy/move.ts']);
    expect(planted.get('src/games/toy/map.ts')).toEqual([]);
    expect(planted.get('src/games/tidy/a.ts')).toEqual(['src/core/game.ts']);
    expect(gameProblems(planted)).toEqual(
      new Map([
        ['tidy', []],
        [
          'toy',
          [
            "policies/rush.ts imports its own game's index.ts",
            "victory.ts imports its own game's index.ts",
            'runtime import cycle: combat.ts -> move.ts -> combat.ts',
          ],
        ],
      ]),
    );
  });

  const problems = gameProblems(graph);
  const games = readdirSync(join(root, 'src', 'games'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  for (const game of games)
    it(`${game}: no file imports the game's index.ts, and no runtime import cycle`, () => {
      expect(problems.get(game) ?? []).toEqual([]);
    });
});
