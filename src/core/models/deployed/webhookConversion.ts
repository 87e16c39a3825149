// What the deployed view can say about a conversion webhook whose code it does not know: a field at the same
// path with the same type in both schemas is shown copied; everything else is "webhook-defined, not modelled"
// (never lost, never in a bag). After any webhook the server restores all metadata but labels and annotations
// (conversion/webhook_converter.go `restoreObjectMeta`), and fails the request when those are not valid.
import type { Path } from '../../model/issue.ts';
import { deepClone, ownValue, setKey } from '../../model/jsonValue.ts';
import { validateAnnotations, validateLabels, type MapProblem } from '../../model/k8sNames.ts';
import type { Recorder } from './records.ts';
import { META_FIELDS, fieldSchema, isPlainObject, itemsOf, preservesUnknown, type Schema } from './schemaNode.ts';

const SKIP = Symbol('not modelled');

function typeName(s: Schema | undefined): unknown {
  if (!s) return undefined;
  if (s['x-kubernetes-int-or-string'] === true) return 'int-or-string';
  return s.type;
}

function sameType(a: Schema | undefined, b: Schema | undefined): boolean {
  const ta = typeName(a);
  const tb = typeName(b);
  return ta === undefined || tb === undefined || ta === tb;
}

/**
 * The modelled part of a webhook's output for `doc` (root apiVersion set to `apiVersion`, kind and metadata
 * kept). `record` gets `webhook-not-modelled` per field left out and, when `copies`, `webhook-same-path` per copied
 * scalar leaf.
 */
export function webhookCopy(
  doc: Record<string, unknown>,
  from: Schema,
  to: Schema,
  apiVersion: string,
  record: Recorder,
  copies: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(doc)) {
    if (k === 'apiVersion') out.apiVersion = apiVersion;
    else if (META_FIELDS.has(k)) out[k] = deepClone(doc[k]);
    else {
      const r = copy(doc[k], fieldSchema(from, k), fieldSchema(to, k), preservesUnknown(to), [k], record, copies);
      if (r !== SKIP) setKey(out, k, r);
    }
  }
  return out;
}

function copy(
  x: unknown,
  from: Schema | undefined,
  to: Schema | undefined,
  parentPreserves: boolean,
  path: Path,
  record: Recorder,
  copies: boolean,
): unknown {
  if (to === undefined) {
    if (parentPreserves) return deepClone(x);
    record([...path], 'webhook-not-modelled');
    return SKIP;
  }
  if (!sameType(from, to)) {
    record([...path], 'webhook-not-modelled');
    return SKIP;
  }
  if (Array.isArray(x)) {
    const fi = itemsOf(from);
    const ti = itemsOf(to);
    const out: unknown[] = [];
    for (let i = 0; i < x.length; i++) {
      const r = copy(x[i], fi, ti, false, [...path, i], record, copies);
      if (r === SKIP) return SKIP;
      out.push(r);
    }
    return out;
  }
  if (isPlainObject(x)) {
    const out: Record<string, unknown> = {};
    const preserves = preservesUnknown(to);
    for (const k of Object.keys(x)) {
      const r = copy(x[k], fieldSchema(from, k), fieldSchema(to, k), preserves, [...path, k], record, copies);
      if (r !== SKIP) setKey(out, k, r);
    }
    return out;
  }
  if (copies) record([...path], 'webhook-same-path');
  return x;
}

/** Why the API server refuses a conversion's metadata (each of upstream's errors, by its message). */
export type RestoreProblem =
  /** "missing metadata in converted object" (the original has metadata). */
  | 'metadata-missing'
  /** "invalid metadata of type %T in converted object". */
  | 'metadata-not-object'
  /** "invalid metadata of type %T in input object". */
  | 'original-metadata-not-object'
  /** "invalid metadata.labels (annotations) of type %T in converted object". */
  | 'not-an-object'
  /** "metadata.labels[k] must be a string". */
  | 'value-not-string'
  | MapProblem['problem']
  /** validateConvertedObject: "must have the same kind / name / namespace / UID". */
  | 'kind-changed'
  | 'name-changed'
  | 'namespace-changed'
  | 'uid-changed';

export interface RestoreError {
  /** `metadata`, `metadata.labels` / `metadata.annotations`, or the entry (`metadata.labels.<key>`). */
  readonly path: Path;
  readonly problem: RestoreProblem;
  /** Upstream's reasons for a label / annotation problem. */
  readonly reasons?: readonly string[];
}

/** unstructured's GetKind/GetName/...: the string at `path`, "" when absent or not a string. */
function nestedString(o: Record<string, unknown>, path: readonly string[]): string {
  let v: unknown = o;
  for (const k of path) v = isPlainObject(v) && Object.hasOwn(v, k) ? v[k] : undefined;
  return typeof v === 'string' ? v : '';
}

const SAME: readonly (readonly [readonly string[], RestoreProblem])[] = [
  [['kind'], 'kind-changed'],
  [['metadata', 'name'], 'name-changed'],
  [['metadata', 'namespace'], 'namespace-changed'],
  [['metadata', 'uid'], 'uid-changed'],
];

/** converter.go `validateConvertedObject` (run before restoreObjectMeta): kind, name, namespace and uid unchanged. */
export function validateConvertedObject(
  original: Record<string, unknown>,
  converted: Record<string, unknown>,
): RestoreError | undefined {
  for (const [path, problem] of SAME)
    if (nestedString(original, path) !== nestedString(converted, path)) return { path: [...path], problem };
  return undefined;
}

/**
 * webhook_converter.go `restoreObjectMeta`: every metadata field of `original` replaces the converted one, except
 * labels and annotations, which come from `converted` (absent or null: deleted); those must be string maps and, when
 * they changed, valid labels / annotations. Mutates `converted` exactly as upstream does, also before an error
 * (the request fails then); `original` is never changed. `record` gets `metadata-restored` per field put back.
 */
export function restoreObjectMeta(
  original: Record<string, unknown>,
  converted: Record<string, unknown>,
  record?: Recorder,
): RestoreError | undefined {
  const found = Object.hasOwn(converted, 'metadata');
  const previouslyFound = Object.hasOwn(original, 'metadata');
  if (!found && !previouslyFound) return undefined;
  if (!found) return { path: ['metadata'], problem: 'metadata-missing' };
  const response = converted.metadata;
  const om = previouslyFound ? original.metadata : {};
  if (!isPlainObject(response)) return { path: ['metadata'], problem: 'metadata-not-object' };
  if (!isPlainObject(om)) return { path: ['metadata'], problem: 'original-metadata-not-object' };
  // upstream aliases the original's map (its caller deep-copies the input first); this copies instead
  const restored = deepClone(om);
  if (record) recordRestored(restored, response, record);
  converted.metadata = restored;
  for (const f of ['labels', 'annotations'] as const) {
    const value = Object.hasOwn(response, f) ? response[f] : undefined;
    if (value === undefined || value === null) {
      delete restored[f];
      continue;
    }
    if (!isPlainObject(value)) return { path: ['metadata', f], problem: 'not-an-object' };
    // upstream: a non-map original field reads as empty (its type check compares the wrong map, so never fails)
    const before = isPlainObject(restored[f]) ? restored[f] : {};
    const keys = Object.keys(value);
    let changed = Object.keys(before).length !== keys.length;
    for (const k of keys) {
      if (typeof value[k] !== 'string') return { path: ['metadata', f, k], problem: 'value-not-string' };
      if (!Object.hasOwn(before, k) || before[k] !== value[k]) changed = true;
    }
    if (changed) {
      const strings = value as Record<string, string>;
      const bad = (f === 'labels' ? validateLabels(strings) : validateAnnotations(strings))[0];
      if (bad)
        return {
          path: bad.key !== undefined ? ['metadata', f, bad.key] : ['metadata', f],
          problem: bad.problem,
          reasons: bad.reasons,
        };
    }
    setKey(restored, f, deepClone(value));
  }
  return undefined;
}

/** `metadata-restored` per field but labels and annotations that the conversion changed, added or removed. */
function recordRestored(restored: Record<string, unknown>, response: Record<string, unknown>, record: Recorder): void {
  const kept = (k: string) => k !== 'labels' && k !== 'annotations';
  for (const k of Object.keys(response))
    if (kept(k) && JSON.stringify(response[k]) !== JSON.stringify(ownValue(restored, k)))
      record(['metadata', k], 'metadata-restored');
  for (const k of Object.keys(restored))
    if (kept(k) && !Object.hasOwn(response, k)) record(['metadata', k], 'metadata-restored');
}
