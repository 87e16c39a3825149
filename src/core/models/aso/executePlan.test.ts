// Execution runs the Plan: the gap shapes and built-in rules it needs are public fields of the plan, and
// running a plan value gives what convertResource gives.
import { describe, expect, it } from 'vitest';
import { convertResource, executePlan } from './convertResource.ts';
import { planConversion } from '../../plan/planConversion.ts';
import { findKind } from '../../catalog/catalogLookup.ts';
import { chained, gap } from '../../testdata/fixtures.ts';

const hubDoc = {
  apiVersion: 'example.com/v3storage',
  kind: 'Gadget',
  metadata: {},
  spec: { name: 'n', thing: { b: 2 } },
};

describe('the plan carries what execution needs', () => {
  it('names the gap shape of a bag entry going down into a version gap and plans its reshaping', () => {
    const { plan } = planConversion(gap(), 'Gadget', 'hub', 'v2storage');
    const hop = plan?.hops[0];
    const spec = hop?.types.find((t) => t.role === 'spec');
    const thing = spec?.steps.find((s) => s.source === 'thing');
    expect(thing).toMatchObject({ handler: 'property-bag', bagShape: { version: 'v1storage', holder: 'GadgetSpec' } });
    expect(hop?.shapes?.map((t) => [t.sourceVersion, t.destinationVersion, t.sourceType, t.destinationType])).toEqual([
      ['v3storage', 'v1storage', 'Thing', 'Thing'],
    ]);
  });

  it('names the gap shape of a bag entry read going up out of the gap', () => {
    const { plan } = planConversion(gap(), 'Gadget', 'v2storage', 'hub');
    const spec = plan?.hops[0]?.types.find((t) => t.role === 'spec');
    expect(spec?.steps.find((s) => s.destination === 'thing')).toMatchObject({
      handler: 'read-bag',
      bagShape: { version: 'v1storage' },
    });
    expect(plan?.hops[0]?.shapes?.map((t) => [t.sourceVersion, t.destinationVersion])).toEqual([
      ['v1storage', 'v3storage'],
    ]);
  });

  it('marks the root and spec rules as public step rules', () => {
    const { plan } = planConversion(gap(), 'Gadget', 'v1', 'hub');
    const root = plan?.hops[0]?.types[0];
    expect(root?.role).toBe('root');
    expect(root?.steps.filter((s) => s.rule).map((s) => [s.destination, s.rule])).toEqual([
      ['apiVersion', 'api-version'],
      ['kind', 'kind'],
      ['metadata', 'metadata'],
    ]);
    const spec = plan?.hops[0]?.types.find((t) => t.role === 'spec');
    expect(spec?.steps.find((s) => s.destination === 'originalVersion')?.rule).toBe('original-version-set');
  });

  it('plans a version to itself as one hop (the schema still prunes)', () => {
    const { plan } = planConversion(gap(), 'Gadget', 'v1', 'v1');
    expect(plan?.hops.map((h) => [h.from, h.to])).toEqual([['v1', 'v1']]);
  });
});

describe('executePlan runs the plan it is given', () => {
  it('gives what convertResource gives, gap shapes included', () => {
    const cat = gap();
    const kind = findKind(cat, 'Gadget');
    const { plan } = planConversion(cat, 'Gadget', 'hub', 'v1storage');
    if (!kind || !plan) throw new Error('fixture');
    const viaPlan = executePlan(cat, kind, plan, hubDoc);
    const direct = convertResource(cat, hubDoc, 'v1storage');
    expect(viaPlan.output).toEqual(direct.output);
    expect(viaPlan.fates).toEqual(direct.fates);
    expect(viaPlan.output).toMatchObject({ spec: { thing: { $propertyBag: { B: '2' } } } });
  });

  it('follows the plan, not the catalog: a plan without a step does not move that field', () => {
    const cat = chained();
    const kind = cat.kinds[0];
    const v1 = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: {}, spec: { colour: 'red' } };
    const { plan } = planConversion(cat, 'Widget', 'v1', 'hub', { strategy: 'chained' });
    if (!kind || !plan) throw new Error('fixture');
    const without = {
      ...plan,
      hops: plan.hops.map((h) => ({
        ...h,
        types: h.types.map((t) => ({ ...t, steps: t.steps.filter((s) => s.source !== 'colour') })),
      })),
    };
    const out = executePlan(cat, kind, without, v1).output as { spec: Record<string, unknown> };
    expect(out.spec.colour).toBeUndefined();
    expect((executePlan(cat, kind, plan, v1).output as { spec: Record<string, unknown> }).spec.colour).toBe('red');
  });
});
