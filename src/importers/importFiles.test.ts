import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Kind, Version } from '../core/index.ts';
import { convertResource, loadCatalog, pathToHub, roundTrip, serializeCatalog } from '../core/index.ts';
import { importFiles } from './importFiles.ts';

const here = import.meta.dirname;
const fixture = (name: string) => ({ name, text: readFileSync(path.join(here, 'testdata', name), 'utf8') });
const kindOf = (kinds: readonly Kind[], name: string): Kind => {
  const k = kinds.find((x) => x.kind === name);
  if (!k) throw new Error(`no kind ${name}`);
  return k;
};
const versionOf = (k: Kind, name: string): Version => {
  const v = k.versions.find((x) => x.name === name);
  if (!v) throw new Error(`no version ${name}`);
  return v;
};

describe('importFiles: CRD YAML', () => {
  const { catalog, issues } = importFiles([fixture('widgets-crd.yaml')]);
  const widget = kindOf(catalog.kinds, 'Widget');
  const v1 = versionOf(widget, 'v1');
  const prop = (type: string, name: string) => v1.types[type]?.properties.find((p) => p.name === name);

  it('imports every CRD of a multi-document file without issues', () => {
    expect(issues).toEqual([]);
    expect(catalog.kinds.map((k) => `${k.group}/${k.kind}`)).toEqual(['example.com/Gadget', 'example.com/Widget']);
  });

  it('derives a storage variant per API version and picks the newest GA one as hub', () => {
    expect(widget.versions.map((v) => `${v.name}:${v.role}`)).toEqual([
      'v1alpha1:api',
      'v1alpha1storage:storage',
      'v1:api',
      'v1storage:storage',
    ]);
    expect([widget.hub, widget.hubReason, widget.crdStorageVersion, widget.strategy]).toEqual([
      'v1storage',
      'newest-ga',
      'v1alpha1',
      'direct',
    ]);
    expect(widget.storedVersions).toEqual(['v1alpha1']);
    expect(kindOf(catalog.kinds, 'Gadget')).toMatchObject({
      hub: 'v1beta1storage',
      hubReason: 'newest',
      scope: 'Cluster',
    });
  });

  it('keeps version flags', () => {
    expect(versionOf(widget, 'v1alpha1')).toMatchObject({
      served: true,
      crdStorage: true,
      deprecated: true,
      deprecationWarning: 'example.com/v1alpha1 Widget is deprecated',
    });
  });

  it('names inline types by path: Kind, KindSpec, KindSpecSourceRef, ...Item, ...Value', () => {
    expect(Object.keys(v1.types)).toEqual([
      'Widget',
      'WidgetSpec',
      'WidgetSpecEmpty',
      'WidgetSpecExtra',
      'WidgetSpecPortsItem',
      'WidgetSpecSelectorsValue',
      'WidgetSpecSourceRef',
      'WidgetStatus',
      'WidgetStatusConditionsItem',
    ]);
    expect(v1.types.WidgetSpec?.named).toBe(false);
  });

  it('maps schema shapes to type refs (a bare type: object is an empty object type: Kubernetes prunes its fields)', () => {
    expect(prop('Widget', 'metadata')?.type).toEqual({ kind: 'opaque', reason: 'free-form' });
    expect(prop('WidgetSpec', 'color')?.type).toEqual({
      kind: 'enum',
      base: 'string',
      values: ['red', 'green', 'blue'],
    });
    expect(prop('WidgetSpec', 'ports')?.type).toEqual({
      kind: 'array',
      items: { kind: 'object', name: 'WidgetSpecPortsItem' },
    });
    expect(prop('WidgetSpec', 'labels')?.type).toEqual({ kind: 'map', values: { kind: 'primitive', name: 'string' } });
    expect(prop('WidgetSpec', 'selectors')?.type).toEqual({
      kind: 'map',
      values: { kind: 'object', name: 'WidgetSpecSelectorsValue' },
    });
    expect(prop('WidgetSpec', 'target')?.type).toEqual({ kind: 'opaque', reason: 'int-or-string' });
    expect(prop('WidgetSpec', 'values')?.type).toEqual({ kind: 'opaque', reason: 'preserve-unknown-fields' });
    expect(prop('WidgetSpec', 'template')?.type).toEqual({ kind: 'opaque', reason: 'embedded-resource' });
    expect(prop('WidgetSpec', 'anything')?.type).toEqual({ kind: 'opaque', reason: 'free-form' });
    expect(prop('WidgetSpec', 'empty')?.type).toEqual({ kind: 'object', name: 'WidgetSpecEmpty' });
    expect(v1.types.WidgetSpecEmpty?.properties).toEqual([]);
    expect(v1.types.WidgetSpecExtra?.preserveUnknownFields).toBe(true);
  });

  it('keeps required lists, validations and bag keys', () => {
    expect(prop('WidgetSpec', 'size')).toMatchObject({
      required: true,
      bagKey: 'Size',
      validation: { minimum: 1, maximum: 10, default: 3 },
    });
    expect(prop('WidgetSpecSourceRef', 'name')).toMatchObject({ required: true, validation: { pattern: '^[a-z]+$' } });
    expect(prop('WidgetSpec', 'ports')?.validation).toEqual({ maxItems: 4 });
    expect(prop('WidgetSpecExtra', 'known')?.validation).toEqual({ nullable: true });
    expect(prop('Widget', 'apiVersion')?.bagKey).toBe('ApiVersion');
  });

  it('produces a catalog that validates against the catalog schema', () => {
    expect(loadCatalog(JSON.parse(serializeCatalog(catalog))).issues).toEqual([]);
  });
});

describe('importFiles: ASO-style CRDs', () => {
  const { catalog, issues } = importFiles([fixture('aso-crd.yaml')]);
  const vault = kindOf(catalog.kinds, 'Vault');

  it('keeps the shipped storage variants, pairs twins and derives nothing', () => {
    expect(issues).toEqual([]);
    expect(vault.versions.map((v) => [v.name, v.role, v.twin, v.derived ?? null])).toEqual([
      ['v1api20220131preview', 'api', 'v1api20220131previewstorage', null],
      ['v1api20220131previewstorage', 'storage', 'v1api20220131preview', false],
      ['v1api20230131', 'api', 'v1api20230131storage', null],
      ['v1api20230131storage', 'storage', 'v1api20230131', false],
    ]);
  });

  it('uses the storage: true variant as hub, chained by default', () => {
    expect([vault.aso, vault.hub, vault.hubReason, vault.strategy, vault.crdStorageVersion]).toEqual([
      true,
      'v1api20230131storage',
      'aso-storage',
      'chained',
      undefined,
    ]);
    expect(pathToHub(vault, 'v1api20220131preview')).toEqual([
      'v1api20220131preview',
      'v1api20220131previewstorage',
      'v1api20230131storage',
    ]);
  });

  it('reads $propertyBag as a bag, not a property; the root has none', () => {
    const s = versionOf(vault, 'v1api20230131storage');
    expect(s.types.VaultSpec?.hasPropertyBag).toBe(true);
    expect(s.types.VaultSpec?.properties.map((p) => p.name)).toEqual(['location', 'originalVersion', 'tags']);
    expect(s.types.Vault?.hasPropertyBag).toBe(false);
  });
});

describe('importFiles: config', () => {
  const { catalog, issues } = importFiles([fixture('widgets-crd.yaml'), fixture('config.yaml')]);
  const widget = kindOf(catalog.kinds, 'Widget');

  it('warns about unknown keys with a range, and applies hub and strategy', () => {
    expect(issues.map((i) => [i.code, i.severity, i.path, i.file, i.range?.start.line])).toEqual([
      ['INVALID_CONFIG', 'warning', ['colour'], 'config.yaml', 12],
    ]);
    expect([widget.hub, widget.hubReason, widget.strategy]).toEqual(['v1alpha1storage', 'config', 'chained']);
  });

  it('applies manual and bag-key overrides to properties and keeps renames in the config', () => {
    const spec = (v: string) => versionOf(widget, v).types.WidgetSpec?.properties.find((p) => p.name === 'color');
    expect(spec('v1')?.conversion).toBe('manual');
    expect(spec('v1storage')?.conversion).toBe('manual');
    expect(spec('v1alpha1')?.conversion).toBeUndefined();
    expect(versionOf(widget, 'v1storage').types.Widget?.properties.find((p) => p.name === 'apiVersion')?.bagKey).toBe(
      'APIVersion',
    );
    expect(catalog.config.renames).toEqual([{ type: 'WidgetSpec', from: 'Colour', to: 'Color' }]);
  });
});

describe('importFiles: bad input', () => {
  const good = fixture('widgets-crd.yaml');

  it('reports malformed YAML with file and position, and still imports the rest', () => {
    const { catalog, issues } = importFiles([{ name: 'bad.yaml', text: 'a: [1, 2\nb: }' }, good]);
    expect(issues.map((i) => i.code)).toContain('YAML_SYNTAX');
    expect(issues.every((i) => i.file === 'bad.yaml' && i.range !== undefined)).toBe(true);
    expect(catalog.kinds).toHaveLength(2);
  });

  it('reports an invalid CRD at the offending path', () => {
    const text =
      'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec:\n  group: x.io\n  names: {plural: xs}\n  versions: []\n';
    const { issues, catalog } = importFiles([{ name: 'x.yaml', text }]);
    expect(issues.map((i) => [i.code, i.path, i.range?.start.line])).toEqual([
      ['INVALID_CRD', ['spec', 'names', 'kind'], 5],
    ]);
    expect(catalog.kinds).toEqual([]);
  });

  it('reports a version without a schema and keeps the others', () => {
    const text = [
      'apiVersion: apiextensions.k8s.io/v1',
      'kind: CustomResourceDefinition',
      'spec:',
      '  group: x.io',
      '  names: {kind: X}',
      '  versions:',
      '    - {name: v1alpha1, served: true, storage: false}',
      '    - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}',
      '    - {name: v1, served: true, storage: false, schema: {openAPIV3Schema: {type: object}}}',
    ].join('\n');
    const { issues, catalog } = importFiles([{ name: 'x.yaml', text }]);
    expect(issues.map((i) => [i.code, i.path.join('.'), i.range?.start.line])).toEqual([
      ['INVALID_CRD', 'spec.versions.0', 7],
      ['DUPLICATE_VERSION', 'spec.versions.2.name', 9],
    ]);
    expect(kindOf(catalog.kinds, 'X').versions.map((v) => v.name)).toEqual(['v1', 'v1storage']);
  });

  it('reports a version defined by two files as DUPLICATE_VERSION and keeps the first', () => {
    const { issues, catalog } = importFiles([good, { ...good, name: 'copy.yaml' }]);
    expect(issues.filter((i) => i.code === 'DUPLICATE_VERSION').map((i) => i.file)).toEqual([
      'widgets-crd.yaml',
      'widgets-crd.yaml',
      'widgets-crd.yaml',
    ]);
    expect(kindOf(catalog.kinds, 'Widget').versions.every((v) => v.source === 'copy.yaml')).toBe(true);
  });

  it('reports unknown documents as UNSUPPORTED_FORMAT (an error when nothing in the file is usable)', () => {
    const { issues } = importFiles([{ name: 'cm.yaml', text: 'apiVersion: v1\nkind: ConfigMap\n' }]);
    expect(issues.map((i) => [i.code, i.severity, i.range?.start.line])).toEqual([['UNSUPPORTED_FORMAT', 'error', 1]]);
    const mixed = importFiles([{ name: 'mixed.yaml', text: `apiVersion: v1\nkind: Namespace\n---\n${good.text}` }]);
    expect(mixed.issues.map((i) => [i.code, i.severity])).toEqual([['UNSUPPORTED_FORMAT', 'warning']]);
  });

  it('reads a kind: List of CRDs', () => {
    const { issues, catalog } = importFiles([
      {
        name: 'list.json',
        text: JSON.stringify({
          apiVersion: 'v1',
          kind: 'List',
          items: [
            {
              apiVersion: 'apiextensions.k8s.io/v1',
              kind: 'CustomResourceDefinition',
              spec: {
                group: 'a.io',
                names: { kind: 'A' },
                versions: [
                  { name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } },
                ],
              },
            },
          ],
        }),
      },
    ]);
    expect(issues).toEqual([]);
    expect(catalog.kinds.map((k) => k.kind)).toEqual(['A']);
  });

  it('reports JSON syntax errors with a position', () => {
    const { issues } = importFiles([{ name: 'bad.json', text: '{\n  "a": [1,\n}' }]);
    expect(issues[0]?.code).toBe('JSON_SYNTAX');
    expect(issues[0]?.range?.start.line).toBeGreaterThan(1);
  });
});

describe('importFiles: determinism', () => {
  it('gives the same bytes whatever the order of the files', () => {
    const files = [fixture('widgets-crd.yaml'), fixture('aso-crd.yaml'), fixture('config.yaml')];
    const a = serializeCatalog(importFiles(files).catalog);
    const b = serializeCatalog(importFiles([...files].reverse()).catalog);
    expect(a).toBe(b);
  });
});

describe('importFiles: robustness', () => {
  const skeletons = [
    (x: unknown) => ({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', spec: x }),
    (x: unknown) => ({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      spec: { group: 'a.io', names: { kind: 'A' }, versions: [{ name: 'v1', schema: { openAPIV3Schema: x } }] },
    }),
    (x: unknown) => ({
      swagger: '2.0',
      info: { version: '1' },
      paths: { '/p/{x}': { put: { parameters: [{ in: 'body', schema: { $ref: '#/definitions/A' } }] } } },
      definitions: { A: x, B: x },
    }),
    (x: unknown) => ({ openapi: '3.0.0', info: { version: '1' }, paths: x, components: { schemas: x } }),
    (x: unknown) => ({ kind: 'VersionExplorerConfig', renames: x, hub: x, manual: x, bagKeys: x, strategy: x }),
  ];

  // Schema-shaped noise: the keywords the importers look at, nested, with refs that may or may not resolve.
  const { schemaLike } = fc.letrec<{ schemaLike: unknown }>((tie) => ({
    schemaLike: fc.dictionary(
      fc.constantFrom(
        'type',
        'properties',
        'items',
        'additionalProperties',
        '$ref',
        'allOf',
        'enum',
        'required',
        'A',
        'B',
        'x-kubernetes-preserve-unknown-fields',
        'x-kubernetes-int-or-string',
        'readOnly',
        'x-ms-enum',
      ),
      fc.oneof(
        { depthSize: 'small' },
        fc.constantFrom(
          'object',
          'array',
          'string',
          'integer',
          true,
          '#/definitions/A',
          '#/definitions/B',
          '#/components/schemas/A',
          '#/x/%zz',
          ['A'],
        ),
        tie('schemaLike'),
        fc.array(tie('schemaLike'), { maxLength: 2 }),
      ),
      { maxKeys: 4 },
    ),
  }));

  it('never throws on arbitrary content in any format, and what imports is a valid catalog', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: skeletons.length - 1 }),
        fc.oneof(fc.jsonValue({ maxDepth: 5 }), schemaLike),
        (i, x) => {
          const doc = (skeletons[i] as (x: unknown) => unknown)(x);
          const { catalog } = importFiles([{ name: 'x.json', text: JSON.stringify(doc) }]);
          // Whatever imported is a valid catalog: schema and cross-references.
          expect(loadCatalog(JSON.parse(serializeCatalog(catalog))).issues).toEqual([]);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('importFiles: a version defined in two files', () => {
  it('reports DUPLICATE_VERSION at the second definition (file:line:col) and keeps the first', () => {
    const w = fixture('widgets-crd.yaml');
    const { catalog, issues } = importFiles([w, { ...w, name: 'z/widgets-again.yaml' }]);
    const dup = issues.filter((i) => i.code === 'DUPLICATE_VERSION');
    expect(dup.map((i) => [i.file, i.range?.start.line, i.path.join('/')])).toEqual([
      ['z/widgets-again.yaml', 13, 'example.com/Widget/v1alpha1'],
      ['z/widgets-again.yaml', 31, 'example.com/Widget/v1'],
      ['z/widgets-again.yaml', 110, 'example.com/Gadget/v1beta1'],
    ]);
    expect(kindOf(catalog.kinds, 'Widget').versions.every((v) => v.source === 'widgets-crd.yaml')).toBe(true);
  });
});

describe('importFiles: an alias bomb', () => {
  it('is a YAML_SYNTAX error at the document (file:line:col); the rest of the batch imports', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (const n of 'bcdefg') {
      const prev = String.fromCharCode(n.charCodeAt(0) - 1);
      lines.push(`${n}: &${n} [${Array(10).fill(`*${prev}`).join(', ')}]`);
    }
    const { catalog, issues } = importFiles([
      { name: 'bomb.yaml', text: lines.join('\n') },
      fixture('widgets-crd.yaml'),
    ]);
    expect(issues.map((i) => [i.code, i.file, i.range?.start.line])).toEqual([['YAML_SYNTAX', 'bomb.yaml', 1]]);
    expect(catalog.kinds.length).toBe(2);
  });
});

describe('importFiles: a root schema that does not list apiVersion, kind or metadata', () => {
  // Hand-written CRDs often list only spec; the API server keeps the three anyway.
  const { catalog, issues } = importFiles([fixture('widget-minimal-crd.yaml')]);
  const doc = {
    apiVersion: 'example.com/v1alpha1',
    kind: 'Widget',
    metadata: { name: 'w', labels: { team: 'a' } },
    spec: { size: 3, colour: 'red' },
  };

  it('keeps them through the hub and back, and prunes nothing', () => {
    expect(issues).toEqual([]);
    const hub = convertResource(catalog, doc, 'hub');
    expect(hub.issues.filter((i) => i.code === 'PRUNED')).toEqual([]);
    expect(hub.output).toEqual({
      apiVersion: 'example.com/v1storage',
      kind: 'Widget',
      metadata: { name: 'w', labels: { team: 'a' } },
      spec: { size: 3, originalVersion: 'v1alpha1', $propertyBag: { Colour: 'red' } },
    });
    expect(roundTrip(catalog, doc).differences).toEqual([]);
  });

  it('still prunes an unknown top-level field', () => {
    const hub = convertResource(catalog, { ...doc, extra: 1 }, 'hub');
    expect(hub.issues.filter((i) => i.code === 'PRUNED').map((i) => i.path)).toEqual([['extra']]);
  });
});
