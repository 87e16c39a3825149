// The Changes tab's drafts as the worker posts them: each strong draft sits on the row of its first change, so the
// map -> list and list-element drafts get a "Draft rule" button through the same path as moves.
import { describe, expect, it } from 'vitest';
import { findKind } from '../../core/index.ts';
import { fixtureCatalog } from '../../core/rules/testdata/load.ts';
import { changesView } from './views.ts';

describe('changesView drafts', () => {
  for (const [file, kindName, ids] of [
    ['drafts-maplist-crd.yaml', 'Node', ['kubeletArgs', 'tags', 'envs', 'annotations', 'zones']],
    ['drafts-listitems-crd.yaml', 'Gate', ['portNumber', 'target', 'protocol-values', 'addr']],
  ] as const)
    it(`${kindName}: every offer is on a row of the Changes table`, () => {
      const catalog = fixtureCatalog(file);
      const kind = findKind(catalog, kindName)!;
      const view = changesView(catalog, kind, 'v1', 'v2', undefined)!;
      const offers = view.drafts?.offers ?? [];
      for (const id of ids) expect(offers.map((d) => d.id)).toContain(id);
      const rows = view.rows.map((r) => r.path);
      for (const d of offers) {
        const p = d.evidence.changes[0]?.path;
        expect(
          rows.some((r) => r === p || r.startsWith(`${p} → `)),
          d.id,
        ).toBe(true);
      }
    });
});
