import { describe, expect, it } from 'vitest';
import { catalogLabel, catalogRelease, defaultPair, distinctLabels, releaseOf } from './catalogLabel.ts';

const httpRoute = (versions: string[]) => ({
  kinds: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', versions: versions.map((name) => ({ name })) }],
});

describe('catalogLabel', () => {
  it('tells two releases of the same file apart by their versions', () => {
    const name = 'gateway.networking.k8s.io_httproutes';
    const old = catalogLabel({ name, json: httpRoute(['v1alpha2', 'v1beta1']) });
    const neu = catalogLabel({ name, json: httpRoute(['v1', 'v1beta1']) });
    expect(old).toBe(
      'HTTPRoute (gateway.networking.k8s.io) · versions v1alpha2, v1beta1 (gateway.networking.k8s.io_httproutes)',
    );
    expect(neu).not.toBe(old);
  });

  it('prefers the release tag of the URL the file came from; leaves out derived storage versions', () => {
    const json = {
      kinds: [{ group: 'g', kind: 'K', versions: [{ name: 'v1' }, { name: 'v1storage', derived: true }] }],
    };
    const url = 'https://raw.githubusercontent.com/o/r/v1.6.1/config/crd/k.yaml';
    expect(catalogLabel({ name: 'k', json, origins: [{ name: 'k.yaml', url, hash: 'h' }] })).toBe('K (g) · v1.6.1 (k)');
    expect(catalogLabel({ name: 'k', json })).toBe('K (g) · versions v1 (k)');
  });

  it('falls back to the file name for a catalog it cannot read', () => {
    expect(catalogLabel({ name: 'pasted', json: { kinds: '__proto__' } })).toBe('pasted');
    expect(releaseOf('https://x/y/main/z.yaml')).toBeUndefined();
  });
});

describe('catalog names a user can tell apart', () => {
  const route = (name: string, added: number, extra: object = {}) => ({
    name,
    added,
    json: httpRoute(['v1', 'v1beta1']),
    ...extra,
  });

  it('takes the release from the folder the file was read from', () => {
    const c = route('v1.6.1-standard/httproutes.yaml', 1, {
      sources: [{ name: 'v1.6.1-standard/httproutes.yaml', text: '' }],
    });
    expect(catalogRelease(c)).toBe('v1.6.1-standard');
    expect(catalogLabel(c)).toBe('HTTPRoute (gateway.networking.k8s.io) · v1.6.1-standard (httproutes.yaml)');
  });

  it("shows the user's own name once given", () => {
    expect(catalogLabel(route('h.yaml', 1, { label: 'Gateway 1.6' }))).toBe('Gateway 1.6');
  });

  it('numbers labels that repeat, so every option differs', () => {
    const ls = distinctLabels([route('h.yaml', 1), route('h.yaml', 2), route('other.yaml', 3)]);
    expect(new Set(ls).size).toBe(3);
    expect(ls[1]).toBe(`${ls[0]} #2`);
  });

  it('pairs the latest two loads of the same CRDs, the older release first', () => {
    const widget = { name: 'w.yaml', added: 5, json: { kinds: [{ group: 'example.com', kind: 'Widget' }] } };
    const tagged = (tag: string, added: number) =>
      route('h.yaml', added, { origins: [{ name: 'h.yaml', url: `https://x/o/r/${tag}/h.yaml`, hash: 'h' }] });
    const newer = tagged('v1.10.0', 2);
    const older = tagged('v1.6.1', 3);
    expect(defaultPair([newer, older, widget])).toEqual([older, newer]);
    // Without tags: load order.
    const a = route('a.yaml', 1);
    const b = route('b.yaml', 2);
    expect(defaultPair([b, a, widget])).toEqual([a, b]);
    expect(defaultPair([a])).toBeUndefined();
  });
});
