// Stage: kinds from several files (e.g. one OpenAPI file per API version) merge by (group, kind).
import type { Issue, KindInput, Version } from '../core/index.ts';
import { issue } from '../core/index.ts';
import { byString } from './names.ts';

export const kindKey = (k: { group: string; kind: string }): string => `${k.group}/${k.kind}`;

/** Input order decides which duplicate version is kept (callers sort files by name first). */
export function mergeKinds(inputs: readonly KindInput[]): { kinds: KindInput[]; issues: Issue[] } {
  const issues: Issue[] = [];
  const byKey = new Map<
    string,
    {
      first: KindInput;
      versions: Map<string, Version>;
      aso: boolean;
      stored?: readonly string[];
      conversion?: KindInput['conversionStrategy'];
      plural?: string;
      scope?: KindInput['scope'];
    }
  >();
  for (const k of inputs) {
    const key = kindKey(k);
    let m = byKey.get(key);
    if (!m) {
      m = { first: k, versions: new Map(), aso: false };
      byKey.set(key, m);
    }
    m.aso ||= k.aso ?? false;
    m.stored ??= k.storedVersions;
    m.conversion ??= k.conversionStrategy;
    m.plural ??= k.plural;
    m.scope ??= k.scope;
    for (const v of k.versions) {
      const seen = m.versions.get(v.name);
      if (seen) {
        issues.push(
          issue(
            'error',
            'DUPLICATE_VERSION',
            `${k.kind} ${v.name} is defined twice (also in ${seen.source ?? 'another input'})`,
            [k.group, k.kind, v.name],
            { subject: 'source', ...(v.source !== undefined ? { file: v.source } : {}) },
          ),
        );
        continue;
      }
      m.versions.set(v.name, v);
    }
  }
  const kinds = [...byKey.entries()]
    .sort(([a], [b]) => byString(a, b))
    .map(([, m]) => ({
      group: m.first.group,
      kind: m.first.kind,
      ...(m.plural !== undefined ? { plural: m.plural } : {}),
      ...(m.scope !== undefined ? { scope: m.scope } : {}),
      versions: [...m.versions.values()],
      ...(m.stored !== undefined ? { storedVersions: m.stored } : {}),
      ...(m.conversion !== undefined ? { conversionStrategy: m.conversion } : {}),
      aso: m.aso,
    }));
  return { kinds, issues };
}
