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
// - Refs: openApiRefResolver.ts; schemas to types: openApiSchemaTypes.ts. This file finds the resources.
import { setKey } from '../core/index.ts';
import type { Issue, KindInput, ObjectType, Path, Property, Version } from '../core/index.ts';
import { NameAllocator, bagKeyOf, byString, typeSegment, uniqueBagKeys } from './names.ts';
import type { SourceDoc } from './parseSource.ts';
import { docIssue, isRecord } from './parseSource.ts';
import { FREE_FORM, descriptionOf } from './schemaFacts.ts';
import { type Ctx, type Located, type RefLibrary, deref, docCtx, lastDefName } from './openApiRefResolver.ts';
import { type Part, collectProperties, toProperty } from './openApiSchemaTypes.ts';

export const GROUP_EXTENSION = 'x-version-explorer-group';

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
