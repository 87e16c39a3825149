import { describe, expect, it } from 'vitest';
import { catalogLabel, releaseOf } from './catalogLabel.ts';

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
