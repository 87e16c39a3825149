// Catalog checks beyond the JSON Schema and its references, so a bad catalog is rejected by loadCatalog instead
// of failing later: duplicate kinds or versions, a conversion graph with a cycle, a hub that is not a storage
// version. Each is an Issue with the path of the offending entry.
import type { Issue } from '../model/issue.ts';
import { issue } from '../model/issue.ts';
import type { Catalog } from '../model/model.ts';

export function checkIntegrity(c: Catalog): Issue[] {
  const issues: Issue[] = [];
  const kinds = new Map<string, number>();
  c.kinds.forEach((k, ki) => {
    const key = `${k.group}/${k.kind}`;
    const first = kinds.get(key);
    if (first !== undefined)
      issues.push(issue('error', 'DUPLICATE_KIND', `${key} is also kinds[${first}]`, ['kinds', ki, 'kind']));
    else kinds.set(key, ki);
    const versions = new Map<string, number>();
    k.versions.forEach((v, vi) => {
      const seen = versions.get(v.name);
      if (seen !== undefined)
        issues.push(
          issue('error', 'DUPLICATE_VERSION', `${k.kind} ${v.name} is also versions[${seen}]`, [
            'kinds',
            ki,
            'versions',
            vi,
            'name',
          ]),
        );
      else versions.set(v.name, vi);
    });
    const hubAt = versions.get(k.hub);
    if (hubAt !== undefined && k.versions[hubAt]?.role !== 'storage')
      issues.push(
        issue('error', 'HUB_NOT_STORAGE', `hub ${k.hub} of ${k.kind} is an API version, not a storage version`, [
          'kinds',
          ki,
          'hub',
        ]),
      );
    for (const [strategy, g] of Object.entries(k.graphs)) {
      const at = graphCycle(g?.edges ?? []);
      if (at !== undefined)
        issues.push(
          issue('error', 'GRAPH_CYCLE', `the ${strategy} conversion graph of ${k.kind} has a cycle`, [
            'kinds',
            ki,
            'graphs',
            strategy,
            'edges',
            at,
          ]),
        );
    }
  });
  return issues;
}

/** The index of an edge on a cycle of `from -> to` edges, or undefined (iterative: any length). */
function graphCycle(edges: readonly { readonly from: string; readonly to: string }[]): number | undefined {
  const out = new Map<string, number[]>();
  edges.forEach((e, i) => {
    const list = out.get(e.from);
    if (list) list.push(i);
    else out.set(e.from, [i]);
  });
  const state = new Map<string, 'open' | 'done'>();
  for (const start of out.keys()) {
    if (state.has(start)) continue;
    // Depth-first with an explicit stack of [node, next edge position].
    const stack: [string, number][] = [[start, 0]];
    state.set(start, 'open');
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as [string, number];
      const list = out.get(top[0]) ?? [];
      if (top[1] >= list.length) {
        state.set(top[0], 'done');
        stack.pop();
        continue;
      }
      const ei = list[top[1]++] as number;
      const to = (edges[ei] as { to: string }).to;
      const s = state.get(to);
      if (s === 'open') return ei;
      if (s === undefined) {
        state.set(to, 'open');
        stack.push([to, 0]);
      }
    }
  }
  return undefined;
}
