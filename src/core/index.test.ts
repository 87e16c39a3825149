// The house's rules, checked on the code: core's stages import only stages before them, no file imports itself
// back through others (type-only imports included), and the public index names every export (no `export *`).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Core's stages in import order: a stage imports only the stages before it. */
export const STAGES = [
  'model',
  'fates',
  'text',
  'catalog',
  'versions',
  'cel',
  'validate',
  'rules',
  'plan',
  'models',
  'analyse',
  'checks',
  'designs',
  'testing',
] as const;

const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) {
      if ((name !== 'testdata' || dir.endsWith('testdata')) && name !== 'node_modules') out.push(...sourceFiles(p));
    } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Relative imports of a file (static, dynamic, type-only and re-exports), resolved to files. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
    const target = path.resolve(path.dirname(file), m[1] as string);
    out.push(target);
  }
  return out;
}

const stageOf = (file: string): string | undefined => {
  const rel = path.relative(path.join(SRC, 'core'), file);
  return rel.startsWith('..') ? undefined : rel.split(path.sep)[0];
};

/** Strongly connected components of more than one file (or a file importing itself): the import cycles. */
function cycles(files: readonly string[]): string[][] {
  const edges = new Map(files.map((f) => [f, importsOf(f)]));
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!edges.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v) as number, idx.get(w) as number));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        on.delete(w);
        scc.push(path.relative(SRC, w));
      } while (w !== v);
      if (scc.length > 1 || (edges.get(v) ?? []).includes(v)) out.push(scc.sort());
    }
  };
  for (const f of files) if (!idx.has(f)) visit(f);
  return out;
}

describe('the house', () => {
  const core = sourceFiles(path.join(SRC, 'core'));

  it("core's root holds only the index: every module lives in its stage", () => {
    const root = readdirSync(path.join(SRC, 'core')).filter((n) => /\.ts$/.test(n) && !/\.test\.ts$/.test(n));
    expect(root).toEqual(['index.ts']);
    const stages = readdirSync(path.join(SRC, 'core')).filter(
      (n) => statSync(path.join(SRC, 'core', n)).isDirectory() && n !== 'testdata',
    );
    expect([...stages].sort()).toEqual([...STAGES].sort());
  });

  it('each stage imports only the stages before it', () => {
    const rank = new Map<string, number>(STAGES.map((s, i) => [s, i]));
    const upward: string[] = [];
    for (const f of core) {
      const from = stageOf(f);
      if (from === undefined || !rank.has(from)) continue;
      for (const t of importsOf(f)) {
        const to = stageOf(t);
        if (to !== undefined && rank.has(to) && (rank.get(to) as number) > (rank.get(from) as number))
          upward.push(`${path.relative(SRC, f)} -> ${path.relative(SRC, t)}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('no file in core imports itself back through others (type-only imports included)', () => {
    expect(cycles(core)).toEqual([]);
  });

  it('no file anywhere in src imports itself back through others (the UI and the CLI too)', () => {
    expect(cycles(sourceFiles(SRC))).toEqual([]);
  });

  it('the public index names what it exports (no export *)', () => {
    const index = readFileSync(path.join(SRC, 'core', 'index.ts'), 'utf8');
    expect(index.match(/^export \*/gm) ?? []).toEqual([]);
  });

  it('finds a cycle when there is one (the detector itself)', () => {
    // two fixture files importing each other
    const dir = path.join(SRC, 'core', 'testdata', 'cycle');
    expect(cycles(sourceFiles(dir))).toEqual([['core/testdata/cycle/a.ts', 'core/testdata/cycle/b.ts']]);
  });
});
