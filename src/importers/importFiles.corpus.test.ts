// Every CRD of the shared corpus (../shared/corpus/*/crds/**, beside the repo) imports without errors, and each
// kind's versions, hub, CRD storage version and graphs agree with facts read from the CRD file independently.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { hasErrors, pathToHub } from '../core/index.ts';
import { importFiles } from './importFiles.ts';
import { CORPUS as corpus } from '../core/testdata/corpus.ts';
import { describeCorpus } from '../core/testdata/corpusSuite.ts';

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : /\.ya?ml$/.test(e.name) ? [path.join(dir, e.name)] : [],
    );
}

const crdFiles = existsSync(corpus)
  ? readdirSync(corpus)
      .sort()
      .flatMap((family) =>
        existsSync(path.join(corpus, family, 'crds')) ? walk(path.join(corpus, family, 'crds')) : [],
      )
  : [];

/** Kubernetes version priority, written here independently of versionOrder.ts: [stage, major, minor]. */
function priority(v: string): [number, number, number] {
  const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(v);
  if (!m) throw new Error(`unexpected version name ${v}`);
  return [m[2] === 'alpha' ? 0 : m[2] === 'beta' ? 1 : 2, Number(m[1]), Number(m[3] ?? 0)];
}
const newer = (a: string, b: string) => {
  const [x, y] = [priority(a), priority(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] as number) > (y[i] as number);
  return false;
};

interface CrdFacts {
  group: string;
  kind: string;
  versions: { name: string; storage: boolean }[];
  storedVersions?: string[];
}

interface RawCrd {
  kind?: string;
  spec: { group: string; names: { kind: string }; versions: { name: string; storage?: boolean }[] };
  status?: { storedVersions?: string[] };
}

function facts(text: string): CrdFacts[] {
  return parseAllDocuments(text)
    .map((d) => d.toJS() as RawCrd | null)
    .filter((d): d is RawCrd => d?.kind === 'CustomResourceDefinition')
    .map((d) => ({
      group: d.spec.group,
      kind: d.spec.names.kind,
      versions: d.spec.versions.map((v) => ({ name: v.name, storage: v.storage === true })),
      ...(d.status?.storedVersions ? { storedVersions: d.status.storedVersions } : {}),
    }));
}

describeCorpus('corpus CRDs', () => {
  it('finds the corpus beside the repository', () => {
    expect(crdFiles.length).toBeGreaterThan(50);
  });

  for (const file of crdFiles) {
    const name = path.relative(corpus, file);
    it(`imports ${name}`, () => {
      const text = readFileSync(file, 'utf8');
      const { catalog, issues } = importFiles([{ name, text }]);
      expect(hasErrors(issues) ? issues : []).toEqual([]);
      for (const crd of facts(text)) {
        const kind = catalog.kinds.find((k) => k.group === crd.group && k.kind === crd.kind);
        expect(kind, `${crd.group}/${crd.kind}`).toBeDefined();
        if (!kind) continue;
        const apiNames = crd.versions.map((v) => v.name);
        expect(
          kind.versions
            .filter((v) => v.role === 'api')
            .map((v) => v.name)
            .sort(),
        ).toEqual([...apiNames].sort());
        expect(
          kind.versions
            .filter((v) => v.role === 'storage')
            .map((v) => v.name)
            .sort(),
        ).toEqual(apiNames.map((n) => `${n}storage`).sort());
        const ga = apiNames.filter((n) => priority(n)[0] === 2);
        const pool = ga.length > 0 ? ga : apiNames;
        const newest = pool.reduce((a, b) => (newer(b, a) ? b : a));
        expect([kind.hub, kind.hubReason]).toEqual([`${newest}storage`, ga.length > 0 ? 'newest-ga' : 'newest']);
        const stored = crd.versions.find((v) => v.storage)?.name;
        expect(kind.crdStorageVersion).toBe(stored === newest ? undefined : stored);
        expect(kind.storedVersions).toEqual(crd.storedVersions);
        expect(kind.strategy).toBe('direct');
        expect(kind.graphs.direct?.edges.length).toBe(apiNames.length * 2 - 1);
        expect(kind.graphs.direct?.edges.every((e) => e.to === kind.hub)).toBe(true);
        for (const v of kind.versions) {
          expect(pathToHub(kind, v.name, 'direct').at(-1)).toBe(kind.hub);
          const chain = pathToHub(kind, v.name, 'chained');
          expect(chain.at(-1)).toBe(kind.hub);
          if (v.role === 'api' && v.name !== newest) expect(chain[1]).toBe(`${v.name}storage`);
        }
      }
    });
  }
});
