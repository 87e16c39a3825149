import { describe, expect, it } from 'vitest';
import { readDropped } from './droppedFiles.ts';

// Minimal stand-ins for the browser's FileSystemEntry API (file(), createReader().readEntries()).
type Tree = { readonly [name: string]: string | Tree | Error };

function entry(name: string, node: string | Tree | Error): FileSystemEntry {
  if (typeof node === 'string' || node instanceof Error) {
    return {
      name,
      isFile: true,
      isDirectory: false,
      file: (ok: (f: File) => void, fail: (e: Error) => void) =>
        node instanceof Error ? fail(node) : ok(new File([node], name)),
    } as unknown as FileSystemEntry;
  }
  const children = Object.entries(node).map(([n, c]) => entry(n, c));
  return {
    name,
    isFile: false,
    isDirectory: true,
    createReader: () => {
      // Two batches, then an empty one, like Chromium's 100-entry pages.
      const batches = [children.slice(0, 1), children.slice(1), []];
      return { readEntries: (ok: (es: FileSystemEntry[]) => void) => ok(batches.shift() ?? []) };
    },
  } as unknown as FileSystemEntry;
}

describe('readDropped', () => {
  it('walks dropped folders for catalog files, in path order, and reads single files whatever their name', async () => {
    const r = await readDropped({
      entries: [
        entry('bases', {
          'b.yaml': 'kind: B',
          'README.md': '# not a catalog',
          nested: { 'c.json': '{}', 'd.yml': 'kind: D' },
          'a.yaml': 'kind: A',
        }),
        entry('notes.txt', 'kind: CustomResourceDefinition'),
      ],
    });
    expect(r.files.map((f) => f.name)).toEqual([
      'bases/a.yaml',
      'bases/b.yaml',
      'bases/nested/c.json',
      'bases/nested/d.yml',
      'notes.txt',
    ]);
    expect(r.files[0]?.text).toBe('kind: A');
    expect(r.unreadable).toEqual([]);
  });

  it('lists files it cannot read instead of throwing', async () => {
    const r = await readDropped({ entries: [entry('x', { 'ok.yaml': 'a: 1', 'locked.yaml': new Error('denied') })] });
    expect(r.files.map((f) => f.name)).toEqual(['x/ok.yaml']);
    expect(r.unreadable).toEqual(['x/locked.yaml']);
    const plain = await readDropped({ files: [new File(['a: 1'], 'one.yaml')] });
    expect(plain.files).toEqual([{ name: 'one.yaml', text: 'a: 1' }]);
  });
});
