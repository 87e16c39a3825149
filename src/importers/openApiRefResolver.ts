// The OpenAPI importer's `$ref` resolver: JSON pointers in this file or another loaded one, `$ref`-only
// chains, and the context (types, names, issues) an import shares across files. Used by openApiSchemaTypes.ts
// and importOpenApi.ts.
//
// Refs are followed: local ones (`#/definitions/X`, `#/components/schemas/X`, `#/parameters/X`, ...) and
// cross-file ones (`../../common-types/resource-management/v2/types.json#/definitions/TrackedResource`) into
// the other files loaded with this one (matched by relative path, else by the longest path suffix, so
// dropped files match by name). A missing target or file is DANGLING_REF; an alias loop with no object
// (A = B, B = A) is REF_CYCLE. Recursive object types are fine: types refer to each other by name.
import type { Issue, ObjectType, Path } from '../core/index.ts';
import type { NameAllocator } from './names.ts';
import type { SourceDoc } from './parseSource.ts';
import { docIssue, isRecord } from './parseSource.ts';

/** The other documents loaded with this one, for cross-file refs; `referenced` collects the files used. */
export interface RefLibrary {
  readonly docs: ReadonlyMap<string, SourceDoc>;
  readonly referenced: Set<string>;
}

export interface Ctx {
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

export interface Located {
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
export function docCtx(ctx: Ctx, doc: SourceDoc): Ctx {
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
export function deref(ctx: Ctx, s: Record<string, unknown>, at: Path): Located | undefined {
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

/** The definition a `$ref` chain ends on (for naming), if any. */
export function lastDefName(ctx: Ctx, s: Record<string, unknown>, at: Path): string | undefined {
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
