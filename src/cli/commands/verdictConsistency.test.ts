// One verdict, every surface (issue 23): for each view, over corpus samples and generated instances, the verdict
// the view model computes (core's value, as the page shows it), the first line of Copy as Markdown, and the CLI's
// `convert --validate` closing line and exit code all say the same thing for the same input.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { stringify } from 'yaml';
import {
  deployedVersions,
  findKindForDocument,
  parseResources,
  serializeCatalog,
  verdictExitCode,
  verdictHeadline,
  type Catalog,
  type Kind,
  type StorageView,
  type Verdict,
} from '../../core/index.ts';
import { corpusPath } from '../../core/testdata/corpus.ts';
import { describeCorpus } from '../../core/testdata/corpusSuite.ts';
import { arbitraryInstance } from '../../core/testing/arbitrary.ts';
import { markdownSummary, summaryFromExplore } from '../../ui/share/markdown.ts';
import { explore, setCatalog } from '../../ui/viewModel/engine.ts';
import { loadCatalogSource } from '../catalogSource.ts';
import { nodeIO } from '../io.ts';
import { closingLine } from '../testdata/closing.ts';
import { fakeIO } from '../testdata/fakeIO.ts';
import { convert } from './convert.ts';

const FLUX = corpusPath('fluxcd-helm-controller');
const SAMPLES = [
  path.join(FLUX, 'samples/v0.31.2/config/testdata/post-renderer-kustomize/helmrelease.yaml'),
  ...['podinfo/helmrelease-git.yaml', 'install-fail/helmrelease.yaml', 'status-defaults/helmrelease.yaml'].map((f) =>
    path.join(FLUX, 'samples/v0.31.2/config/testdata', f),
  ),
];

interface Case {
  readonly text: string;
  readonly to: string;
}

/** The page's verdict (the view model's), and the first line of its Markdown report. */
function page(key: string, view: StorageView, c: Case): { verdict: Verdict; markdown: string } {
  const r = explore({ catalogKey: key, input: c.text, document: 0, storage: view, targetVersion: c.to });
  expect(r.blocking).toEqual([]);
  const verdict = r.verdict as Verdict;
  const summary = summaryFromExplore(r);
  expect(summary).toBeDefined();
  const markdown = markdownSummary({ ...summary!, link: 'https://example.invalid/' }).split('\n')[0] ?? '';
  return { verdict, markdown };
}

/** `convert --validate` in process: its exit code and the headline of its closing line. */
async function cli(dir: string, view: StorageView, c: Case): Promise<{ code: number; headline: string }> {
  const f = fakeIO(c.text);
  const code = await convert(['--catalog', dir, '-f', '-', '--to', c.to, '--storage', view, '--validate'], f.io);
  return { code, headline: closingLine(f.err()) };
}

async function agree(key: string, dir: string, view: StorageView, c: Case): Promise<void> {
  const { verdict, markdown } = page(key, view, c);
  const headline = verdictHeadline(verdict);
  // Markdown's first line is the headline in bold (HTML-escaped for the comment it is pasted in)
  const unescaped = markdown.replace(/&gt;/g, '>').replace(/&lt;/g, '<').replace(/\\\|/g, '|').replace(/&amp;/g, '&');
  expect(unescaped).toBe(`**${headline}.**`);
  const run = await cli(dir, view, c);
  expect(run.headline, c.text).toBe(headline);
  expect(run.code).toBe(verdictExitCode(verdict));
}

const readVersion = (catalog: Catalog, text: string): { kind: Kind; version: string } | undefined => {
  const doc = parseResources(text, 'x').documents[0]?.value;
  const found = findKindForDocument(catalog, doc);
  return found.kind && found.version ? { kind: found.kind, version: found.version.name } : undefined;
};

describeCorpus('one verdict on every surface: the page, its Markdown and the CLI agree', () => {
  let catalog: Catalog;
  const key = 'consistency-flux';

  beforeAll(async () => {
    const loaded = await loadCatalogSource(path.join(FLUX, 'crds'), nodeIO, {});
    catalog = loaded.catalog as Catalog;
    setCatalog(key, JSON.parse(serializeCatalog(catalog)) as unknown);
  });

  for (const view of ['deployed', 'aso'] as const) {
    it(`${view}: corpus samples, to every served version`, async () => {
      for (const file of SAMPLES) {
        const text = readFileSync(file, 'utf8');
        const at = readVersion(catalog, text);
        if (!at) continue;
        for (const v of deployedVersions(at.kind).filter((x) => x.served))
          await agree(key, path.join(FLUX, 'crds'), view, { text, to: v.name });
      }
    });

    it(`${view}: generated instances (property)`, async () => {
      const kind = catalog.kinds.find((k) => k.kind === 'HelmRelease') as Kind;
      const versions = deployedVersions(kind).filter((v) => v.served);
      const arb = fc
        .tuple(fc.constantFrom(...versions.map((v) => v.name)), fc.constantFrom(...versions.map((v) => v.name)))
        .chain(([from, to]) =>
          arbitraryInstance(catalog, kind, from, { maxDepth: 3, maxItems: 2 }).map((doc) => ({ doc, to })),
        );
      await fc.assert(
        fc.asyncProperty(arb, async ({ doc, to }) => {
          await agree(key, path.join(FLUX, 'crds'), view, { text: stringify(doc), to });
        }),
        { numRuns: 15, seed: 23 },
      );
    });
  }
});
