// A starting resource for a user's catalog: the first kind at its newest API version, with every required field
// filled with a placeholder its schema accepts (core/sampleResource.ts), so it is not red from the start.
import { stringify } from 'yaml';
import { sampleResource, type Kind } from '../core/index.ts';

export function skeletonFor(catalogJson: unknown): string {
  const kinds = (catalogJson as { kinds?: Kind[] } | undefined)?.kinds ?? [];
  const k = kinds[0];
  if (!k?.kind || !Array.isArray(k.versions)) return '';
  const apis = k.versions.filter((v) => v.role === 'api');
  const v = apis[apis.length - 1]?.name ?? k.versions[0]?.name ?? 'v1';
  try {
    const doc = sampleResource(k, v);
    if (doc !== undefined) return stringify(doc);
  } catch {
    // a catalog shape this build does not know: fall back to the bare skeleton
  }
  return `apiVersion: ${k.group ? `${k.group}/` : ''}${v}\nkind: ${k.kind}\nmetadata:\n  name: example\nspec: {}\n`;
}

/** True when the input's apiVersion group and kind name a kind of the catalog. */
export function inputFitsCatalog(input: string, catalogJson: unknown): boolean {
  // YAML (`kind: X` at the start of a line) or JSON (`"kind": "X"`); the first document decides.
  const kind = /^kind:\s*["']?([\w.-]+)|"kind"\s*:\s*"([\w.-]+)"/m.exec(input)?.slice(1).find(Boolean);
  const api = /^apiVersion:\s*["']?([\w./-]+)|"apiVersion"\s*:\s*"([\w./-]+)"/m.exec(input)?.slice(1).find(Boolean);
  const group = api?.includes('/') ? api.slice(0, api.lastIndexOf('/')) : '';
  const kinds = (catalogJson as { kinds?: { group?: string; kind?: string }[] } | undefined)?.kinds ?? [];
  return kind !== undefined && kinds.some((k) => k.kind === kind && (k.group ?? '') === group);
}
