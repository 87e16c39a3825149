// What the API server keeps of an object under a structural schema (pruning, apiextensions-apiserver
// pkg/apiserver/schema/pruning): keys a node does not declare are dropped unless the node preserves unknown
// fields or has additionalProperties; arrays recurse into `items`; an object under a scalar-typed node loses
// every key; the resource root (and an embedded resource) keeps apiVersion, kind and metadata.
import type { Path } from '../../model/issue.ts';
import type { StructuralSchema } from '../../model/model.ts';
import { isRecord } from '../../model/jsonValue.ts';

type Rec = Readonly<Record<string, unknown>>;
const own = (o: Rec, k: string): unknown => (Object.hasOwn(o, k) ? o[k] : undefined);

/** An own data property, safe for any key (`__proto__` included). */
function put(o: Record<string, unknown>, k: string, v: unknown): void {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

const EMBEDDED = new Set(['apiVersion', 'kind', 'metadata']);

function prune(value: unknown, schema: unknown, path: Path, dropped: Path[], resource: boolean): unknown {
  if (!isRecord(schema)) return value;
  if (Array.isArray(value)) {
    const items = own(schema, 'items');
    return value.map((v, i) => prune(v, items, [...path, i], dropped, false));
  }
  if (!isRecord(value)) return value;
  const props = own(schema, 'properties');
  const extra = own(schema, 'additionalProperties');
  const preserve = own(schema, 'x-kubernetes-preserve-unknown-fields') === true;
  const embedded = resource || own(schema, 'x-kubernetes-embedded-resource') === true;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const declared = isRecord(props) && Object.hasOwn(props, k) ? props[k] : undefined;
    // Metadata is ObjectMeta (typed by the server, not by the schema): kept whole here.
    if (embedded && EMBEDDED.has(k))
      put(out, k, k === 'metadata' || declared === undefined ? v : prune(v, declared, [...path, k], dropped, false));
    else if (declared !== undefined) put(out, k, prune(v, declared, [...path, k], dropped, false));
    else if (isRecord(extra)) put(out, k, prune(v, extra, [...path, k], dropped, false));
    else if (extra === true || preserve) put(out, k, v);
    else dropped.push([...path, k]);
  }
  return out;
}

/** `doc` as the API server would keep it under `schema` (a resource root), and the paths it drops, in document order. */
export function pruneBySchema(doc: unknown, schema: StructuralSchema): { doc: unknown; dropped: Path[] } {
  const dropped: Path[] = [];
  return { doc: prune(doc, schema, [], dropped, true), dropped };
}
