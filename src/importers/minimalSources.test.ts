// minimalSources keeps what converting the needed kinds depends on: for every kind of every corpus family, the
// kind imported from the minimal files equals the kind imported from all of the family's files (descriptions
// aside), and the minimal files are much smaller.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFiles } from './importFiles.ts';
import { minimalSources } from './minimalSources.ts';
import type { SourceFile } from './parseSource.ts';
import { CORPUS as corpus } from '../core/testdata/corpus.ts';

const testdata = path.resolve(import.meta.dirname, 'testdata');

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : /\.ya?ml$/.test(e.name) ? [path.join(dir, e.name)] : [],
    );
}

/** The kind without what minimisation drops on purpose (descriptions) and what names the file. */
function comparable(v: unknown, inSchema = false): unknown {
  if (Array.isArray(v)) return v.map((x) => comparable(x, inSchema));
  if (typeof v !== 'object' || v === null) return v;
  const out = new Map<string, unknown>();
  for (const [k, x] of Object.entries(v)) {
    if (!inSchema && (k === 'description' || k === 'source') && typeof x === 'string') continue;
    out.set(k, comparable(x, inSchema || k === 'schema' || k === 'default'));
  }
  return Object.fromEntries(out);
}

const families = existsSync(corpus)
  ? readdirSync(corpus)
      .sort()
      .filter((f) => existsSync(path.join(corpus, f, 'crds')))
  : [];

describe.skipIf(families.length === 0)('minimalSources over the corpus', () => {
  for (const family of families) {
    it(`keeps each kind of ${family} exactly as the full catalog has it`, () => {
      const files: SourceFile[] = walk(path.join(corpus, family, 'crds')).map((f) => ({
        name: path.relative(corpus, f),
        text: readFileSync(f, 'utf8'),
      }));
      const full = importFiles(files, { id: 'x', title: 'x' }).catalog;
      expect(full.kinds.length).toBeGreaterThan(0);
      for (const kind of full.kinds) {
        const min = minimalSources(files, [{ group: kind.group, kind: kind.kind }]);
        expect(min.kept).toEqual([`${kind.kind}.${kind.group}`]);
        expect(min.leftOutKinds.length).toBe(full.kinds.length - 1);
        expect(min.bytesAfter).toBeLessThan(min.bytesBefore / 2);
        const again = importFiles(min.sources, { id: 'x', title: 'x' }).catalog;
        expect(again.kinds.map((k) => k.kind)).toEqual([kind.kind]);
        expect(comparable(again.kinds[0])).toEqual(comparable(kind));
        // Minimising the minimal files changes nothing: a link made from a link embeds the same files.
        expect(minimalSources(min.sources, [{ group: kind.group, kind: kind.kind }]).sources).toEqual(min.sources);
      }
    });
  }
});

describe('minimalSources', () => {
  const crd = readFileSync(path.join(testdata, 'widgets-crd.yaml'), 'utf8');
  const config = readFileSync(path.join(testdata, 'config.yaml'), 'utf8');

  it('keeps files that are neither CRDs nor catalogs whole', () => {
    const files = [
      { name: 'widgets-crd.yaml', text: crd },
      { name: 'config.yaml', text: config },
    ];
    const min = minimalSources(files, [{ group: 'nowhere.example.com', kind: 'Nothing' }]);
    expect(min.sources.find((f) => f.name === 'config.yaml')?.text).toBe(config);
  });

  it('keeps every kind when the input names none the files have', () => {
    const files = [{ name: 'widgets-crd.yaml', text: crd }];
    const min = minimalSources(files, []);
    const full = importFiles(files, { id: 'x', title: 'x' }).catalog;
    expect(importFiles(min.sources, { id: 'x', title: 'x' }).catalog.kinds.map((k) => k.kind)).toEqual(
      full.kinds.map((k) => k.kind),
    );
    expect(min.leftOutFiles).toEqual([]);
  });

  it('drops descriptions in schemas but keeps a property named description', () => {
    const text = [
      'apiVersion: apiextensions.k8s.io/v1',
      'kind: CustomResourceDefinition',
      'metadata: {name: notes.example.com, annotations: {a: b}}',
      'spec:',
      '  group: example.com',
      '  names: {kind: Note, plural: notes}',
      '  scope: Namespaced',
      '  versions:',
      '  - name: v1',
      '    served: true',
      '    storage: true',
      '    additionalPrinterColumns: [{name: Age, type: date, jsonPath: .metadata.creationTimestamp}]',
      '    schema:',
      '      openAPIV3Schema:',
      '        type: object',
      '        description: A note.',
      '        properties:',
      '          spec:',
      '            type: object',
      '            properties:',
      '              description: {type: string, description: what the note says}',
    ].join('\n');
    const min = minimalSources([{ name: 'note.yaml', text }], [{ group: 'example.com', kind: 'Note' }]);
    const out = min.sources[0]?.text ?? '';
    expect(out).not.toContain('A note.');
    expect(out).not.toContain('what the note says');
    expect(out).not.toContain('additionalPrinterColumns');
    expect(out).not.toContain('annotations');
    expect(out).toContain('"description":{"type":"string"}');
  });

  it('filters catalog JSON to the needed kinds', () => {
    const catalog = JSON.stringify({
      formatVersion: 1,
      id: 'c',
      title: 'c',
      kinds: [
        {
          group: 'a.example.com',
          kind: 'A',
          description: 'x',
          versions: [
            {
              name: 'v1',
              schema: { type: 'object', description: 'gone', properties: { description: { type: 'string' } } },
            },
          ],
        },
        { group: 'b.example.com', kind: 'B', versions: [] },
      ],
    });
    const min = minimalSources([{ name: 'c.json', text: catalog }], [{ group: 'a.example.com', kind: 'A' }]);
    expect(min.kept).toEqual(['A.a.example.com']);
    expect(min.leftOutKinds).toEqual(['B.b.example.com']);
    const kinds = (JSON.parse(min.sources[0]?.text ?? '{}') as { kinds: Record<string, unknown>[] }).kinds;
    expect(kinds.map((k) => k.kind)).toEqual(['A']);
    expect(kinds[0]).not.toHaveProperty('description');
    expect((kinds[0]?.versions as { schema: unknown }[])[0]?.schema).toEqual({
      type: 'object',
      properties: { description: { type: 'string' } },
    });
  });
});
