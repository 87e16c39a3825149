// Stage: a config document (`kind: VersionExplorerConfig`, or any YAML with the config keys) -> CatalogConfig.
//
//   kind: VersionExplorerConfig
//   renames:     [{ type: Person, from: AlphaKey, to: SortKey, kind?: Person, version?: '2015-05-05' }]
//   typeRenames: [{ from: Address, to: Location, kind?, version? }]
//   hub: 2019-09-09storage            # or [{ kind: Person, version: ... }] or { Person: ... }
//   strategy: chained                  # or direct
//   manual:      [{ type: Person, property: knownAs, kind?, version? }]
//   bagKeys:     [{ type: Person, property: apiVersion, bagKey: APIVersion, kind? }]
import type {
  BagKeyOverride,
  CatalogConfig,
  Issue,
  ManualProperty,
  Path,
  PropertyRename,
  Strategy,
  TypeRename,
} from '../core/index.ts';
import { EMPTY_CONFIG } from '../core/index.ts';
import type { SourceDoc } from './parseSource.ts';
import { docIssue, isRecord } from './parseSource.ts';

const TOP_KEYS = new Set([
  'apiVersion',
  'kind',
  'metadata',
  'renames',
  'typeRenames',
  'hub',
  'strategy',
  'manual',
  'bagKeys',
]);

type Entry = Record<string, string>;

function entries(
  doc: SourceDoc,
  value: unknown,
  key: string,
  required: string[],
  optional: string[],
  issues: Issue[],
): Entry[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    issues.push(docIssue(doc, 'error', 'INVALID_CONFIG', `${key} must be a list`, [key]));
    return [];
  }
  const out: Entry[] = [];
  value.forEach((item, i) => {
    const path: Path = [key, i];
    if (!isRecord(item)) {
      issues.push(docIssue(doc, 'error', 'INVALID_CONFIG', `${key} entries must be mappings`, path));
      return;
    }
    for (const k of Object.keys(item))
      if (!required.includes(k) && !optional.includes(k))
        issues.push(docIssue(doc, 'warning', 'INVALID_CONFIG', `unknown key '${k}' in ${key}`, [...path, k], true));
    const entry: Entry = {};
    let ok = true;
    for (const k of [...required, ...optional]) {
      const v = item[k];
      if (v === undefined || v === null) {
        if (required.includes(k)) {
          issues.push(docIssue(doc, 'error', 'INVALID_CONFIG', `${key} entry needs '${k}'`, path));
          ok = false;
        }
      } else if (typeof v === 'string' || typeof v === 'number') entry[k] = String(v);
      else {
        issues.push(docIssue(doc, 'error', 'INVALID_CONFIG', `'${k}' must be a string`, [...path, k]));
        ok = false;
      }
    }
    if (ok) out.push(entry);
  });
  return out;
}

const opt = <K extends string>(e: Entry, k: K): { [P in K]?: string } =>
  e[k] !== undefined ? ({ [k]: e[k] } as { [P in K]?: string }) : {};

function parseHub(doc: SourceDoc, hub: unknown, issues: Issue[]): CatalogConfig['hub'] {
  if (hub === undefined || hub === null) return undefined;
  if (typeof hub === 'string') return [{ version: hub }];
  if (Array.isArray(hub))
    return entries(doc, hub, 'hub', ['version'], ['kind'], issues).map((e) => ({
      version: e.version as string,
      ...opt(e, 'kind'),
    }));
  if (isRecord(hub)) {
    const out: { kind: string; version: string }[] = [];
    for (const [kind, version] of Object.entries(hub)) {
      if (typeof version === 'string') out.push({ kind, version });
      else issues.push(docIssue(doc, 'error', 'INVALID_CONFIG', 'hub versions must be strings', ['hub', kind]));
    }
    return out;
  }
  issues.push(docIssue(doc, 'error', 'INVALID_CONFIG', 'hub must be a version name, a list or a mapping', ['hub']));
  return undefined;
}

export function parseConfig(doc: SourceDoc): { config: CatalogConfig; issues: Issue[] } {
  const issues: Issue[] = [];
  const v = doc.value;
  if (!isRecord(v))
    return {
      config: EMPTY_CONFIG,
      issues: [docIssue(doc, 'error', 'INVALID_CONFIG', 'a config must be a mapping', [])],
    };
  for (const k of Object.keys(v))
    if (!TOP_KEYS.has(k))
      issues.push(docIssue(doc, 'warning', 'INVALID_CONFIG', `unknown config key '${k}'`, [k], true));
  const renames: PropertyRename[] = entries(
    doc,
    v.renames,
    'renames',
    ['type', 'from', 'to'],
    ['kind', 'version'],
    issues,
  ).map((e) => ({
    type: e.type as string,
    from: e.from as string,
    to: e.to as string,
    ...opt(e, 'kind'),
    ...opt(e, 'version'),
  }));
  const typeRenames: TypeRename[] = entries(
    doc,
    v.typeRenames,
    'typeRenames',
    ['from', 'to'],
    ['kind', 'version'],
    issues,
  ).map((e) => ({
    from: e.from as string,
    to: e.to as string,
    ...opt(e, 'kind'),
    ...opt(e, 'version'),
  }));
  const manual: ManualProperty[] = entries(
    doc,
    v.manual,
    'manual',
    ['type', 'property'],
    ['kind', 'version'],
    issues,
  ).map((e) => ({
    type: e.type as string,
    property: e.property as string,
    ...opt(e, 'kind'),
    ...opt(e, 'version'),
  }));
  const bagKeys: BagKeyOverride[] = entries(
    doc,
    v.bagKeys,
    'bagKeys',
    ['type', 'property', 'bagKey'],
    ['kind'],
    issues,
  ).map((e) => ({
    type: e.type as string,
    property: e.property as string,
    bagKey: e.bagKey as string,
    ...opt(e, 'kind'),
  }));
  let strategy: Strategy | undefined;
  if (v.strategy === 'direct' || v.strategy === 'chained') strategy = v.strategy;
  else if (v.strategy !== undefined)
    issues.push(docIssue(doc, 'error', 'INVALID_CONFIG', "strategy must be 'direct' or 'chained'", ['strategy']));
  const hub = parseHub(doc, v.hub, issues);
  return {
    config: {
      renames,
      typeRenames,
      manual,
      bagKeys,
      ...(hub !== undefined ? { hub } : {}),
      ...(strategy !== undefined ? { strategy } : {}),
    },
    issues,
  };
}

/** Several configs (files, then the caller's): lists concatenate, the later hub and strategy win. */
export function mergeConfigs(configs: readonly Partial<CatalogConfig>[]): CatalogConfig {
  let out: CatalogConfig = EMPTY_CONFIG;
  for (const c of configs) {
    out = {
      renames: [...out.renames, ...(c.renames ?? [])],
      typeRenames: [...out.typeRenames, ...(c.typeRenames ?? [])],
      manual: [...out.manual, ...(c.manual ?? [])],
      bagKeys: [...out.bagKeys, ...(c.bagKeys ?? [])],
      ...((c.hub ?? out.hub) !== undefined ? { hub: [...(out.hub ?? []), ...(c.hub ?? [])] } : {}),
      ...((c.strategy ?? out.strategy) !== undefined ? { strategy: (c.strategy ?? out.strategy) as Strategy } : {}),
    };
  }
  return out;
}
