// Stage (for share links): the user's catalog files -> only what converting the given kinds needs.
// CRDs of other kinds are left out; a kept CRD loses the text that changes no result (schema descriptions,
// examples, printer columns, labels and annotations, status other than storedVersions). Files that are not
// CRDs or catalog JSON (OpenAPI, config) are kept whole: they are small, and what they hold is not per kind.
// Importing the result gives the same kinds, minus descriptions (pinned by minimalSources.test.ts).
import { parse } from 'yaml';
import { isRecord, type SourceFile } from './parseSource.ts';
import { structuralSchema } from './structuralSchema.ts';

export interface KindName {
  readonly group: string;
  readonly kind: string;
}

export interface MinimalSources {
  readonly sources: readonly SourceFile[];
  /** Kinds kept (`Kind.group`), in file order. */
  readonly kept: readonly string[];
  /** Kinds of the files that were left out (`Kind.group`), sorted. */
  readonly leftOutKinds: readonly string[];
  /** Files left out entirely, in file order. */
  readonly leftOutFiles: readonly string[];
  readonly bytesBefore: number;
  readonly bytesAfter: number;
}

const label = (k: KindName): string => (k.group ? `${k.kind}.${k.group}` : k.kind);
const CRD_RE = /^\s*["']?kind["']?\s*:\s*["']?CustomResourceDefinition\b/m;
const CATALOG_RE = /"formatVersion"\s*:/;
// A YAML document marker at column 0 (`---`, optionally followed by a comment or content).
const DOC_SPLIT = /^---(?=\s|$).*$/m;

/** The CRD's group and kind, read without trusting the document's shape. */
function crdName(crd: unknown): KindName | undefined {
  if (!isRecord(crd) || !isRecord(crd.spec) || !isRecord(crd.spec.names)) return undefined;
  const { group } = crd.spec;
  const { kind } = crd.spec.names;
  return typeof group === 'string' && typeof kind === 'string' ? { group, kind } : undefined;
}

/** Group and kind of a CRD in block-style YAML, without parsing it (the usual layout of generated CRDs). */
function cheapCrdName(text: string): KindName | undefined {
  const names = /^( +)names:[ \t]*\n((?:\1 +.*\n?)*)/m.exec(text)?.[2];
  const kind = names === undefined ? undefined : /^ +kind:[ \t]*["']?([\w.-]+)["']?[ \t]*$/m.exec(names)?.[1];
  const group = /^ +group:[ \t]*["']?([\w.-]+)["']?[ \t]*$/m.exec(text)?.[1];
  return kind !== undefined && group !== undefined ? { group, kind } : undefined;
}

/** An own data property, safe for any key. */
function put(o: Record<string, unknown>, k: string, v: unknown): void {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

function copyWithout(o: Record<string, unknown>, drop: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (!drop.includes(k)) put(out, k, v);
  return out;
}

function minimalVersion(v: unknown): unknown {
  if (!isRecord(v)) return v;
  const out = copyWithout(v, ['additionalPrinterColumns', 'selectableFields']);
  if (isRecord(v.schema) && isRecord(v.schema.openAPIV3Schema))
    put(out, 'schema', { ...copyWithout(v.schema, []), openAPIV3Schema: structuralSchema(v.schema.openAPIV3Schema) });
  return out;
}

/** A CRD with only what the importer and the API server act on. */
export function minimalCrd(crd: Record<string, unknown>): Record<string, unknown> {
  const out = copyWithout(crd, ['metadata', 'status', 'spec']);
  if (isRecord(crd.metadata) && typeof crd.metadata.name === 'string')
    put(out, 'metadata', { name: crd.metadata.name });
  if (isRecord(crd.spec)) {
    const spec = copyWithout(crd.spec, ['versions', 'validation', 'additionalPrinterColumns']);
    if (Array.isArray(crd.spec.versions)) put(spec, 'versions', crd.spec.versions.map(minimalVersion));
    if (isRecord(crd.spec.validation) && isRecord(crd.spec.validation.openAPIV3Schema))
      put(spec, 'validation', { openAPIV3Schema: structuralSchema(crd.spec.validation.openAPIV3Schema) });
    put(out, 'spec', spec);
  }
  if (isRecord(crd.status) && Array.isArray(crd.status.storedVersions))
    put(out, 'status', { storedVersions: crd.status.storedVersions });
  return out;
}

/** Catalog JSON: only the wanted kinds, without descriptions (types and properties). */
function minimalCatalog(cat: Record<string, unknown>, wanted: (k: KindName) => boolean): Record<string, unknown> {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (!isRecord(v)) return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (k === 'description' && typeof x === 'string') continue;
      // A version's schema goes through the same stage as a CRD's (a catalog from an older build may still carry
      // descriptions); defaults and enum values are data, copied as they are.
      if (k === 'schema' && isRecord(x)) put(out, k, structuralSchema(x));
      else put(out, k, k === 'default' || k === 'values' ? x : strip(x));
    }
    return out;
  };
  const kinds = Array.isArray(cat.kinds) ? cat.kinds : [];
  return {
    ...copyWithout(cat, ['kinds']),
    kinds: kinds
      .filter((k) => isRecord(k) && wanted({ group: String(k.group ?? ''), kind: String(k.kind ?? '') }))
      .map(strip),
  };
}

/**
 * Keeps the CRDs (and catalog JSON kinds) of `needed`, minimised. With no needed kind found in any file, every
 * kind is kept (minimised): the link must still open.
 */
export function minimalSources(files: readonly SourceFile[], needed: readonly KindName[]): MinimalSources {
  const wantedKeys = new Set(needed.map(label));
  const wantedNames = [...new Set(needed.map((k) => k.kind))];
  const anyFound = files.some((f) => wantedNames.some((n) => f.text.includes(n)));
  const wanted = (k: KindName) => !anyFound || wantedKeys.has(label(k));
  const sources: SourceFile[] = [];
  const kept: string[] = [];
  const leftOutKinds = new Set<string>();
  const leftOutFiles: string[] = [];
  for (const file of files) {
    const isCrd = CRD_RE.test(file.text);
    const isCatalog = !isCrd && CATALOG_RE.test(file.text);
    if (!isCrd && !isCatalog) {
      sources.push(file);
      continue;
    }
    const out: string[] = [];
    try {
      if (isCatalog) {
        const cat: unknown = JSON.parse(file.text);
        if (!isRecord(cat)) throw new Error('not an object');
        const min = minimalCatalog(cat, wanted);
        const all = Array.isArray(cat.kinds) ? cat.kinds.filter(isRecord) : [];
        for (const k of all) {
          const name = label({ group: String(k.group ?? ''), kind: String(k.kind ?? '') });
          if (wanted({ group: String(k.group ?? ''), kind: String(k.kind ?? '') })) kept.push(name);
          else leftOutKinds.add(name);
        }
        if ((min.kinds as unknown[]).length > 0) out.push(JSON.stringify(min));
      } else {
        for (const part of file.text.split(DOC_SPLIT)) {
          if (part.trim() === '') continue;
          // Cheap test first: a CRD of a kind we do not need is not parsed at all.
          if (anyFound && !wantedNames.some((n) => part.includes(n))) {
            const cheap = cheapCrdName(part);
            if (cheap) {
              leftOutKinds.add(label(cheap));
              continue;
            }
          }
          const doc: unknown = parse(part);
          const name = crdName(doc);
          if (!isRecord(doc) || doc.kind !== 'CustomResourceDefinition' || name === undefined) {
            out.push(JSON.stringify(doc)); // not a CRD we understand: the importer reports it as it did
            continue;
          }
          if (!wanted(name)) {
            leftOutKinds.add(label(name));
            continue;
          }
          kept.push(label(name));
          out.push(JSON.stringify(minimalCrd(doc)));
        }
      }
    } catch {
      sources.push(file); // unparsable here: kept whole, the importer says what is wrong with it
      continue;
    }
    if (out.length === 0) leftOutFiles.push(file.name);
    else sources.push({ name: file.name, text: `${out.join('\n---\n')}\n` });
  }
  const size = (fs: readonly SourceFile[]) => fs.reduce((n, f) => n + f.text.length, 0);
  return {
    sources,
    kept: [...new Set(kept)],
    leftOutKinds: [...leftOutKinds].filter((k) => !kept.includes(k)).sort(),
    leftOutFiles,
    bytesBefore: size(files),
    bytesAfter: size(sources),
  };
}
