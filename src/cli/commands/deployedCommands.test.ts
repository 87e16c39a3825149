import path from 'node:path';
import { expect, it } from 'vitest';
import { corpusPath } from '../../core/testdata/corpus.ts';
import { describeCorpus } from '../../core/testdata/corpusSuite.ts';
import { closingLine } from '../testdata/closing.ts';
import { fakeIO } from '../testdata/fakeIO.ts';
import { convert } from './convert.ts';
import { diff } from './diff.ts';
import { plan } from './plan.ts';
import { roundtrip } from './roundtrip.ts';

const FLUX = corpusPath('fluxcd-helm-controller');
const CRDS = path.join(FLUX, 'crds');
const SAMPLE = path.join(FLUX, 'samples/v0.31.2/config/testdata/post-renderer-kustomize/helmrelease.yaml');
const PATCHES = 'spec.postRenderers[0].kustomize.patchesStrategicMerge';

describeCorpus('convert --storage deployed', () => {
  it('reports the HelmRelease post-renderer patches dropped on write with their paths and exits 1', async () => {
    const f = fakeIO();
    expect(await convert(['--catalog', CRDS, '-f', SAMPLE, '--to', 'v2', '--storage', 'deployed'], f.io)).toBe(1);
    const lines = f.err().split('\n');
    const dropped = lines.filter((l) => l.includes('error DROPPED_ON_WRITE'));
    expect(dropped.some((l) => l.endsWith(`(at ${PATCHES})`))).toBe(true);
    expect(dropped.every((l) => /^.+helmrelease\.yaml:\d+:\d+: /.test(l))).toBe(true);
    expect(f.err()).toContain('info CONVERSION_UNDECLARED');
    expect(f.out()).toContain('apiVersion: helm.toolkit.fluxcd.io/v2\n');
    expect(f.out()).not.toContain('patchesStrategicMerge');
  });

  it('is the default view for a plain CRD folder; --storage aso keeps the patches in the v2storage bag', async () => {
    const d = fakeIO();
    expect(await convert(['--catalog', CRDS, '-f', SAMPLE, '--to', 'v2'], d.io)).toBe(1);
    expect(d.err()).toContain('DROPPED_ON_WRITE');
    const a = fakeIO();
    await convert(['--catalog', CRDS, '-f', SAMPLE, '--to', 'hub', '--storage', 'aso'], a.io);
    expect(a.out()).toContain('apiVersion: helm.toolkit.fluxcd.io/v2storage');
    expect(a.err()).not.toContain('DROPPED_ON_WRITE');
  });

  it('--to hub means the storage version; synthetic storage variants do not exist in this view', async () => {
    const f = fakeIO();
    await convert(['--catalog', CRDS, '-f', SAMPLE, '--to', 'hub', '-o', 'json'], f.io);
    expect((JSON.parse(f.out()) as { apiVersion: string }).apiVersion).toBe('helm.toolkit.fluxcd.io/v2');
    const g = fakeIO();
    expect(await convert(['--catalog', CRDS, '-f', SAMPLE, '--to', 'v2storage', '--storage', 'deployed'], g.io)).toBe(
      2,
    );
    expect(g.err()).toContain('UNKNOWN_VERSION');
  });

  it('--conversion webhook shows what the webhook decides as not modelled, not lost, and cannot tell', async () => {
    const f = fakeIO();
    // "cannot tell" is no all-clear: exit 1, and the closing line says why
    expect(await convert(['--catalog', CRDS, '-f', SAMPLE, '--to', 'v2', '--conversion', 'webhook'], f.io)).toBe(1);
    expect(f.err().trimEnd().split('\n').at(-1)).toMatch(/^verdict: Cannot tell/);
    expect(f.err()).toContain(`info WEBHOOK_NOT_MODELLED`);
    expect(f.err()).toContain(`(at ${PATCHES})`);
    expect(f.err()).not.toContain('DROPPED_ON_WRITE');
    expect(f.err()).not.toContain('CONVERSION_UNDECLARED');
  });

  it('rejects bad or contradictory options with exit 2', async () => {
    for (const extra of [
      ['--storage', 'etcd'],
      ['--conversion', 'maybe'],
      ['--storage', 'deployed', '--hub', 'v2'],
      ['--storage', 'aso', '--conversion', 'none'],
    ]) {
      const f = fakeIO();
      expect(await convert(['--catalog', CRDS, '-f', SAMPLE, '--to', 'v2', ...extra], f.io)).toBe(2);
    }
  });
});

describeCorpus('roundtrip --storage deployed', () => {
  it('reports what a write at V and reads at every served version lose, exit 1', async () => {
    const f = fakeIO();
    expect(await roundtrip(['--catalog', CRDS, '--samples', SAMPLE, '--storage', 'deployed'], f.io)).toBe(1);
    expect(f.out()).toMatch(
      /^LOSS {2}HelmRelease v2beta1 {2}1 samples {2}\(stored at v2, None; read at v2beta1, v2beta2, v2\)/,
    );
    expect(f.out()).toContain(`read at v2beta1: dropped on write `);
    expect(f.out()).toContain(PATCHES);
  });

  it('--json is stable and says which reads lose what', async () => {
    const a = fakeIO();
    const b = fakeIO();
    await roundtrip(['--catalog', CRDS, '--samples', SAMPLE, '--json'], a.io);
    await roundtrip(['--catalog', CRDS, '--samples', SAMPLE, '--json'], b.io);
    expect(a.out()).toBe(b.out());
    const r = JSON.parse(a.out()) as {
      ok: boolean;
      storage: string;
      results: { losses: { readAt: string; droppedOnWrite: string[] }[] }[];
    };
    expect(r.ok).toBe(false);
    expect(r.storage).toBe('deployed');
    expect(r.results[0]?.losses.map((l) => l.readAt)).toEqual(['v2beta1', 'v2beta2', 'v2']);
    expect(r.results[0]?.losses[0]?.droppedOnWrite).toContain(PATCHES);
  });

  it('a sample that loses nothing passes', async () => {
    const f = fakeIO('', {
      '/ok.yaml':
        'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: {name: a}\nspec: {interval: 5m, chart: {spec: {chart: c, sourceRef: {kind: HelmRepository, name: r}}}}\n',
    });
    expect(await roundtrip(['--catalog', CRDS, '--samples', '/ok.yaml'], f.io)).toBe(0);
    expect(f.out()).toMatch(/^ok {4}HelmRelease v2 {2}1 samples/);
  });
});

describeCorpus('diff and plan --storage deployed', () => {
  it('diff lists the fields a write at v2beta1 drops, exit 1', async () => {
    const f = fakeIO();
    expect(
      await diff(['--catalog', CRDS, '--kind', 'HelmRelease', '--from', 'v2beta1', '--to', 'v2', '--json'], f.io),
    ).toBe(1);
    const r = JSON.parse(f.out()) as { lossless: boolean; storage: string; droppedOnWrite: string[][] };
    expect(r.lossless).toBe(false);
    expect(r.storage).toBe('v2');
    expect(r.droppedOnWrite).toContainEqual(['spec', 'postRenderers', '*', 'kustomize', 'patchesStrategicMerge']);
  });

  it('plan prints the stages; a plan that drops fields exits 1 with the verdict naming them', async () => {
    const f = fakeIO();
    expect(await plan(['--catalog', CRDS, '--kind', 'HelmRelease', '--from', 'v2beta1', '--to', 'v2beta2'], f.io)).toBe(
      1,
    );
    closingLine(f.err(), 'lossy');
    expect(f.out()).toContain("read at v2beta2: v2's defaults, convert v2 -> v2beta2, prune by v2beta2");
    expect(f.out()).toContain('dropped on write (by v2)  spec.postRenderers.*.kustomize.patchesStrategicMerge');
  });
});
