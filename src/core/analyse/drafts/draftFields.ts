// The schema side of rule drafts: every property path of a version, and a canonical token per structural type
// (so "the same type" is a string comparison), bounded for hostile catalogs.
import type { ObjectType, StructuralSchema, TypeRef, Version } from '../../model/model.ts';
import type { PathPattern } from '../../rules/paths.ts';

/** A property of a version, reached by a path of properties and `[]` (maps' values are not walked: no rule path). */
export interface FieldNode {
  readonly pattern: PathPattern;
  /** The pattern as text, and the text of the property holding this one ('' at the top). */
  readonly key: string;
  readonly parentKey: string;
  /** How many `[]` the path has. */
  readonly each: number;
  readonly type: TypeRef;
}

const ROOT_META = new Set(['apiVersion', 'kind', 'metadata']);
/** Bounds for hostile catalogs: a path deeper than this, or more fields than this, is not looked at. */
const MAX_DEPTH = 24;
const MAX_FIELDS = 50_000;

export function typeOf(v: Version, name: string): ObjectType | undefined {
  return Object.hasOwn(v.types, name) ? v.types[name] : undefined;
}

const IDENT = /^[A-Za-z_$][\w$-]*$/;
/** A property segment appended to a path's text, as formatPathPattern writes it. */
const segmentText = (prefix: string, name: string) =>
  IDENT.test(name) ? (prefix === '' ? name : `${prefix}.${name}`) : `${prefix}[${JSON.stringify(name)}]`;

/** Every property path of a version, keyed by its rule-path text (built segment by segment: paths get deep). */
export function fieldsOf(v: Version): Map<string, FieldNode> {
  const out = new Map<string, FieldNode>();
  interface At {
    readonly pattern: PathPattern;
    readonly text: string;
    readonly parentKey: string;
    readonly each: number;
  }
  const walkType = (t: TypeRef, at: At, stack: readonly string[]): void => {
    if (at.pattern.length > MAX_DEPTH || out.size >= MAX_FIELDS) return;
    if (t.kind === 'array')
      return walkType(
        t.items,
        { ...at, pattern: [...at.pattern, null], text: `${at.text}[]`, each: at.each + 1 },
        stack,
      );
    if (t.kind !== 'object' || stack.includes(t.name)) return;
    const o = typeOf(v, t.name);
    if (!o) return;
    for (const p of o.properties) {
      if (at.pattern.length === 0 && ROOT_META.has(p.name)) continue;
      if (out.size >= MAX_FIELDS) return;
      const node: FieldNode = {
        pattern: [...at.pattern, p.name],
        key: segmentText(at.text, p.name),
        parentKey: at.parentKey,
        each: at.each,
        type: p.type,
      };
      out.set(node.key, node);
      walkType(p.type, { pattern: node.pattern, text: node.key, parentKey: node.key, each: node.each }, [
        ...stack,
        t.name,
      ]);
    }
  };
  walkType({ kind: 'object', name: v.root }, { pattern: [], text: '', parentKey: '', each: 0 }, []);
  return out;
}

/**
 * A type's structure as a short token: equal tokens, equal schemas (names, descriptions and validation aside).
 * Tokens are interned (one table for both versions), so a type reused all over a schema costs one entry, not an
 * expansion per use; only types inside a recursion are recomputed (their token depends on the path to them).
 * `omit` leaves one property of the outermost object out (a list element without its key field).
 */
export function canonical(v: Version, intern: Map<string, string>) {
  const memo = new Map<string, string>();
  const token = (s: string): string => {
    let t = intern.get(s);
    if (t === undefined) intern.set(s, (t = `#${intern.size}`));
    return t;
  };
  const go = (t: TypeRef, stack: readonly string[], omit?: string): { s: string; rec: boolean } => {
    switch (t.kind) {
      case 'primitive':
        return { s: t.name, rec: false };
      case 'enum':
        return { s: token(`enum<${t.base}>${JSON.stringify([...t.values].map(String).sort())}`), rec: false };
      case 'array':
      case 'map': {
        const inner = go(t.kind === 'array' ? t.items : t.values, stack);
        return { s: token(`${t.kind === 'array' ? '[]' : 'map'}${inner.s}`), rec: inner.rec };
      }
      case 'opaque':
        return { s: `opaque(${t.reason})`, rec: false };
      case 'object': {
        if (stack.includes(t.name)) return { s: `rec(${stack.length - stack.indexOf(t.name)})`, rec: true };
        const hit = omit === undefined ? memo.get(t.name) : undefined;
        if (hit !== undefined) return { s: hit, rec: false };
        const o = typeOf(v, t.name);
        if (!o) return { s: token(`?${t.name}`), rec: false };
        const inner = [...stack, t.name];
        let rec = false;
        const part = (x: TypeRef) => {
          const r = go(x, inner);
          rec ||= r.rec;
          return r.s;
        };
        const props = o.properties
          .filter((p) => p.name !== omit)
          .map((p) => `${JSON.stringify(p.name)}${p.required ? '!' : ''}:${part(p.type)}`);
        const extra = o.additionalProperties ? `,*:${part(o.additionalProperties)}` : '';
        const s = token(`{${props.join(',')}${extra}${o.preserveUnknownFields ? ',...' : ''}}`);
        if (!rec && omit === undefined) memo.set(t.name, s);
        return { s, rec };
      }
    }
  };
  return (t: TypeRef, omit?: string): string => go(t, [], omit).s;
}

const isRecord = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);

/** The `x-kubernetes-list-map-keys` of the list at a path of the CRD's structural schema (CRD imports only). */
export function listMapKeys(v: Version, p: PathPattern): readonly string[] | undefined {
  let s: StructuralSchema | undefined = v.schema;
  for (const seg of p) {
    if (!s) return undefined;
    const next: unknown =
      seg === null
        ? s.items
        : isRecord(s.properties) && Object.hasOwn(s.properties, seg)
          ? s.properties[seg]
          : undefined;
    s = isRecord(next) ? (next as StructuralSchema) : undefined;
  }
  const keys = s?.['x-kubernetes-list-map-keys'];
  return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : undefined;
}

export function showType(t: TypeRef): string {
  switch (t.kind) {
    case 'primitive':
      return t.name;
    case 'enum':
      return `enum(${t.values.join(',')})`;
    case 'array':
      return `[]${showType(t.items)}`;
    case 'map':
      return `map[string]${showType(t.values)}`;
    case 'opaque':
      return t.reason;
    case 'object':
      return 'object';
  }
}
