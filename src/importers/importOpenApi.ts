// Stage: one OpenAPI 2.0 (Swagger) or 3.x document = one API version (`info.version`), Azure REST style.
//
// - Resource: each PUT operation whose body is a `$ref` to a definition; kind = that definition's name.
// - Group: the root vendor extension `x-version-explorer-group` if present, else the PUT path's provider
//   namespace (`/providers/Microsoft.ServiceFabric/...` -> `servicefabric.azure.com`; `Contoso.Crm` ->
//   `crm.contoso.com`), else `openapi.local`.
// - Shape: a Kubernetes-style root `<Kind>` {apiVersion, kind, metadata, spec, status}. `<Kind>Spec` holds the
//   body's writable properties as they are on the wire (`properties` stays nested: `x-ms-client-flatten` is a
//   client-SDK hint and is ignored); `<Kind>Status` holds the body's `readOnly` properties plus the GET 200
//   response's properties the body lacks. Nested `readOnly` properties stay in place, marked readOnly.
// - Definitions keep their names (named: true); inline objects get path names (named: false). `x-ms-enum`
//   names an enum (`Level`). `allOf` merges parts. A discriminated base (`discriminator`) imports with its
//   own properties only; subtypes (`x-ms-discriminator-value`) become types only where referenced, so a
//   subtype-only field of a base-typed value ends in the property bag like any unknown field.
// - Refs are followed: local ones (`#/definitions/X`, `#/components/schemas/X`, `#/parameters/X`, ...) and
//   cross-file ones (`../../common-types/resource-management/v2/types.json#/definitions/TrackedResource`) into
//   the other files loaded with this one (matched by relative path, else by the longest path suffix, so
//   dropped files match by name). A missing target or file is DANGLING_REF; an alias loop with no object
//   (A = B, B = A) is REF_CYCLE. Recursive object types are fine: types refer to each other by name.
import { setKey } from '../core/index.ts';
import type { Issue, KindInput, ObjectType, Path, Property, TypeRef, Version } from '../core/index.ts';
import { NameAllocator, bagKeyOf, byString, typeSegment, uniqueBagKeys } from './names.ts';
import type { SourceDoc } from './parseSource.ts';
import { docIssue, isRecord } from './parseSource.ts';
import { descriptionOf, enumValues, primitiveOf, propertiesOf, requiredOf, validationOf } from './schemaFacts.ts';

export const GROUP_EXTENSION = 'x-version-explorer-group';

const FREE_FORM: TypeRef = { kind: 'opaque', reason: 'free-form' };

/** The other documents loaded with this one, for cross-file refs; `referenced` collects the files used. */
export interface RefLibrary {
  readonly docs: ReadonlyMap<string, SourceDoc>;
  readonly referenced: Set<string>;
}

interface Ctx {
  readonly doc: SourceDoc;
  /** The root of the file being imported (its definitions keep their names). */
  readonly mainRoot: Record<string, unknown>;
  readonly library?: RefLibrary;
  /** Type names given to definitions of other files (`file \0 definition`), so same-named ones stay apart. */
  readonly foreignNames: Map<string, string>;
  readonly root: Record<string, unknown>;
  readonly defsPath: Path;
  readonly types: Map<string, ObjectType | null>;
  readonly names: NameAllocator;
  /** Definitions whose content is being expanded (an array or map of itself is a cycle no name can break). */
  readonly aliasStack: string[];
  /** How deep `typeOf` is nested, across refs and files (shared by every context of one import). */
  readonly nesting: { depth: number; reported: boolean };
  readonly issues: Issue[];
  readonly skip: string;
}

interface Located {
  readonly schema: Record<string, unknown>;
  readonly path: Path;
  /** The document the schema lives in, when it is another file's (its refs resolve there). */
  readonly ctx?: Ctx;
  /** Definition name when the ref points at one. */
  readonly defName?: string;
}

const safeDecode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** The context of another document, sharing the types, names and issues being built. */
function docCtx(ctx: Ctx, doc: SourceDoc): Ctx {
  if (doc === ctx.doc) return ctx;
  const root = isRecord(doc.value) ? doc.value : {};
  const swagger2 = typeof root.swagger === 'string' || isRecord(root.definitions);
  const defsPath: Path = swagger2 ? ['definitions'] : ['components', 'schemas'];
  return { ...ctx, doc, root, defsPath };
}

const segments = (p: string) => p.replace(/\\/g, '/').split('/');

/** The loaded document a cross-file ref names: by relative path, else by the longest matching path suffix. */
function findDoc(lib: RefLibrary, from: string, file: string): SourceDoc | 'ambiguous' | undefined {
  const resolved = segments(from).slice(0, -1);
  for (const seg of segments(file)) {
    if (seg === '..') resolved.pop();
    else if (seg !== '.' && seg !== '') resolved.push(seg);
  }
  const exact = lib.docs.get(resolved.join('/'));
  if (exact) return exact;
  const want = segments(file).filter((x) => x !== '..' && x !== '.' && x !== '');
  let best = 0;
  let found: SourceDoc[] = [];
  for (const [name, doc] of lib.docs) {
    const have = segments(name);
    let n = 0;
    while (n < want.length && n < have.length && want[want.length - 1 - n] === have[have.length - 1 - n]) n++;
    if (n > best) [best, found] = [n, [doc]];
    else if (n === best && n > 0) found.push(doc);
  }
  return found.length > 1 ? 'ambiguous' : found[0];
}

/** Follows a JSON pointer, in this file or a loaded other one; reports DANGLING_REF at the `$ref`. */
function follow(ctx: Ctx, ref: unknown, at: Path): Located | undefined {
  const dangling = (why: string) => {
    ctx.issues.push(docIssue(ctx.doc, 'error', 'DANGLING_REF', `$ref ${why}`, [...at, '$ref']));
    return undefined;
  };
  if (typeof ref !== 'string') return dangling(`${JSON.stringify(ref)} is not a string`);
  if (!ref.startsWith('#')) {
    const hash = ref.indexOf('#');
    const file = hash < 0 ? ref : ref.slice(0, hash);
    if (/^[a-z][a-z0-9+.-]*:/i.test(file))
      return dangling('points at a URL: load that file too and refer to it by path');
    const other = ctx.library ? findDoc(ctx.library, ctx.doc.file, file) : undefined;
    if (other === 'ambiguous')
      return dangling(`${ref}: several loaded files are named ${segments(file).at(-1) ?? file}`);
    if (!other) return dangling(`${ref}: ${file} is not loaded; load it with this file`);
    ctx.library?.referenced.add(other.file);
    const pointer = hash < 0 ? '' : ref.slice(hash + 1);
    const there = docCtx(ctx, other);
    if (pointer === '' || pointer === '/') return { schema: there.root, path: [], ctx: there };
    return follow(there, `#${pointer}`, []);
  }
  if (!ref.startsWith('#/')) return dangling(`${ref} is not a JSON pointer`);
  const segs = ref
    .slice(2)
    .split('/')
    .map((s) => safeDecode(s).replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = ctx.root;
  for (const s of segs) node = isRecord(node) ? node[s] : undefined;
  if (!isRecord(node)) {
    ctx.issues.push(docIssue(ctx.doc, 'error', 'DANGLING_REF', `$ref ${ref} points at nothing`, [...at, '$ref']));
    return undefined;
  }
  const isDef = segs.length === ctx.defsPath.length + 1 && ctx.defsPath.every((p, i) => p === segs[i]);
  return {
    schema: node,
    path: segs,
    ctx,
    ...(isDef ? { defName: defTypeName(ctx, segs[segs.length - 1] as string) } : {}),
  };
}

/** A definition's type name: its own in the main file; in another file, its own unless that is taken. */
function defTypeName(ctx: Ctx, def: string): string {
  if (ctx.root === ctx.mainRoot) return def;
  const key = `${ctx.doc.file}\u0000${def}`;
  let name = ctx.foreignNames.get(key);
  if (name === undefined) {
    name = ctx.names.take(def);
    ctx.foreignNames.set(key, name);
  }
  return name;
}

/** `$ref`-only chains (and single-part allOf) resolved to the schema that has content. */
function deref(ctx: Ctx, s: Record<string, unknown>, at: Path): Located | undefined {
  let cur: Located = { schema: s, path: at, ctx };
  const seen: string[] = [];
  for (;;) {
    const ref = cur.schema.$ref;
    if (ref === undefined) return cur;
    if (typeof ref === 'string' && seen.includes(ref)) {
      ctx.issues.push(
        docIssue(
          (cur.ctx ?? ctx).doc,
          'error',
          'REF_CYCLE',
          `$ref cycle with no object: ${[...seen, ref].join(' -> ')}`,
          [...cur.path, '$ref'],
        ),
      );
      return undefined;
    }
    if (typeof ref === 'string') seen.push(ref);
    const next = follow(cur.ctx ?? ctx, ref, cur.path);
    if (!next) return undefined;
    cur = next;
  }
}

type Part = { name: string; schema: Record<string, unknown>; path: Path; required: boolean; ctx: Ctx };

/** Properties of an object schema with its `allOf` parts merged (later parts override). */
function collectProperties(
  ctx: Ctx,
  s: Record<string, unknown>,
  at: Path,
  visiting: string[] = [],
): { props: Map<string, Part>; description?: string } {
  const props = new Map<string, Part>();
  let description = descriptionOf(s);
  if (Array.isArray(s.allOf)) {
    s.allOf.forEach((part, i) => {
      if (!isRecord(part)) return;
      const ref = typeof part.$ref === 'string' ? part.$ref : undefined;
      if (ref !== undefined && visiting.includes(ref)) {
        ctx.issues.push(
          docIssue(ctx.doc, 'error', 'REF_CYCLE', `allOf cycle: ${[...visiting, ref].join(' -> ')}`, [
            ...at,
            'allOf',
            i,
            '$ref',
          ]),
        );
        return;
      }
      const target = deref(ctx, part, [...at, 'allOf', i]);
      if (!target) return;
      const inner = collectProperties(
        target.ctx ?? ctx,
        target.schema,
        target.path,
        ref !== undefined ? [...visiting, ref] : visiting,
      );
      for (const [k, v] of inner.props) props.set(k, v);
      description ??= inner.description;
    });
  }
  const own = propertiesOf(s) ?? {};
  const required = requiredOf(s);
  for (const k of Object.keys(own)) {
    const ps = own[k];
    props.set(k, {
      name: k,
      schema: isRecord(ps) ? ps : {},
      path: [...at, 'properties', k],
      required: required.has(k),
      ctx,
    });
  }
  // `required` may name properties inherited through allOf.
  for (const r of required) {
    const p = props.get(r);
    if (p && !p.required) props.set(r, { ...p, required: true });
  }
  return { props, ...(description !== undefined ? { description } : {}) };
}

const isObjectLike = (s: Record<string, unknown>): boolean =>
  propertiesOf(s) !== undefined || (Array.isArray(s.allOf) && s.allOf.length > 0) || s.discriminator !== undefined;

function toProperty(p: Part, hint: string): Property {
  const type = typeOf(p.ctx, p.schema, p.path, hint);
  const target = isRecord(p.schema) && p.schema.$ref !== undefined ? undefined : p.schema;
  const description = descriptionOf(p.schema);
  const validation = target ? validationOf(target) : undefined;
  const goName = typeof p.schema['x-ms-client-name'] === 'string' ? p.schema['x-ms-client-name'] : p.name;
  return {
    name: p.name,
    bagKey: bagKeyOf(goName),
    type,
    required: p.required,
    ...(description !== undefined ? { description } : {}),
    ...(validation !== undefined ? { validation } : {}),
    ...(p.schema.readOnly === true ? { readOnly: true } : {}),
  };
}

/** Builds (once) the object type `name` from an object-like schema. */
function objectType(ctx: Ctx, name: string, s: Record<string, unknown>, at: Path, named: boolean): string {
  if (ctx.types.has(name)) return name;
  ctx.types.set(name, null); // placeholder: recursive references resolve by name
  const { props, description } = collectProperties(ctx, s, at);
  const properties = [...props.keys()]
    .sort(byString)
    .map((k) => toProperty(props.get(k) as Part, `${name}${typeSegment(k)}`));
  const extra = isRecord(s.additionalProperties)
    ? typeOf(ctx, s.additionalProperties, [...at, 'additionalProperties'], `${name}Value`)
    : undefined;
  ctx.types.set(name, {
    name,
    named,
    properties: uniqueBagKeys(properties),
    hasPropertyBag: false,
    ...(extra ? { additionalProperties: extra } : {}),
    ...(description !== undefined ? { description } : {}),
  });
  return name;
}

/** Schemas nested deeper than this (inline or through refs) are TOO_DEEP: real specs nest a few dozen. */
const MAX_SCHEMA_NESTING = 256;

function typeOf(ctx: Ctx, s: Record<string, unknown>, at: Path, hint: string): TypeRef {
  const n = ctx.nesting;
  if (n.depth >= MAX_SCHEMA_NESTING) {
    if (!n.reported)
      ctx.issues.push(
        docIssue(ctx.doc, 'error', 'TOO_DEEP', `schemas nested more than ${MAX_SCHEMA_NESTING} levels deep`, at),
      );
    n.reported = true;
    return FREE_FORM;
  }
  n.depth++;
  try {
    return nestedTypeOf(ctx, s, at, hint);
  } finally {
    n.depth--;
  }
}

function nestedTypeOf(ctx: Ctx, s: Record<string, unknown>, at: Path, hint: string): TypeRef {
  if (s.$ref !== undefined) {
    const target = deref(ctx, s, at);
    if (!target) return FREE_FORM;
    const defName = target.defName ?? lastDefName(ctx, s, at);
    if (defName === ctx.skip) return FREE_FORM; // the resource body itself, nested: carried as-is
    const where = target.ctx ?? ctx;
    // An object type refers to itself by name; an array or map of itself (A = A[]) has no name to stop at.
    const key = `${where.doc.file}#${target.path.join('/')}`;
    if (!isObjectLike(target.schema) && ctx.aliasStack.includes(key)) {
      ctx.issues.push(
        docIssue(
          ctx.doc,
          'error',
          'REF_CYCLE',
          `$ref cycle through an array or map with no object: ${[...ctx.aliasStack.slice(ctx.aliasStack.indexOf(key)), key].join(' -> ')}`,
          [...at, '$ref'],
        ),
      );
      return FREE_FORM;
    }
    ctx.aliasStack.push(key);
    try {
      return contentType(where, target.schema, target.path, defName ?? hint, defName !== undefined);
    } finally {
      ctx.aliasStack.pop();
    }
  }
  if (Array.isArray(s.allOf) && s.allOf.length === 1 && propertiesOf(s) === undefined && isRecord(s.allOf[0])) {
    return typeOf(ctx, s.allOf[0], [...at, 'allOf', 0], hint);
  }
  return contentType(ctx, s, at, hint, false);
}

/** The definition a `$ref` chain ends on (for naming), if any. */
function lastDefName(ctx: Ctx, s: Record<string, unknown>, at: Path): string | undefined {
  let cur: Record<string, unknown> = s;
  let path = at;
  let here = ctx;
  let name: string | undefined;
  for (let i = 0; i < 32 && cur.$ref !== undefined; i++) {
    const next = follow({ ...here, issues: [] }, cur.$ref, path);
    if (!next) break;
    name = next.defName ?? name;
    cur = next.schema;
    path = next.path;
    here = next.ctx ?? here;
  }
  return name;
}

function contentType(ctx: Ctx, s: Record<string, unknown>, at: Path, name: string, named: boolean): TypeRef {
  const values = enumValues(s);
  if (values) {
    const xms = isRecord(s['x-ms-enum']) && typeof s['x-ms-enum'].name === 'string' ? s['x-ms-enum'].name : undefined;
    const enumName = xms ?? (named ? name : undefined);
    return {
      kind: 'enum',
      base: primitiveOf(s.type) ?? 'string',
      values,
      ...(enumName !== undefined ? { name: enumName } : {}),
    };
  }
  if (s.type === 'array')
    return {
      kind: 'array',
      items: isRecord(s.items) ? typeOf(ctx, s.items, [...at, 'items'], `${name}Item`) : FREE_FORM,
    };
  const prim = primitiveOf(s.type);
  if (prim) return { kind: 'primitive', name: prim };
  if (isObjectLike(s)) {
    const typeName = named ? name : ctx.names.take(name);
    return { kind: 'object', name: objectType(ctx, typeName, s, at, named) };
  }
  if (isRecord(s.additionalProperties))
    return {
      kind: 'map',
      values: typeOf(ctx, s.additionalProperties, [...at, 'additionalProperties'], `${name}Value`),
    };
  if (s.additionalProperties === true) return { kind: 'map', values: FREE_FORM };
  return FREE_FORM;
}

/** `/providers/Microsoft.ServiceFabric/clusters/{x}` -> `servicefabric.azure.com`. */
export function groupFromPath(p: string): string | undefined {
  const m = /\/providers\/([A-Za-z0-9.]+)\//i.exec(p);
  const ns = m?.[1];
  if (ns === undefined) return undefined;
  const [vendor, ...rest] = ns.split('.');
  if (rest.length === 0 || vendor === undefined) return ns.toLowerCase();
  const service = rest.join('.').toLowerCase();
  return vendor.toLowerCase() === 'microsoft' ? `${service}.azure.com` : `${service}.${vendor.toLowerCase()}.com`;
}

function bodySchema(ctx: Ctx, op: Record<string, unknown>, at: Path): Located | undefined {
  if (Array.isArray(op.parameters)) {
    for (let i = 0; i < op.parameters.length; i++) {
      const raw = op.parameters[i];
      if (!isRecord(raw)) continue;
      const param =
        raw.$ref !== undefined
          ? deref(ctx, raw, [...at, 'parameters', i])
          : { schema: raw, path: [...at, 'parameters', i] };
      if (param?.schema.in === 'body' && isRecord(param.schema.schema))
        return {
          schema: param.schema.schema,
          path: [...param.path, 'schema'],
          ...(param.ctx ? { ctx: param.ctx } : {}),
        };
    }
  }
  if (isRecord(op.requestBody)) {
    const rb = deref(ctx, op.requestBody, [...at, 'requestBody']);
    return rb ? mediaSchema(rb.schema, rb.path, rb.ctx) : undefined;
  }
  return undefined;
}

function mediaSchema(holder: Record<string, unknown>, at: Path, ctx?: Ctx): Located | undefined {
  const inCtx = ctx ? { ctx } : {};
  if (isRecord(holder.schema)) return { schema: holder.schema, path: [...at, 'schema'], ...inCtx };
  if (!isRecord(holder.content)) return undefined;
  const types = Object.keys(holder.content).sort(
    (a, b) => Number(!a.includes('json')) - Number(!b.includes('json')) || byString(a, b),
  );
  const first = types[0];
  const media = first !== undefined ? holder.content[first] : undefined;
  return isRecord(media) && isRecord(media.schema)
    ? { schema: media.schema, path: [...at, 'content', first as string, 'schema'], ...inCtx }
    : undefined;
}

function getResponse(ctx: Ctx, item: Record<string, unknown>, at: Path): Located | undefined {
  const get = item.get;
  if (!isRecord(get) || !isRecord(get.responses)) return undefined;
  const r = get.responses['200'];
  if (!isRecord(r)) return undefined;
  const resolved = deref(ctx, r, [...at, 'get', 'responses', '200']);
  return resolved ? mediaSchema(resolved.schema, resolved.path, resolved.ctx) : undefined;
}

function importResource(ctx: Ctx, version: string, kindName: string, body: Located, get: Located | undefined): Version {
  // (Located values found while probing carry the probe's context: re-home them into this import's.)
  const home = (l: Located) => (l.ctx && l.ctx.doc !== ctx.doc ? docCtx(ctx, l.ctx.doc) : ctx);
  const bodyDef = deref(home(body), body.schema, body.path);
  const { props } = bodyDef
    ? collectProperties(bodyDef.ctx ?? ctx, bodyDef.schema, bodyDef.path)
    : { props: new Map<string, Part>() };
  const specParts = [...props.values()].filter((p) => p.schema.readOnly !== true);
  const statusParts = [...props.values()].filter((p) => p.schema.readOnly === true);
  if (get) {
    const g = deref(home(get), get.schema, get.path);
    if (g && g.schema !== bodyDef?.schema) {
      for (const p of collectProperties(g.ctx ?? ctx, g.schema, g.path).props.values())
        if (!props.has(p.name) || p.schema.readOnly === true)
          if (!statusParts.some((x) => x.name === p.name)) statusParts.push({ ...p, required: false });
    }
  }
  const rootName = ctx.names.take(kindName);
  const specName = ctx.names.take(`${kindName}Spec`);
  const statusName = ctx.names.take(`${kindName}Status`);
  const synthetic = (name: string, parts: Part[]): ObjectType => ({
    name,
    named: true,
    properties: uniqueBagKeys(
      parts.sort((a, b) => byString(a.name, b.name)).map((p) => toProperty(p, `${name}${typeSegment(p.name)}`)),
    ),
    hasPropertyBag: false,
  });
  ctx.types.set(specName, synthetic(specName, specParts));
  if (statusParts.length > 0) ctx.types.set(statusName, synthetic(statusName, statusParts));
  const str = (name: string): Property => ({
    name,
    bagKey: bagKeyOf(name),
    type: { kind: 'primitive', name: 'string' },
    required: false,
  });
  const rootProps: Property[] = [
    str('apiVersion'),
    str('kind'),
    { name: 'metadata', bagKey: 'Metadata', type: FREE_FORM, required: false },
    { name: 'spec', bagKey: 'Spec', type: { kind: 'object', name: specName }, required: false },
    ...(statusParts.length > 0
      ? [
          {
            name: 'status',
            bagKey: 'Status',
            type: { kind: 'object', name: statusName },
            required: false,
          } satisfies Property,
        ]
      : []),
  ];
  ctx.types.set(rootName, {
    name: rootName,
    named: true,
    properties: rootProps,
    hasPropertyBag: false,
    ...(bodyDef && descriptionOf(bodyDef.schema) ? { description: descriptionOf(bodyDef.schema) as string } : {}),
  });
  const types: Record<string, ObjectType> = {};
  for (const k of [...ctx.types.keys()].sort(byString)) {
    const t = ctx.types.get(k);
    if (t) setKey(types, k, t);
  }
  return {
    name: version,
    role: 'api',
    served: true,
    crdStorage: false,
    deprecated: false,
    root: rootName,
    spec: 'spec',
    ...(statusParts.length > 0 ? { status: 'status' } : {}),
    types,
    source: ctx.doc.file,
  };
}

export function importOpenApi(doc: SourceDoc, library?: RefLibrary): { kinds: KindInput[]; issues: Issue[] } {
  const issues: Issue[] = [];
  const root = doc.value;
  if (!isRecord(root))
    return {
      kinds: [],
      issues: [docIssue(doc, 'error', 'INVALID_OPENAPI', 'an OpenAPI document must be an object', [])],
    };
  const info = root.info;
  const version =
    isRecord(info) && (typeof info.version === 'string' || typeof info.version === 'number')
      ? String(info.version)
      : undefined;
  if (version === undefined || version === '')
    return {
      kinds: [],
      issues: [docIssue(doc, 'error', 'INVALID_OPENAPI', 'info.version (the API version) is missing', ['info'])],
    };
  const swagger2 = typeof root.swagger === 'string';
  const defsPath: Path = swagger2 ? ['definitions'] : ['components', 'schemas'];
  const defsNode = swagger2 ? root.definitions : isRecord(root.components) ? root.components.schemas : undefined;
  const defs = isRecord(defsNode) ? defsNode : {};
  const paths = isRecord(root.paths) ? root.paths : {};
  const extGroup = typeof root[GROUP_EXTENSION] === 'string' ? (root[GROUP_EXTENSION] as string) : undefined;

  // A fresh context per probe and per resource: types and names are built per version of a kind.
  const newCtx = (names: NameAllocator, skip: string): Ctx => ({
    doc,
    mainRoot: root,
    ...(library ? { library } : {}),
    foreignNames: new Map(),
    root,
    defsPath,
    types: new Map(),
    names,
    aliasStack: [],
    nesting: { depth: 0, reported: false },
    issues,
    skip,
  });
  const found = new Map<string, { path: string; body: Located; get?: Located }>();
  for (const p of Object.keys(paths).sort(byString)) {
    const item = paths[p];
    if (!isRecord(item) || !isRecord(item.put)) continue;
    const probe = newCtx(new NameAllocator(), '');
    const body = bodySchema(probe, item.put, ['paths', p, 'put']);
    if (!body || typeof body.schema.$ref !== 'string') continue;
    const kindName = lastDefName(body.ctx ?? probe, body.schema, body.path);
    if (kindName === undefined || found.has(kindName)) continue;
    const get = getResponse(probe, item, ['paths', p]);
    found.set(kindName, { path: p, body, ...(get ? { get } : {}) });
  }
  if (found.size === 0) {
    issues.push(
      docIssue(doc, 'error', 'NO_RESOURCE', 'no PUT operation with a body that references a definition', ['paths']),
    );
    return { kinds: [], issues };
  }
  const kinds: KindInput[] = [];
  for (const [kindName, r] of [...found.entries()].sort(([a], [b]) => byString(a, b))) {
    const names = new NameAllocator();
    for (const d of Object.keys(defs).sort(byString)) if (d !== kindName) names.take(d);
    const ctx = newCtx(names, kindName);
    const v = importResource(ctx, version, kindName, r.body, r.get);
    kinds.push({
      group: extGroup ?? groupFromPath(r.path) ?? 'openapi.local',
      kind: kindName,
      versions: [v],
      aso: false,
    });
  }
  // A definition shared by several resources would report the same bad ref once per resource.
  const seen = new Set<string>();
  const unique = issues.filter((i) => {
    const key = `${i.code}\u0000${i.path.join('\u0000')}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  return { kinds, issues: unique };
}
