import { describe, expect, it } from 'vitest';
import { convertResource } from './convertResource.ts';
import { findKindForDocument } from '../../catalog/findKindForDocument.ts';
import { hookRegistry } from '../../plan/hooks.ts';
import { originalGVK, versionedSpec } from '../../analyse/versionedSpec.ts';
import { chained, chainedUpHook, chainedWidgetV1, personV1V2, serviceFabric } from '../../testdata/fixtures.ts';
import { issuePaths } from '../../testdata/issuePaths.ts';

const sfDoc = () => ({
  apiVersion: 'servicefabric.azure.com/2016-03-01',
  kind: 'Cluster',
  metadata: { name: 'c1', labels: { a: 'b' } },
  spec: {
    managementEndpoint: 'https://x',
    nodeTypes: [{ name: 'n1', vmInstanceCount: 3, isPrimary: true }],
    reliabilityLevel: 'Silver',
    upgradeDescription: { overrideUserUpgradePolicy: true },
    httpApplicationGatewayCertificate: { thumbprint: 'abc' },
    certificate: { thumbprint: 't', x509StoreName: 'My' },
    vmImage: 'Windows',
  },
});

const kinds = (fates: readonly { kind: string; sourcePath?: readonly (string | number)[] }[]) =>
  Object.fromEntries(fates.filter((f) => f.sourcePath).map((f) => [(f.sourcePath ?? []).join('.'), f.kind]));

describe('convertResource', () => {
  it('converts a spoke to the hub: bag for removed and type-changed fields, originalVersion, apiVersion', () => {
    const input = sfDoc();
    const frozen = JSON.stringify(input);
    const r = convertResource(serviceFabric(), input, 'hub');
    expect(JSON.stringify(input)).toBe(frozen);
    const out = r.output as { apiVersion: string; metadata: unknown; spec: Record<string, unknown> };
    expect(out.apiVersion).toBe('servicefabric.azure.com/2016-09-01storage');
    expect(out.metadata).toEqual(input.metadata);
    expect(out.spec.originalVersion).toBe('2016-03-01');
    expect(Object.keys(out.spec.$propertyBag as object)).toEqual([
      'HttpApplicationGatewayCertificate',
      'NodeTypes',
      'ReliabilityLevel',
      'UpgradeDescription',
    ]);
    expect((out.spec.$propertyBag as Record<string, string>).ReliabilityLevel).toBe('Silver');
    expect(out.spec.nodeTypes).toBeUndefined();
    const k = kinds(r.fates);
    expect(k['spec.nodeTypes']).toBe('manual');
    expect(k['spec.httpApplicationGatewayCertificate']).toBe('bagged');
    expect(k['spec.managementEndpoint']).toBe('copied');
    // a wholly copied object has one `copied` fate for its subtree (compact fates), covering its fields
    expect(k['spec.certificate.thumbprint'] ?? k['spec.certificate']).toBe('copied');
    expect(k['spec.certificate']).toBe('copied');
    expect(
      r.issues
        .filter((i) => i.code === 'NEEDS_HANDWRITTEN_CONVERSION')
        .map((i) => i.path.join('.'))
        .sort(),
    ).toEqual(['spec.nodeTypes', 'spec.reliabilityLevel', 'spec.upgradeDescription']);
  });

  it('round-trips ServiceFabric spoke -> hub -> spoke losslessly', () => {
    const hub = convertResource(serviceFabric(), sfDoc(), 'hub').output;
    const back = convertResource(serviceFabric(), hub, '2016-03-01');
    expect(back.output).toEqual(sfDoc());
    expect(back.issues.filter((i) => i.severity !== 'info')).toEqual([]);
  });

  it('reports PRUNED for fields not in the source schema and does not carry them', () => {
    const doc = sfDoc() as Record<string, unknown>;
    (doc.spec as Record<string, unknown>).bogus = 1;
    const r = convertResource(serviceFabric(), doc, 'hub');
    expect(r.issues.find((i) => i.code === 'PRUNED')?.path).toEqual(['spec', 'bogus']);
    expect((r.output as { spec: Record<string, unknown> }).spec.bogus).toBeUndefined();
  });

  it('reports REQUIRED_MISSING converting a valid v1 Person to v2 (seed 004), and versionedSpec gives back v1', () => {
    const cat = personV1V2();
    const v1 = {
      apiVersion: 'example.com/v1',
      kind: 'Person',
      metadata: { name: 'p' },
      spec: { name: 'Ann', nickname: 'A' },
    };
    const r = convertResource(cat, v1, 'v2');
    expect(issuePaths(r.issues, 'REQUIRED_MISSING')).toEqual(['spec.postalAddress', 'spec.residentialAddress']);
    const hub = convertResource(cat, v1, 'hub').output;
    expect(originalGVK(cat, hub).gvk).toEqual({ group: 'example.com', version: 'v1', kind: 'Person' });
    expect(versionedSpec(cat, hub).spec).toEqual(v1.spec);
  });

  it('hub -> older API version reports exactly the newer-only fields as lost', () => {
    const cat = chained();
    const v3 = {
      apiVersion: 'example.com/v3',
      kind: 'Widget',
      metadata: {},
      spec: { newName: 'n', extra: { id: 'x' }, blob: { any: [1] }, colour: 'Blue' },
      status: { ready: true, message: 'hi' },
    };
    const hub = convertResource(cat, v3, 'hub').output;
    const r = convertResource(cat, hub, 'v2');
    expect(r.fates.filter((f) => f.kind === 'lost').map((f) => f.sourcePath?.join('.'))).toEqual([
      'spec.blob',
      'spec.extra',
      'status.message',
    ]);
    expect(r.issues.filter((i) => i.code === 'LOST').length).toBe(3);
  });

  it('chained: hub -> older storage -> hub is lossless and bag entries pass through intermediate versions', () => {
    const cat = chained();
    const v3 = {
      apiVersion: 'example.com/v3',
      kind: 'Widget',
      metadata: { name: 'w' },
      spec: { newName: 'n', extra: { id: 'x', size: 2 }, labels: { a: 'b' }, parts: [{ id: 'p' }] },
      status: { ready: true, message: 'm' },
    };
    const hub = convertResource(cat, v3, 'hub').output;
    const old = convertResource(cat, hub, 'v1storage');
    const bag = (old.output as { spec: { $propertyBag: Record<string, string> } }).spec.$propertyBag;
    expect(Object.keys(bag)).toEqual(['Extra']);
    expect((old.output as { spec: { oldName: string } }).spec.oldName).toBe('n');
    const back = convertResource(cat, old.output, 'hub');
    expect(back.output).toEqual(hub);
    // v1 -> hub: legacy goes to the v2 storage bag and stays in the hub's bag
    const v1 = {
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: {},
      spec: { legacy: 'L', oldName: 'o', colour: 'red' },
    };
    const h = convertResource(cat, v1, 'hub', { strategy: 'chained' });
    expect((h.output as { spec: { $propertyBag: Record<string, string> } }).spec.$propertyBag).toEqual({ Legacy: 'L' });
    expect(kinds(h.fates)['spec.legacy']).toBe('bagged');
    expect(kinds(h.fates)['spec.oldName']).toBe('renamed');
    const down = convertResource(cat, h.output, 'v1', { strategy: 'chained' });
    expect((down.output as { spec: unknown }).spec).toEqual({ legacy: 'L', oldName: 'o', colour: 'Red' });
  });

  it('matches enum values case-insensitively and keeps unknown ones with ENUM_UNKNOWN_VALUE', () => {
    const cat = chained();
    const hub = { apiVersion: 'example.com/v3storage', kind: 'Widget', metadata: {}, spec: { colour: 'gReEn' } };
    expect((convertResource(cat, hub, 'v3').output as { spec: { colour: string } }).spec.colour).toBe('Green');
    const r = convertResource(cat, { ...hub, spec: { colour: 'Pink' } }, 'v3');
    expect((r.output as { spec: { colour: string } }).spec.colour).toBe('Pink');
    expect(r.issues.map((i) => i.code)).toContain('ENUM_UNKNOWN_VALUE');
  });

  it('converts only the spec (status passed through untouched) with part: spec', () => {
    const cat = chained();
    const doc = {
      apiVersion: 'example.com/v3',
      kind: 'Widget',
      metadata: {},
      spec: { newName: 'n' },
      status: { ready: true, message: 'm', junk: 1 },
    };
    const r = convertResource(cat, doc, 'v2', { part: 'spec' });
    expect((r.output as { status: unknown }).status).toBe(doc.status);
    expect(r.issues.filter((i) => i.code === 'PRUNED')).toEqual([]);
  });

  it('runs hooks last (after the bag epilogue), nested first, and lets them override', () => {
    const order: string[] = [];
    const hooks = hookRegistry([
      chainedUpHook('WidgetSpec', (_s, d, ctx) => {
        order.push(`spec:${JSON.stringify(d.$propertyBag ?? null)}`);
        d.newName = 'overridden';
        ctx.bag.set('Hooked', 'yes');
      }),
      chainedUpHook('Part', () => void order.push('part')),
      chainedUpHook('Widget', () => void order.push('root')),
    ]);
    const r = convertResource(chained(), chainedWidgetV1(), 'hub', { hooks, strategy: 'chained' });
    expect(order).toEqual(['part', 'spec:{"Legacy":"L"}', 'root']);
    const spec = (r.output as { spec: Record<string, unknown> }).spec;
    expect(spec.newName).toBe('overridden');
    expect(spec.$propertyBag).toEqual({ Hooked: 'yes', Legacy: 'L' });
  });

  it('is deterministic and never mutates the input', () => {
    const doc = sfDoc();
    const a = JSON.stringify(convertResource(serviceFabric(), doc, 'hub'));
    const b = JSON.stringify(convertResource(serviceFabric(), doc, 'hub'));
    expect(a).toBe(b);
    expect(doc).toEqual(sfDoc());
  });

  it('finds the kind of a document or says what is missing', () => {
    const cat = personV1V2();
    expect(findKindForDocument(cat, { kind: 'Person' }).issue?.code).toBe('MISSING_API_VERSION');
    expect(findKindForDocument(cat, { apiVersion: 'example.com/v1', kind: 'Dog' }).issue?.code).toBe('UNKNOWN_KIND');
    expect(findKindForDocument(cat, { apiVersion: 'example.com/v7', kind: 'Person' }).issue?.code).toBe(
      'UNKNOWN_VERSION',
    );
    expect(findKindForDocument(cat, { apiVersion: 'example.com/v2', kind: 'Person' }).version?.name).toBe('v2');
  });
});

describe('convertResource: skipping properties and manual conversions', () => {
  it('keeps a property that skips a version in the bags across the gap: hub -> older storage -> hub is lossless', async () => {
    const { gap } = await import('../../testdata/fixtures.ts');
    const cat = gap();
    const hub = {
      apiVersion: 'example.com/v3storage',
      kind: 'Gadget',
      metadata: {},
      spec: { name: 'n', thing: { b: 2 } },
    };
    for (const via of ['v2storage', 'v1storage']) {
      const down = convertResource(cat, hub, via);
      const up = convertResource(cat, down.output, 'hub');
      expect(up.output).toEqual(hub);
    }
    // across the gap, v2storage holds it in the shape at the start of the gap (v1's Thing{a}), the rest in
    // that object's own bag
    const v2 = convertResource(cat, hub, 'v2storage').output as { spec: { $propertyBag: Record<string, string> } };
    expect(JSON.parse(v2.spec.$propertyBag.Thing as string)).toEqual({ $propertyBag: { B: '2' } });
    const v1 = convertResource(cat, hub, 'v1storage').output as { spec: { thing: unknown } };
    expect(v1.spec.thing).toEqual({ $propertyBag: { B: '2' } });
    // and going up from v1, the v1 shape is converted to v3's at the end of the gap
    const fromV1 = convertResource(
      cat,
      { apiVersion: 'example.com/v1', kind: 'Gadget', metadata: {}, spec: { thing: { a: 'x' } } },
      'hub',
    );
    expect((fromV1.output as { spec: unknown }).spec).toEqual({
      originalVersion: 'v1',
      thing: { $propertyBag: { A: 'x' } },
    });
  });

  it('skips `conversion: manual` properties in the generated steps and reports them without a hook', () => {
    return import('../../testdata/fixtures.ts').then(({ gap }) => {
      const cat = gap();
      const doc = { apiVersion: 'example.com/v3', kind: 'Gadget', metadata: {}, spec: { name: 'n', secret: 's' } };
      const r = convertResource(cat, doc, 'v2');
      expect((r.output as { spec: Record<string, unknown> }).spec.secret).toBeUndefined();
      expect(r.issues.map((i) => i.code)).toContain('NEEDS_HANDWRITTEN_CONVERSION');
      // The same hand-written copy of `secret` on every edge the conversion takes.
      const hooks = hookRegistry(
        [
          ['v2storage', 'v3storage'],
          ['v3', 'v3storage'],
          ['v2', 'v2storage'],
        ].map(([from, to]) => ({
          kind: 'Gadget',
          from: from!,
          to: to!,
          type: 'GadgetSpec',
          hook: {
            afterToHub: (s: Record<string, unknown>, d: Record<string, unknown>) => void (d.secret = s.secret),
            afterFromHub: (s: Record<string, unknown>, d: Record<string, unknown>) => void (d.secret = s.secret),
          },
        })),
      );
      const withHook = convertResource(cat, doc, 'v2', { hooks });
      expect((withHook.output as { spec: Record<string, unknown> }).spec.secret).toBe('s');
      expect(withHook.issues.map((i) => i.code)).not.toContain('NEEDS_HANDWRITTEN_CONVERSION');
    });
  });
});

describe('convertResource: fates', () => {
  const leaves = (v: unknown, path: (string | number)[] = [], out: string[] = []): string[] => {
    if (v !== null && typeof v === 'object') {
      const entries = Array.isArray(v) ? v.map((x, i) => [i, x] as const) : Object.entries(v);
      if (entries.length === 0) out.push(path.join('.'));
      for (const [k, x] of entries) leaves(x, [...path, k], out);
    } else out.push(path.join('.'));
    return out;
  };

  it('gives every field of the input a fate with its source path (and a target path unless lost or pruned)', () => {
    const doc = sfDoc() as Record<string, unknown>;
    (doc.spec as Record<string, unknown>).bogus = { x: 1 };
    const r = convertResource(serviceFabric(), doc, 'hub');
    const covered = r.fates.filter((f) => f.sourcePath).map((f) => (f.sourcePath ?? []).join('.'));
    const missing = leaves(doc).filter(
      (l) => !['apiVersion', 'kind'].includes(l) && !covered.some((c) => l === c || l.startsWith(`${c}.`)),
    );
    expect(missing).toEqual([]);
    for (const f of r.fates) {
      if (f.kind === 'lost' || f.kind === 'pruned') expect(f.targetPath).toBeUndefined();
      else expect(f.targetPath).toBeDefined();
    }
    expect(r.fates.find((f) => f.kind === 'pruned')?.sourcePath).toEqual(['spec', 'bogus']);
  });

  it('sorts fates by source path', () => {
    const r = convertResource(serviceFabric(), sfDoc(), 'hub');
    const order = r.fates.map((f) => (f.sourcePath ?? []).join('.'));
    expect(order.indexOf('metadata')).toBeLessThan(order.indexOf('spec.certificate'));
    expect(order.indexOf('spec.certificate')).toBeLessThan(order.indexOf('spec.managementEndpoint'));
    expect(order.indexOf('spec.managementEndpoint')).toBeLessThan(order.indexOf('spec.vmImage'));
  });
});

describe('convertResource: dropping values that carry no data', () => {
  it('a null, [] or {} field the destination lacks is not LOST; a real value is', () => {
    const hub = {
      apiVersion: 'example.com/v2storage',
      kind: 'Person',
      metadata: { name: 'p' },
      spec: { name: 'n', postalAddress: {}, residentialAddress: { street: 's' } },
    };
    const r = convertResource(personV1V2(), hub, 'v1');
    expect(r.issues.map((i) => `${i.code}:${i.path.join('.')}`)).toEqual(['LOST:spec.residentialAddress']);
  });
});
