// The importer pipeline, composed in one place:
//   parseSource -> detectFormat -> importCrd | importOpenApi | parseConfig | loadCatalog
//   -> mergeKinds -> addStorageVariants -> applyConfig -> buildKind -> Catalog.
// Bad input never throws: every problem is an Issue and the rest of the batch still imports.
import type { Catalog, CatalogConfig, Issue, Kind, KindInput, Path, SourceRange } from '../core/index.ts';
import { CATALOG_FORMAT_VERSION, buildKind, issue, loadCatalog } from '../core/index.ts';
import { addStorageVariants } from './addStorageVariants.ts';
import { applyConfig } from './applyConfig.ts';
import { detectFormat } from './detectFormat.ts';
import { importCrd } from './importCrd.ts';
import { importOpenApi } from './importOpenApi.ts';
import type { RefLibrary } from './openApiRefResolver.ts';
import { kindKey, mergeKinds } from './mergeKinds.ts';
import { byString } from './names.ts';
import { mergeConfigs, parseConfig } from './parseConfig.ts';
import type { SourceDoc, SourceFile } from './parseSource.ts';
import { docIssue, isRecord, parseSource } from './parseSource.ts';

export interface ImportOptions {
  readonly id?: string;
  readonly title?: string;
  /** Applied after the config files found among the inputs (its hub and strategy win). */
  readonly config?: Partial<CatalogConfig>;
}

interface Collected {
  inputs: KindInput[];
  /** Where each CRD version's name sits (`file/group/kind/version`), to place merge issues at a line. */
  versionRanges: Map<string, () => SourceRange | undefined>;
  prebuilt: Kind[];
  configs: CatalogConfig[];
  issues: Issue[];
}

const versionKey = (file: string, group: string, kind: string, version: string): string =>
  [file, group, kind, version].join('\u0000');

/** Records the source range of every version name of an imported CRD (at `at` in the document). */
function recordVersionRanges(doc: SourceDoc, crd: Record<string, unknown>, at: Path, kind: KindInput, acc: Collected) {
  const spec = crd.spec;
  const versions = isRecord(spec) && Array.isArray(spec.versions) ? spec.versions : [];
  versions.forEach((v, i) => {
    if (!isRecord(v) || typeof v.name !== 'string') return;
    // found when an issue needs it (a file's positions may cost its full parse)
    acc.versionRanges.set(versionKey(doc.file, kind.group, kind.kind, v.name), () =>
      doc.rangeAt([...at, 'spec', 'versions', i, 'name']),
    );
  });
}

/** Stage: one file's documents, dispatched by format (OpenAPI refs may point into the other files). */
function collectFile(
  file: SourceFile,
  parsed: ReturnType<typeof parseSource>,
  acc: Collected,
  library: RefLibrary,
): void {
  const { docs, issues } = parsed;
  acc.issues.push(...issues);
  if (docs.length === 0 && issues.length === 0) {
    acc.issues.push(issue('warning', 'EMPTY_INPUT', 'the file holds no documents', [], { file: file.name }));
    return;
  }
  let recognised = 0;
  const unknown: Issue[] = [];
  for (const doc of docs) {
    const format = detectFormat(doc.value);
    const value = doc.value as Record<string, unknown>;
    switch (format) {
      case 'crd': {
        recognised++;
        const r = importCrd(doc, value);
        acc.issues.push(...r.issues);
        if (r.kind) {
          acc.inputs.push(r.kind);
          recordVersionRanges(doc, value, [], r.kind, acc);
        }
        break;
      }
      case 'crd-list': {
        recognised++;
        (value.items as unknown[]).forEach((item, i) => {
          if (isRecord(item) && item.kind === 'CustomResourceDefinition') {
            const r = importCrd(doc, item, ['items', i]);
            acc.issues.push(...r.issues);
            if (r.kind) {
              acc.inputs.push(r.kind);
              recordVersionRanges(doc, item, ['items', i], r.kind, acc);
            }
          } else
            acc.issues.push(
              docIssue(doc, 'warning', 'UNSUPPORTED_FORMAT', 'list item is not a CustomResourceDefinition; skipped', [
                'items',
                i,
              ]),
            );
        });
        break;
      }
      case 'openapi2':
      case 'openapi3': {
        recognised++;
        const r = importOpenApi(doc, library);
        acc.issues.push(...r.issues);
        acc.inputs.push(...r.kinds);
        break;
      }
      case 'config': {
        recognised++;
        const r = parseConfig(doc);
        acc.issues.push(...r.issues);
        acc.configs.push(r.config);
        break;
      }
      case 'catalog': {
        recognised++;
        const r = loadCatalog(doc.value);
        acc.issues.push(
          ...r.issues.map((i) => ({
            ...i,
            file: doc.file,
            ...(doc.rangeAt(i.path) ? { range: doc.rangeAt(i.path) } : {}),
          })),
        );
        if (r.catalog) {
          acc.prebuilt.push(...r.catalog.kinds);
          acc.configs.push(r.catalog.config);
        }
        break;
      }
      case 'unknown':
        unknown.push(
          docIssue(
            doc,
            'warning',
            'UNSUPPORTED_FORMAT',
            'not a CRD, an OpenAPI document, a config or a catalog; skipped',
            [],
          ),
        );
    }
  }
  // A file with nothing usable is an error; stray documents beside CRDs (a Namespace, say) only warn.
  if (recognised === 0) acc.issues.push(...unknown.map((i) => ({ ...i, severity: 'error' as const })));
  else acc.issues.push(...unknown);
}

/** Stage: type renames should name types that exist somewhere. */
function checkTypeRenames(kinds: readonly Kind[], config: CatalogConfig): Issue[] {
  const all = new Set<string>();
  for (const k of kinds)
    for (const v of k.versions) for (const t of Object.keys(v.types)) all.add(`${k.kind}\u0000${t}`);
  const has = (kind: string | undefined, t: string) =>
    kinds.some((k) => (kind === undefined || k.kind === kind) && all.has(`${k.kind}\u0000${t}`));
  return config.typeRenames.flatMap((r, i) =>
    has(r.kind, r.from) && has(r.kind, r.to)
      ? []
      : [
          issue(
            'warning',
            'UNKNOWN_TYPE_RENAME',
            `type rename ${r.from} -> ${r.to} names a type no version has`,
            ['typeRenames', i],
            { subject: 'config' },
          ),
        ],
  );
}

function defaultTitle(kinds: readonly Kind[]): string {
  if (kinds.length === 0) return 'Empty catalog';
  const names = kinds.map((k) => k.kind);
  return names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}

export function importFiles(
  files: readonly SourceFile[],
  options: ImportOptions = {},
): { catalog: Catalog; issues: Issue[] } {
  const acc: Collected = { inputs: [], versionRanges: new Map(), prebuilt: [], configs: [], issues: [] };
  // Sorted by name: output never depends on the order files were given in.
  const sorted = [...files].sort((a, b) => byString(a.name, b.name) || byString(a.text, b.text));
  const parsed = sorted.map((f) => parseSource(f));
  // Single-document files can be the target of another file's cross-file `$ref` (Azure's common types).
  const library: RefLibrary = { docs: new Map(), referenced: new Set() };
  parsed.forEach((p, i) => {
    const only = p.docs.length === 1 ? p.docs[0] : undefined;
    if (only) (library.docs as Map<string, SourceDoc>).set((sorted[i] as SourceFile).name, only);
  });
  sorted.forEach((f, i) => collectFile(f, parsed[i] as ReturnType<typeof parseSource>, acc, library));
  // A file other files take definitions from needs no resource of its own.
  acc.issues = acc.issues.filter(
    (i) =>
      !(
        (i.code === 'NO_RESOURCE' || i.code === 'UNSUPPORTED_FORMAT') &&
        i.file !== undefined &&
        library.referenced.has(i.file)
      ),
  );

  const config = mergeConfigs([...acc.configs, ...(options.config ? [options.config] : [])]);
  const merged = mergeKinds(acc.inputs);
  // A version defined twice points at the second definition's name (file:line:col), when it came from a CRD.
  acc.issues.push(
    ...merged.issues.map((i) => {
      const [group, kind, version] = i.path;
      const range =
        i.file !== undefined && i.range === undefined
          ? acc.versionRanges.get(versionKey(i.file, String(group), String(kind), String(version)))?.()
          : undefined;
      return range ? { ...i, range } : i;
    }),
  );

  const kinds: Kind[] = [];
  const seen = new Set<string>();
  for (const input of merged.kinds) {
    const withVariants = addStorageVariants(input);
    acc.issues.push(...withVariants.issues);
    const built = buildKind(applyConfig(withVariants.kind, config), config);
    acc.issues.push(...built.issues.map((i) => ({ ...i, path: [input.group, input.kind, ...i.path] })));
    if (built.kind) {
      kinds.push(built.kind);
      seen.add(kindKey(built.kind));
    }
  }
  for (const k of acc.prebuilt) {
    if (seen.has(kindKey(k))) {
      acc.issues.push(
        issue(
          'error',
          'DUPLICATE_KIND',
          `${k.kind} (${k.group}) is defined by a catalog and by other inputs`,
          [k.group, k.kind],
          { subject: 'source' },
        ),
      );
      continue;
    }
    seen.add(kindKey(k));
    kinds.push(k);
  }
  kinds.sort((a, b) => byString(a.group, b.group) || byString(a.kind, b.kind));
  acc.issues.push(...checkTypeRenames(kinds, config));

  const catalog: Catalog = {
    formatVersion: CATALOG_FORMAT_VERSION,
    id: options.id ?? 'imported',
    title: options.title ?? defaultTitle(kinds),
    kinds,
    config,
    sources: [...new Set(sorted.map((f) => f.name))].sort(byString),
  };
  return { catalog, issues: acc.issues };
}
