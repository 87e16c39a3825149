// Copy as Markdown says what the view's verdict says: a Gateway API HTTPRoute whose path value breaks the CRD's
// CEL rule opens with "Would be rejected" and the reason, never "Lossless".
import { expect, it } from 'vitest';
import { readCorpusFile } from '../../core/testdata/loadCatalogs.ts';
import { describeCorpus } from '../../core/testdata/corpusSuite.ts';
import { serializeCatalog } from '../../core/index.ts';
import { importFiles } from '../../importers/index.ts';
import { explore, setCatalog } from '../viewModel/engine.ts';
import { markdownSummary, summaryFromExplore } from './markdown.ts';
import { httpRoute } from '../../core/testdata/httpRoute.ts';

describeCorpus('Copy as Markdown renders the verdict', () => {
  const crd = readCorpusFile('gateway-api/crds/v1.6.1-standard/gateway.networking.k8s.io_httproutes.yaml');
  const { catalog } = importFiles([{ name: 'httproutes.yaml', text: crd }]);
  setCatalog('routes', JSON.parse(serializeCatalog(catalog)) as unknown);
  const md = (value: string) => {
    const r = explore({ catalogKey: 'routes', input: httpRoute(value), document: 0, targetVersion: 'v1' });
    return { r, md: markdownSummary({ ...summaryFromExplore(r)!, link: 'https://example.invalid/#x' }) };
  };

  it('a path value the CEL rule refuses: rejected on the write, with the rule at the value', () => {
    const { r, md: text } = md('cart');
    expect(r.verdict?.status).toBe('rejected');
    expect(r.verdict?.rejections.map((x) => [x.on, x.issue.path.join('.')])).toContainEqual([
      'write',
      'spec.rules.0.matches.0.path',
    ]);
    expect(text.split('\n')[0]).toMatch(/^\*\*Would be rejected: the write at v1 fails/);
    expect(text).not.toMatch(/Lossless/i);
  });

  it('the same route with an absolute path: accepted and lossless', () => {
    const { r, md: text } = md('/cart');
    expect(r.verdict?.status).toBe('lossless');
    expect(text.split('\n')[0]).toMatch(/^\*\*Accepted and lossless/);
  });
});
