// Stage: config facts that live on properties (`conversion: manual`, bag-key overrides).
// Renames and type renames stay in catalog.config: the converter pairs by them.
import { setKey } from '../core/index.ts';
import type { CatalogConfig, KindInput, ObjectType, Property, Version } from '../core/index.ts';

const matches = (
  entry: { kind?: string; type: string; property: string },
  kind: string,
  type: string,
  p: Property,
): boolean =>
  (entry.kind === undefined || entry.kind === kind) &&
  entry.type === type &&
  (entry.property === p.name || entry.property === p.bagKey);

export function applyConfig(k: KindInput, config: CatalogConfig): KindInput {
  if (config.manual.length === 0 && config.bagKeys.length === 0) return k;
  const versions = k.versions.map((v): Version => {
    // A manual entry with a version applies to that API version and its storage twin.
    const versionMatches = (want: string | undefined) =>
      want === undefined || want === v.name || (v.role === 'storage' && want === v.twin);
    const types: Record<string, ObjectType> = {};
    for (const [name, t] of Object.entries(v.types)) {
      setKey(types, name, {
        ...t,
        properties: t.properties.map((p) => {
          let out = p;
          const key = config.bagKeys.find((e) => matches(e, k.kind, name, p));
          if (key) out = { ...out, bagKey: key.bagKey };
          if (config.manual.some((e) => matches(e, k.kind, name, p) && versionMatches(e.version)))
            out = { ...out, conversion: 'manual' };
          return out;
        }),
      });
    }
    return { ...v, types };
  });
  return { ...k, versions };
}
