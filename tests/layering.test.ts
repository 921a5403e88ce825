/**
 * docs/architecture.md "Layers", checked on the source: games depend on core only; the runner, analysis and
 * report depend on the game contract, never on a particular game (games reach them through the
 * composition roots: the CLI and the worker); the layers import each other without cycles.
 * The library API (src/index.ts and src/api/) sits above them and below the CLI.
 * Type-only imports are erased at run time and are not counted.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** The layer of a source file: src/<folder>, or src/games/<game>, or workers. */
function layer(file: string): string {
  const parts = relative(root, file).split('/');
  if (parts[0] === 'workers') return 'workers';
  if (parts[1] === 'games') return parts.length > 3 ? `games/${parts[2]}` : 'games';
  return parts[1]!.replace(/\.ts$/, '');
}

/** Runtime imports between layers: layer -> layers it imports. */
function edges(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const f of [...files(join(root, 'src')), ...files(join(root, 'workers'))]) {
    const src = readFileSync(f, 'utf8');
    for (const m of src.matchAll(/^(import|export)\s+(type\s+)?[^;]*?from\s+'(\.[^']+)'/gms)) {
      if (m[2] !== undefined) continue; // type-only
      const target = normalize(join(dirname(f), m[3]!.replace(/\.js$/, '.ts')));
      const a = layer(f);
      const b = layer(target);
      if (a === b) continue;
      if (!out.has(a)) out.set(a, new Set());
      out.get(a)!.add(b);
    }
  }
  return out;
}

describe('layering', () => {
  const g = edges();
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
