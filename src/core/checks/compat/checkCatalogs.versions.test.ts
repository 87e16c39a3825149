// checkCatalogs across versions and kinds: removed, added and stored versions, and kinds paired by group and kind.
import { describe, expect, it } from 'vitest';
import { checkCatalogs } from './checkCatalogs.ts';
import { base, catalogOf, found, props, twoVersions, WEBHOOK } from './testdata/widgetCrd.ts';

describe('checkCatalogs: versions and kinds', () => {
  it('a version still in status.storedVersions cannot go', () => {
    const old = twoVersions(base());
    old.status = { storedVersions: ['v1beta1', 'v1'] };
    const neu = structuredClone(old);
    neu.spec.versions.splice(1, 1);
    expect(found(old, neu)).toEqual([{ rule: 'stored-version-removed', path: '.', version: 'v1' }]);
  });

  it('without status, the storage version counts as stored; a served version that was never stored is version-removed', () => {
    const old = twoVersions(base());
    const dropStorage = structuredClone(old);
    dropStorage.spec.versions.splice(0, 1);
    dropStorage.spec.versions[0].storage = true;
    expect(found(old, dropStorage).map((f) => f.rule)).toEqual(['storage-changed', 'stored-version-removed']);
    const dropServed = structuredClone(old);
    dropServed.spec.versions.splice(1, 1);
    expect(found(old, dropServed).map((f) => f.rule)).toEqual(['version-removed']);
    old.spec.versions[1].served = false;
    const dropUnserved = structuredClone(old);
    dropUnserved.spec.versions.splice(1, 1);
    expect(found(old, dropUnserved).map((f) => f.rule)).toEqual(['unserved-version-removed']);
  });

  it('a new version whose schema differs needs a conversion strategy that can carry it', () => {
    const old = base();
    const neu = twoVersions(base());
    delete props(neu, 1).param;
    expect(found(old, neu)).toEqual([{ rule: 'version-added-without-conversion', path: '.', version: 'v1' }]);
    const same = twoVersions(base());
    expect(found(old, same)).toEqual([{ rule: 'version-added', path: '.', version: 'v1' }]);
    const hooked = structuredClone(neu);
    hooked.spec.conversion = WEBHOOK;
    expect(found(old, hooked).map((f) => f.rule)).toEqual(['conversion-webhook-added', 'version-added']);
  });

  it('kinds pair by group and kind: one removed, one added', () => {
    const gadget = base();
    gadget.spec.names = { kind: 'Gadget', plural: 'gadgets' };
    gadget.metadata.name = 'gadgets.example.com';
    const r = checkCatalogs(catalogOf(base()), catalogOf(gadget));
    expect(r.findings.map((f) => [f.kind, f.rule])).toEqual([
      ['Widget', 'kind-removed'],
      ['Gadget', 'kind-added'],
    ]);
    expect(r.compared).toEqual([]);
  });

  it('lists the kinds and versions compared field by field', () => {
    const r = checkCatalogs(catalogOf(twoVersions(base())), catalogOf(twoVersions(base())));
    expect(r.compared).toEqual([{ group: 'example.com', kind: 'Widget', versions: ['v1beta1', 'v1'] }]);
  });
});
