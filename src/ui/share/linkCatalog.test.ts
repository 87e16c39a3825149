import { describe, expect, it } from 'vitest';
import { catalogHash, serializeCatalog } from '../../core/index.ts';
import { importFiles } from '../../importers/index.ts';
import widgets from '../../importers/testdata/widgets-crd.yaml?raw';
import aso from '../../importers/testdata/aso-crd.yaml?raw';
import type { ExplorerState } from '../state.ts';
import { decodeState, encodeState } from './codec.ts';
import { neededKinds, onlyDocument, planLink, type CatalogHasher } from './linkCatalog.ts';

const hashOf: CatalogHasher = async (sources) => {
  const { catalog } = importFiles(sources);
  return catalog.kinds.length === 0 ? undefined : catalogHash(serializeCatalog(catalog));
};
const kindsOf = (text: string) =>
  importFiles([{ name: 'x.yaml', text }]).catalog.kinds.map((k) => ({ group: k.group, kind: k.kind }));

describe('neededKinds', () => {
  it('reads every document and List item, core group as empty', () => {
    const input = [
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}',
      'apiVersion: example.com/v1\nkind: List\nitems:\n- {apiVersion: a.example.com/v2, kind: Widget}',
      'not: [valid',
    ].join('\n---\n');
    expect(neededKinds(input)).toEqual([
      { group: '', kind: 'ConfigMap' },
      { group: 'a.example.com', kind: 'Widget' },
    ]);
  });
});

describe('planLink', () => {
  const [w] = kindsOf(widgets);
  const [a] = kindsOf(aso);
  const sources = [
    { name: 'widgets-crd.yaml', text: widgets },
    { name: 'aso-crd.yaml', text: aso },
  ];
  const state = async (input: string): Promise<ExplorerState> => ({
    catalog: { type: 'embedded', name: 'mine', hash: (await hashOf(sources)) ?? '', sources },
    input,
    document: 0,
    view: 'bag',
  });

  it('embeds only the CRD of the input kind, pinned by the hash of what it imports to', async () => {
    if (!w || !a) throw new Error('fixtures changed');
    const input = `apiVersion: ${w.group}/v1\nkind: ${w.kind}\nmetadata: {name: x}\n`;
    const plan = await planLink(await state(input), hashOf);
    const c = plan.state.catalog;
    if (c.type !== 'embedded') throw new Error(`expected embedded, got ${c.type}`);
    expect(c.sources.map((s) => s.name)).toEqual(['widgets-crd.yaml']);
    expect(c.hash).toBe(await hashOf(c.sources));
    expect(plan.report?.leftOutFiles).toEqual(['aso-crd.yaml']);
    const others = [...kindsOf(widgets), ...kindsOf(aso)].filter((k) => k.kind !== w.kind || k.group !== w.group);
    expect(plan.report?.leftOutKinds).toEqual(others.map((k) => `${k.kind}.${k.group}`).sort());
    expect(plan.state.input).toBe(input);
    // The link opens to the same catalog ref it was made with.
    const r = await encodeState(plan.state);
    if (!('fragment' in r)) throw new Error(r.issue.message);
    const back = await decodeState(r.fragment);
    expect('state' in back && back.state.catalog).toEqual(c);
  });

  it('refers to a file fetched from a URL by that URL and its hash', async () => {
    if (!w) throw new Error('fixtures changed');
    const input = `apiVersion: ${w.group}/v1\nkind: ${w.kind}\n`;
    const url = 'https://raw.githubusercontent.com/example/widgets/v1.0.0/widgets-crd.yaml';
    const plan = await planLink(await state(input), hashOf, [{ name: 'widgets-crd.yaml', url, hash: 'h1' }]);
    expect(plan.state.catalog).toEqual({ type: 'url', url, hash: 'h1' });
  });

  it('leaves built-in and URL catalogs as they are', async () => {
    const s: ExplorerState = { catalog: { type: 'builtin', id: 'x' }, input: 'a: 1', document: 0, view: 'bag' };
    expect((await planLink(s, hashOf)).state).toBe(s);
  });
});

describe('onlyDocument', () => {
  it('gives the selected document, or nothing when there is one', () => {
    const input = 'kind: A\nmetadata: {name: a}\n---\n# second\nkind: B\n';
    expect(onlyDocument(input, 1)).toBe('kind: B\n');
    expect(onlyDocument('kind: A\n', 0)).toBeUndefined();
  });
});
