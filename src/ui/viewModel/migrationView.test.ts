import { describe, expect, it } from 'vitest';
import { serializeCatalog } from '../../core/index.ts';
import { builtinCatalog } from '../../core/testdata/loadCatalogs.ts';
import example from '../../catalogs/widget/example.yaml?raw';
import { migrationView } from './migrationView.ts';

const json = JSON.parse(serializeCatalog(builtinCatalog('widget'))) as unknown;
const WIDGET = { group: 'shop.example.com', kind: 'Widget' };

describe('migrationView', () => {
  it('plans for the CRD storage version unless another is picked, with the editor objects rewritten', () => {
    const view = migrationView(json, WIDGET, example)!;
    expect(view.to).toBe(view.versions.find((v) => v.crdStorage)?.name);
    expect(view.plan.objects).toHaveLength(1);
    expect(view.plan.objects[0]!.to).toBe(view.to);
  });

  it('names what the built-in example loses when rewritten at the storage version', () => {
    const view = migrationView(json, WIDGET, example)!;
    expect(view.plan.objects[0]!.dropped.map((p) => p.join('.'))).toContain('spec.colour');
  });

  it('ignores a picked version the kind does not have, and answers undefined for an unknown kind', () => {
    expect(migrationView(json, WIDGET, example, 'v9')!.to).toBe(migrationView(json, WIDGET, example)!.to);
    expect(migrationView(json, { group: 'x', kind: 'Nope' }, example)).toBeUndefined();
    expect(migrationView({ not: 'a catalog' }, WIDGET, example)).toBeUndefined();
  });
});
