import { describe, expect, it } from 'vitest';
import { catalogProvenance, pinOf, rawUrlOf } from './provenance.ts';

describe('rawUrlOf', () => {
  it('turns a GitHub blob page into its raw file', () => {
    expect(rawUrlOf('https://github.com/fluxcd/helm-controller/blob/v1.3.0/config/crd/bases/x.yaml?plain=1')).toBe(
      'https://raw.githubusercontent.com/fluxcd/helm-controller/v1.3.0/config/crd/bases/x.yaml',
    );
    expect(rawUrlOf('https://raw.githubusercontent.com/a/b/v1/x.yaml')).toBeUndefined();
    expect(rawUrlOf('https://example.com/a/b/blob/v1/x.yaml')).toBeUndefined();
  });
});

describe('pinOf', () => {
  it.each([
    ['https://raw.githubusercontent.com/a/b/v1.3.0/x.yaml', 'tag'],
    ['https://raw.githubusercontent.com/a/b/refs/tags/release-1/x.yaml', 'tag'],
    ['https://raw.githubusercontent.com/a/b/e47f47f1282d1c66b180be7a386f5afbe3f5ae26/x.yaml', 'commit'],
    ['https://raw.githubusercontent.com/a/b/main/x.yaml', 'branch'],
    ['https://raw.githubusercontent.com/a/b/refs/heads/feature/x.yaml', 'branch'],
    ['https://raw.githubusercontent.com/a/b/my-feature/x.yaml', 'unknown'],
    ['https://example.com/x.yaml', 'unknown'],
  ])('%s is %s', (url, pin) => expect(pinOf(url)).toBe(pin));
});

describe('catalogProvenance', () => {
  it('names a URL with its pin and hash, and embedded files with the catalog hash', () => {
    expect(
      catalogProvenance({
        type: 'url',
        url: 'https://raw.githubusercontent.com/a/b/v1.0.0/x.yaml',
        hash: 'abcdef0123456789',
      }),
    ).toBe('<https://raw.githubusercontent.com/a/b/v1.0.0/x.yaml> (at a tag; content hash `abcdef012345`)');
    expect(
      catalogProvenance({
        type: 'embedded',
        name: 'crds',
        hash: '0123456789abcdef',
        sources: [{ name: 'a.yaml', text: '' }],
      }),
    ).toBe('file `a.yaml` embedded in the link (catalog hash `0123456789ab`)');
  });
});
