// The first screen's code (the entry and the app it boots) must not import the editor: Monaco is several
// megabytes, loaded late on purpose. One static import of a module that reaches Monaco would pull it into the
// first download (a hint's text importing the editor's setup did once).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const UI = path.resolve(import.meta.dirname, '../src/ui');
const EDITOR_PACKAGES = /^(monaco-editor|@monaco-editor\/react|monaco-yaml)(\/|$)/;

/** Static value imports of FILE (not type-only, not dynamic `import()`), as written. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm))
    out.push(m[1] as string);
  return out;
}

/** Every editor package a static import chain from ENTRY reaches, with the chain that reaches it. */
function editorReached(entry: string): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  const walk = (file: string, chain: readonly string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of staticImports(file)) {
      if (spec.startsWith('.')) {
        const target = path.resolve(path.dirname(file), spec);
        if (/\.tsx?$/.test(target)) walk(target, [...chain, path.relative(UI, target)]);
      } else if (EDITOR_PACKAGES.test(spec)) found.push([...chain, spec].join(' -> '));
    }
  };
  walk(entry, [path.relative(UI, entry)]);
  return found;
}

describe('the first screen', () => {
  it('imports no editor code statically from the entry or the app', () => {
    expect(editorReached(path.join(UI, 'main.tsx'))).toEqual([]);
    expect(editorReached(path.join(UI, 'boot.tsx'))).toEqual([]);
  });

  it('the check finds the editor when a module reaches it (the detector itself)', () => {
    expect(editorReached(path.join(UI, 'editor', 'keyboardFocus.ts'))).not.toEqual([]);
  });
});
