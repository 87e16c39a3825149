// The OpenAPI importer's schema -> TypeRef mapping: `allOf` merged, enums (`x-ms-enum`), arrays, maps and
// object types built once by name (recursive types refer to each other by name), nesting bounded (TOO_DEEP).
import type { Path, Property, TypeRef } from '../core/index.ts';
import { bagKeyOf, byString, typeSegment, uniqueBagKeys } from './names.ts';
import { docIssue, isRecord } from './parseSource.ts';
import {
  FREE_FORM,
  descriptionOf,
  enumValues,
  primitiveOf,
  propertiesOf,
  requiredOf,
  validationOf,
} from './schemaFacts.ts';
import { type Ctx, deref, lastDefName } from './openApiRefResolver.ts';

export type Part = { name: string; schema: Record<string, unknown>; path: Path; required: boolean; ctx: Ctx };

/** Properties of an object schema with its `allOf` parts merged (later parts override). */
export function collectProperties(
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
      // An allOf chain (A extends B extends C ...) recurses once per link: bounded like any nesting.
      const inner = nested(ctx, [...at, 'allOf', i], () =>
        collectProperties(
          target.ctx ?? ctx,
          target.schema,
          target.path,
          ref !== undefined ? [...visiting, ref] : visiting,
        ),
      );
      if (!inner) return;
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

export function toProperty(p: Part, hint: string): Property {
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

/** `run` one level deeper, or undefined (TOO_DEEP reported once, at `at`) past MAX_SCHEMA_NESTING. */
function nested<T>(ctx: Ctx, at: Path, run: () => T): T | undefined {
  const n = ctx.nesting;
  if (n.depth >= MAX_SCHEMA_NESTING) {
    if (!n.reported)
      ctx.issues.push(
        docIssue(ctx.doc, 'error', 'TOO_DEEP', `schemas nested more than ${MAX_SCHEMA_NESTING} levels deep`, at),
      );
    n.reported = true;
    return undefined;
  }
  n.depth++;
  try {
    return run();
  } finally {
    n.depth--;
  }
}

function typeOf(ctx: Ctx, s: Record<string, unknown>, at: Path, hint: string): TypeRef {
  return nested(ctx, at, () => nestedTypeOf(ctx, s, at, hint)) ?? FREE_FORM;
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
