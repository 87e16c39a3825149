// The worker's explore in the as-deployed view: the Flux HelmRelease v2beta1 post-renderer patches are dropped
// on write (banner, Stored pane, editor colours), the storage view follows the request, the pickers' versions
// are the CRD's own.
import { describe, expect, it } from 'vitest';
import { readCorpusFile } from '../../core/testdata/loadCatalogs.ts';
import { describeCorpus } from '../../core/testdata/corpusSuite.ts';
import { serializeCatalog } from '../../core/index.ts';
import { importFiles } from '../../importers/index.ts';
import { explore, setCatalog } from './engine.ts';
import { lineAt } from './packLines.ts';
import { markdownSummary, summaryFromExplore } from '../share/markdown.ts';
import type { ExploreRequest, PaneView } from './types.ts';

const keys = (p: PaneView | undefined): string[] =>
  p ? Array.from({ length: p.lines.size }, (_, i) => lineAt(p.lines, i).key ?? '') : [];
const PATCHES = 'spec.postRenderers[0].kustomize.patchesStrategicMerge';

describeCorpus('the Flux HelmRelease from the corpus', () => {
  const sample = readCorpusFile(
    'fluxcd-helm-controller/samples/v0.31.2/config/testdata/post-renderer-kustomize/helmrelease.yaml',
  );
  const crd = 'fluxcd-helm-controller/crds/helm.toolkit.fluxcd.io_helmreleases.yaml';
  const { catalog } = importFiles([{ name: 'helmreleases.yaml', text: readCorpusFile(crd) }]);
  setCatalog('flux', JSON.parse(serializeCatalog(catalog)) as unknown);

  describe('explore in the deployed view', () => {
    const req: ExploreRequest = { catalogKey: 'flux', input: sample, document: 0, targetVersion: 'v2' };

    it('is the default for a plain CRD and reports the patches dropped on write', () => {
      const r = explore(req);
      expect(r.storageView).toBe('deployed');
      const d = r.deployed!;
      expect(d.storage).toBe('v2');
      expect(d.stored.version).toBe('v2');
      expect(d.droppedOnWrite.map((f) => f.path)).toContain(PATCHES);
      expect(keys(d.stored)).not.toContain('patchesStrategicMerge');
      expect(r.sourceFates).toContainEqual(expect.objectContaining({ fate: 'lost' }));
      expect(d.versions).toEqual(['v2beta1', 'v2beta2', 'v2']);
      expect(d.conversionUndeclared).toBe(true);
    });

    it('follows the request: the ASO view has no deployed panes, a webhook choice reports not-modelled fields', () => {
      expect(explore({ ...req, storage: 'aso' }).deployed).toBeUndefined();
      const w = explore({ ...req, conversion: 'Webhook' }).deployed!;
      expect(w.conversion).toBe('Webhook');
      expect(w.droppedOnWrite.map((f) => f.path)).not.toContain(PATCHES);
      expect(w.fates.filter((f) => f.kind === 'webhook-not-modelled').map((f) => f.path)).toContain(PATCHES);
    });
  });

  describe('Copy as Markdown in the deployed view', () => {
    it('names the view and lists what the write drops, without bag rows', () => {
      const r = explore({ catalogKey: 'flux', input: sample, document: 0, targetVersion: 'v2' });
      const md = markdownSummary({ ...summaryFromExplore(r)!, link: 'https://example.invalid/#v1.x' });
      expect(md).toContain('View: As deployed');
      expect(md).toContain('`spec.postRenderers[0].kustomize.patchesStrategicMerge`');
      expect(md).not.toContain('$propertyBag');
      expect(md.split('\n')[0]).toMatch(/^\*\*Lossy: 2 fields lost between v2beta1 and v2 /);
      expect(md).not.toMatch(/hub|v2storage|property bag/i);
    });
  });
});
