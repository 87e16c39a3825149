// Where a revision-check finding is written: the line and column in the CRD file, so CI can annotate the pull
// request (`file:line:col: ...`). A removed field points at the nearest node the file still has.
import type { CompatFinding, ParsedDocument, Path, SourceRange } from '../../core/index.ts';
import { parseResources, pathKey } from '../../core/index.ts';
import type { SourceFile } from '../../importers/index.ts';

const isRec = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The JSON path in a CRD of a schema path: `properties`/`items`/`additionalProperties` between the names. */
function schemaJsonPath(path: readonly string[]): Path {
  const out: string[] = [];
  for (const seg of path) {
    if (seg === '[*]') out.push('items');
    else if (seg === '{*}') out.push('additionalProperties');
    else out.push('properties', seg);
  }
  return out;
}

const KIND_LEVEL: Partial<Record<string, Path>> = {
  'scope-changed': ['spec', 'scope'],
  'storage-changed': ['spec', 'versions'],
  'conversion-webhook-added': ['spec', 'conversion'],
  'conversion-webhook-removed': ['spec', 'conversion'],
  'stored-version-removed': ['status', 'storedVersions'],
};

/** Findings about a version entry (its flags), not about its schema. */
const VERSION_LEVEL = new Set([
  'served-added',
  'served-removed',
  'deprecation-changed',
  'version-added',
  'version-added-without-conversion',
  'version-removed',
  'unserved-version-removed',
  'stored-version-removed',
]);

export class FindingLocator {
  private readonly parsed = new Map<string, readonly ParsedDocument[]>();

  constructor(private readonly files: readonly SourceFile[]) {}

  private docs(file: string): readonly ParsedDocument[] {
    let d = this.parsed.get(file);
    if (!d) {
      const text = this.files.find((f) => f.name === file)?.text;
      d = text === undefined ? [] : parseResources(text, file).documents;
      this.parsed.set(file, d);
    }
    return d;
  }

  /** The finding's position in `file` (one of this side's files), or undefined when it cannot be placed. */
  locate(f: CompatFinding, file: string): SourceRange | undefined {
    for (const doc of this.docs(file)) {
      const v = doc.value;
      if (!isRec(v) || v.kind !== 'CustomResourceDefinition' || !isRec(v.spec)) continue;
      const spec = v.spec;
      if (spec.group !== f.group || !isRec(spec.names) || spec.names.kind !== f.kind) continue;
      const versions = Array.isArray(spec.versions) ? spec.versions : [];
      const i = versions.findIndex((x) => isRec(x) && x.name === f.version);
      let want: Path;
      if (f.version === undefined || i < 0) want = KIND_LEVEL[f.rule] ?? ['spec'];
      else if (VERSION_LEVEL.has(f.rule)) want = ['spec', 'versions', i];
      else {
        const own = isRec(versions[i]) && isRec((versions[i] as Record<string, unknown>).schema);
        const root: Path = own
          ? ['spec', 'versions', i, 'schema', 'openAPIV3Schema']
          : ['spec', 'validation', 'openAPIV3Schema'];
        want = [...root, ...schemaJsonPath(f.path)];
      }
      for (let n = want.length; n >= 0; n--) {
        const r = doc.ranges.get(pathKey(want.slice(0, n)));
        if (r) return r;
      }
      return doc.range;
    }
    return undefined;
  }
}
