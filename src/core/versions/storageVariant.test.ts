import { describe, expect, it } from 'vitest';
import type { Version } from '../model/model.ts';
import { deriveStorageVariant } from './storageVariant.ts';

const api: Version = {
  name: 'v1',
  role: 'api',
  served: true,
  crdStorage: true,
  deprecated: false,
  root: 'Widget',
  spec: 'spec',
  status: 'status',
  types: {
    Widget: {
      name: 'Widget',
      named: false,
      hasPropertyBag: false,
      properties: [
        { name: 'spec', bagKey: 'Spec', type: { kind: 'object', name: 'WidgetSpec' }, required: true },
        { name: 'status', bagKey: 'Status', type: { kind: 'object', name: 'WidgetStatus' }, required: false },
      ],
    },
    WidgetSpec: {
      name: 'WidgetSpec',
      named: false,
      hasPropertyBag: false,
      description: 'the spec',
      properties: [
        {
          name: 'mode',
          bagKey: 'Mode',
          type: { kind: 'enum', base: 'string', values: ['A', 'B'], name: 'Mode' },
          required: true,
          description: 'mode',
          validation: { pattern: '^[AB]$' },
        },
        {
          name: 'tags',
          bagKey: 'Tags',
          type: { kind: 'array', items: { kind: 'enum', base: 'integer', values: [1, 2] } },
          required: false,
          validation: { maxItems: 3 },
        },
      ],
    },
    WidgetStatus: { name: 'WidgetStatus', named: false, hasPropertyBag: false, properties: [] },
  },
};

describe('deriveStorageVariant', () => {
  const s = deriveStorageVariant(api);

  it('names the variant <v>storage and marks it a derived storage twin', () => {
    expect(s).toMatchObject({
      name: 'v1storage',
      role: 'storage',
      derived: true,
      twin: 'v1',
      root: 'Widget',
      spec: 'spec',
    });
  });

  it('makes every property optional and drops validations and descriptions', () => {
    for (const t of Object.values(s.types))
      for (const p of t.properties) {
        expect(p.required).toBe(false);
        expect(p.validation).toBeUndefined();
        expect(p.description).toBeUndefined();
      }
  });

  it('erases enums to their base primitive, also inside arrays', () => {
    const spec = s.types.WidgetSpec;
    expect(spec?.properties.find((p) => p.name === 'mode')?.type).toEqual({ kind: 'primitive', name: 'string' });
    expect(spec?.properties.find((p) => p.name === 'tags')?.type).toEqual({
      kind: 'array',
      items: { kind: 'primitive', name: 'integer' },
    });
  });

  it('gives every object type a property bag except the resource root', () => {
    expect(s.types.Widget?.hasPropertyBag).toBe(false);
    expect(s.types.WidgetSpec?.hasPropertyBag).toBe(true);
    expect(s.types.WidgetStatus?.hasPropertyBag).toBe(true);
  });

  it('adds originalVersion to the spec type only, keeping properties sorted', () => {
    expect(s.types.WidgetSpec?.properties.map((p) => p.name)).toEqual(['mode', 'originalVersion', 'tags']);
    expect(s.types.WidgetSpec?.properties.find((p) => p.name === 'originalVersion')).toMatchObject({
      bagKey: 'OriginalVersion',
      type: { kind: 'primitive', name: 'string' },
    });
    expect(s.types.WidgetStatus?.properties.map((p) => p.name)).toEqual([]);
  });

  it('keeps type names and the API version untouched', () => {
    expect(Object.keys(s.types)).toEqual(Object.keys(api.types));
    expect(api.types.WidgetSpec?.properties[0]?.required).toBe(true);
  });
});
