// Compact fates: with every fate computed and no hooks, a wholly copied subtree has one `copied` fate (it
// covers its fields); anything else keeps its per-field fates. Hooks turn compaction off.
import { describe, expect, it } from 'vitest';
import { convertResource } from './convertResource.ts';
import { hookRegistry } from '../../plan/hooks.ts';
import { serviceFabric } from '../../testdata/fixtures.ts';
import type { ConversionResult } from '../../plan/conversionTypes.ts';

const doc = () => ({
  apiVersion: 'servicefabric.azure.com/2016-03-01',
  kind: 'Cluster',
  metadata: { name: 'c1' },
  spec: {
    managementEndpoint: 'https://x',
    reliabilityLevel: 'Silver',
    certificate: { thumbprint: 't', x509StoreName: 'My' },
  },
});

const sources = (r: ConversionResult) => r.fates.map((f) => (f.sourcePath ?? []).join('.'));

describe('compact fates', () => {
  it('gives a wholly copied object one copied fate and none for its fields', () => {
    const r = convertResource(serviceFabric(), doc(), 'hub');
    const cert = r.fates.filter((f) => f.sourcePath?.[1] === 'certificate');
    expect(cert.map((f) => [f.kind, f.sourcePath, f.targetPath, f.causes.map((c) => c.rule)])).toEqual([
      ['copied', ['spec', 'certificate'], ['spec', 'certificate'], ['copy']],
    ]);
  });

  it('keeps per-field fates in an object where something else happened', () => {
    const r = convertResource(serviceFabric(), doc(), 'hub');
    // spec holds a bagged field, so its plain fields keep their own fates
    expect(sources(r)).toContain('spec.managementEndpoint');
    expect(r.fates.find((f) => f.sourcePath?.join('.') === 'spec.reliabilityLevel')?.kind).toBe('manual');
  });

  it('records every field with hooks registered (a hook may take a field over)', () => {
    const hooks = hookRegistry([
      {
        kind: 'Cluster',
        from: 'nope',
        to: 'nope',
        type: 'Nope',
        hook: { afterToHub: () => undefined, afterFromHub: () => undefined },
      },
    ]);
    const r = convertResource(serviceFabric(), doc(), 'hub', { hooks });
    expect(sources(r)).toEqual(
      expect.arrayContaining(['spec.certificate.thumbprint', 'spec.certificate.x509StoreName']),
    );
    expect(sources(r)).not.toContain('spec.certificate');
  });

  it('converts the same output either way', () => {
    const hooks = hookRegistry([
      {
        kind: 'X',
        from: 'a',
        to: 'b',
        type: 'T',
        hook: { afterToHub: () => undefined, afterFromHub: () => undefined },
      },
    ]);
    expect(convertResource(serviceFabric(), doc(), 'hub').output).toEqual(
      convertResource(serviceFabric(), doc(), 'hub', { hooks }).output,
    );
  });
});
