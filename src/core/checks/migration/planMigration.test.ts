import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importFiles } from '../../../importers/index.ts';
import { formatPath } from '../../model/issue.ts';
import type { Kind, StructuralSchema } from '../../model/model.ts';
import { parseResources } from '../../text/parseResources.ts';
import { planMigration, type Rewrite } from './planMigration.ts';
import { pruneBySchema } from './pruneBySchema.ts';

const read = (f: string) => readFileSync(path.join(import.meta.dirname, 'testdata', f), 'utf8');

function widget(text = read('widget-crd-stored.yaml')): Kind {
  const r = importFiles([{ name: 'crd.yaml', text }]);
  return r.catalog.kinds[0] as Kind;
}

const objects = () => parseResources(read('widgets-list.yaml'), 'widgets-list.yaml').documents;

describe('pruneBySchema (what the API server keeps under a structural schema)', () => {
  const schema: StructuralSchema = {
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        properties: {
          a: { type: 'string' },
          list: { type: 'array', items: { type: 'object', properties: { x: { type: 'integer' } } } },
          map: { type: 'object', additionalProperties: { type: 'object', properties: { y: { type: 'string' } } } },
          open: {
            type: 'object',
            'x-kubernetes-preserve-unknown-fields': true,
            properties: { z: { type: 'object', properties: {} } },
          },
          anyMap: { type: 'object', additionalProperties: true },
          scalar: { type: 'string' },
          embedded: {
            type: 'object',
            'x-kubernetes-embedded-resource': true,
            properties: { spec: { type: 'object', properties: {} } },
          },
        },
      },
    },
  };

  it.each([
    [
      'keeps declared fields and the resource root',
      { apiVersion: 'g/v1', kind: 'K', metadata: { name: 'n', x: 1 }, spec: { a: 's' } },
      [],
    ],
    ['drops undeclared keys', { spec: { a: 's', b: 1 } }, ['spec.b']],
    ['drops an undeclared root key', { spec: {}, extra: true }, ['extra']],
    ['recurses into array items', { spec: { list: [{ x: 1, w: 2 }, { w: 3 }] } }, ['spec.list[0].w', 'spec.list[1].w']],
    ['keeps map keys, prunes map values', { spec: { map: { k1: { y: 'a', q: 1 } } } }, ['spec.map.k1.q']],
    [
      'keeps unknown keys under preserve-unknown-fields, prunes declared ones inside',
      { spec: { open: { free: { deep: 1 }, z: { gone: 1 } } } },
      ['spec.open.z.gone'],
    ],
    ['keeps every key under additionalProperties: true', { spec: { anyMap: { k: { any: 1 } } } }, []],
    [
      'an object under a scalar node loses every key',
      { spec: { scalar: { k: 1, j: 2 } } },
      ['spec.scalar.k', 'spec.scalar.j'],
    ],
    [
      'an embedded resource keeps apiVersion, kind and metadata',
      { spec: { embedded: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { q: 1 }, other: 1 } } },
      ['spec.embedded.spec.q', 'spec.embedded.other'],
    ],
  ])('%s', (_name, doc, dropped) => {
    const r = pruneBySchema(doc, schema);
    expect(r.dropped.map(formatPath)).toEqual(dropped);
  });

  it('never creates keys, never changes kept values, and is idempotent', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (spec) => {
        const doc = { apiVersion: 'g/v1', kind: 'K', spec };
        const once = pruneBySchema(doc, schema);
        const twice = pruneBySchema(once.doc, schema);
        expect(twice.doc).toEqual(once.doc);
        expect(twice.dropped).toEqual([]);
        const keys = (v: unknown): number =>
          v && typeof v === 'object' ? Object.values(v).reduce((n: number, x) => n + 1 + keys(x), 0) : 0;
        expect(keys(once.doc)).toBeLessThanOrEqual(keys(doc));
      }),
    );
  });

  it('keeps a __proto__ key as data', () => {
    const doc = JSON.parse('{"spec":{"anyMap":{"__proto__":{"x":1}}}}') as unknown;
    const r = pruneBySchema(doc, schema) as { doc: { spec: { anyMap: Record<string, unknown> } } };
    expect(Object.hasOwn(r.doc.spec.anyMap, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('planMigration', () => {
  it('keeps only the target in storedVersions and drops the others, from status.storedVersions', () => {
    const { plan, issues } = planMigration(widget(), 'v1');
    expect(issues).toEqual([]);
    expect(plan).toMatchObject({
      crd: 'widgets.example.com',
      storageVersion: 'v1beta1',
      storedVersions: ['v1beta1', 'v1'],
      storedVersionsFrom: 'status',
      remainingStoredVersions: ['v1'],
      drop: ['v1beta1'],
    });
  });

  it("writes the seed's StorageVersionMigration for the resource", () => {
    const { plan } = planMigration(widget(), 'v1');
    expect(plan?.manifests).toEqual([
      {
        apiVersion: 'migration.k8s.io/v1alpha1',
        kind: 'StorageVersionMigration',
        metadata: { name: 'widgets-storage-version-migration' },
        spec: { resource: { group: 'example.com', resource: 'widgets', version: 'v1' } },
      },
    ]);
  });

  it('orders the steps: set storage, migrate, wait, patch storedVersions, stop serving, remove', () => {
    const { plan } = planMigration(widget(), 'v1');
    expect(plan?.steps.map((s) => [s.step, s.done, s.versions])).toEqual([
      ['set-storage', false, ['v1']],
      ['migrate', false, undefined],
      ['wait', false, undefined],
      ['patch-stored-versions', false, ['v1']],
      ['stop-serving', false, ['v1beta1']],
      ['remove-versions', false, ['v1beta1']],
    ]);
    expect(plan?.steps.find((s) => s.step === 'patch-stored-versions')?.command).toContain('"storedVersions":["v1"]');
  });

  it('marks every step done when the target is already the only stored version', () => {
    const text = read('widget-crd-stored.yaml').replace('storedVersions: [v1beta1, v1]', 'storedVersions: [v1beta1]');
    const { plan } = planMigration(widget(text), 'v1beta1');
    expect(plan?.steps.every((s) => s.done)).toBe(true);
    expect(plan?.manifests).toEqual([]);
  });

  it('a step is done only when the verdict is lossless: an object that loses a field undoes every step', () => {
    const text = read('widget-crd-stored.yaml').replace('storedVersions: [v1beta1, v1]', 'storedVersions: [v1beta1]');
    const kept = planMigration(widget(text), 'v1beta1', { objects: objects().slice(0, 0) }).plan;
    expect(kept?.verdict.status).toBe('lossless');
    expect(kept?.steps.every((s) => s.done)).toBe(true);
    // the same CRD state, with object c (v1's spec.params, which v1beta1 lacks) rewritten at v1beta1
    const lossy = planMigration(widget(text), 'v1beta1', { objects: objects() }).plan;
    expect(lossy?.objects.some((o) => o.dropped.length > 0)).toBe(true);
    expect(lossy?.verdict.status).toBe('lossy');
    expect(lossy?.steps.some((s) => s.done)).toBe(false);
  });

  it('a webhook the rewrites do not run: the verdict cannot tell, and no step is done', () => {
    const text = read('widget-crd-stored.yaml')
      .replace('storedVersions: [v1beta1, v1]', 'storedVersions: [v1beta1]')
      .replace(/^spec:\n/m, 'spec:\n  conversion: { strategy: Webhook }\n');
    const kind = widget(text);
    expect(kind.conversionStrategy).toBe('Webhook');
    const b = objects().filter((d) => (d.value as { metadata?: { name?: string } }).metadata?.name === 'b');
    const { plan } = planMigration(kind, 'v1beta1', { objects: b });
    expect(plan?.verdict.status).toBe('undetermined');
    expect(plan?.steps.some((s) => s.done)).toBe(false);
  });

  it('assumes the storage version alone when the file has no (or an empty) status.storedVersions', () => {
    for (const text of [
      read('widget-crd-stored.yaml').replace(/status:\n {2}storedVersions: \[v1beta1, v1\]\n/, ''),
      read('widget-crd-stored.yaml').replace('storedVersions: [v1beta1, v1]', 'storedVersions: []'),
    ]) {
      const { plan } = planMigration(widget(text), 'v1');
      expect([plan?.storedVersions, plan?.storedVersionsFrom, plan?.drop]).toEqual([
        ['v1beta1'],
        'assumed',
        ['v1beta1'],
      ]);
    }
  });

  it('rewrites each object of the kind at the target and says what it loses', () => {
    const { plan } = planMigration(widget(), 'v1', { objects: objects() });
    expect(plan?.objects.map((o) => [o.namespace, o.name, o.from, o.to, o.dropped.map(formatPath)])).toEqual([
      ['team-a', 'a', 'v1beta1', 'v1', ['spec.param']],
      ['team-b', 'b', 'v1beta1', 'v1', []],
      ['team-a', 'c', 'v1', 'v1', []],
    ]);
    expect(plan?.objects[0]?.document).toEqual({
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: { name: 'a', namespace: 'team-a', resourceVersion: '12' },
      spec: { replicas: 2, labels: { tier: 'web' } },
      status: { phase: 'Ready' },
    });
    expect(plan?.objects[0]?.range?.start.line).toBe(5);
  });

  it('takes another rewrite (the "as deployed" pipeline) through the same interface', () => {
    const calls: string[] = [];
    const rewrite: Rewrite = (doc, from, to) => {
      calls.push(`${from}->${to}`);
      return { doc: { ...doc, rewritten: true }, dropped: [['x']] };
    };
    const { plan } = planMigration(widget(), 'v1', { objects: objects(), rewrite });
    expect(calls).toEqual(['v1beta1->v1', 'v1beta1->v1', 'v1->v1']);
    expect(plan?.objects.every((o) => o.dropped.length === 1)).toBe(true);
  });

  it('reports an object at a version the CRD does not have, and an unknown target', () => {
    const docs = parseResources('apiVersion: example.com/v9\nkind: Widget\nmetadata: { name: z }\n').documents;
    const { plan } = planMigration(widget(), 'v1', { objects: docs });
    expect(plan?.issues.map((i) => [i.code, i.path])).toEqual([['UNKNOWN_VERSION', ['apiVersion']]]);
    expect(planMigration(widget(), 'v3').issues.map((i) => i.code)).toEqual(['UNKNOWN_VERSION']);
  });

  it('says when a webhook conversion is not simulated by the default rewrite', () => {
    const text = read('widget-crd-stored.yaml').replace(
      '  scope: Namespaced\n',
      "  scope: Namespaced\n  conversion: { strategy: Webhook, webhook: { conversionReviewVersions: [v1], clientConfig: { url: 'https://x.example' } } }\n",
    );
    expect(planMigration(widget(text), 'v1').issues.map((i) => i.code)).toEqual(['WEBHOOK_NOT_SIMULATED']);
  });
});
