// Kubernetes' opaque CEL types (URL, IP, CIDR, Quantity, Semver, Format) and cel-go's optional type, as values
// @bufbuild/cel can carry: it only knows scalars, lists, maps and protobuf messages, so each is a tiny message
// (`repr`: its canonical text, which equality compares, as upstream's Equal compares canonical values). The decoded
// value (a parsed URL, an optional's content) rides on the message object under a symbol: the library passes the
// same object through, and nothing else reads it.
import { create, createFileRegistry, type DescMessage, type Registry } from '@bufbuild/protobuf';
import { FileDescriptorProtoSchema, FileDescriptorSetSchema } from '@bufbuild/protobuf/wkt';
import { objectType, type CelType } from '@bufbuild/cel';

export type OpaqueName = 'URL' | 'IP' | 'CIDR' | 'Quantity' | 'Semver' | 'Format' | 'Optional';
/** Upstream's type names (error messages and type() name them). */
export const OPAQUE_TYPE_NAMES: Readonly<Record<OpaqueName, string>> = {
  URL: 'kubernetes.URL',
  IP: 'net.IP',
  CIDR: 'net.CIDR',
  Quantity: 'kubernetes.Quantity',
  Semver: 'kubernetes.Semver',
  Format: 'kubernetes.NamedFormat',
  Optional: 'optional_type',
};
const BY_TYPE_NAME = new Map(Object.entries(OPAQUE_TYPE_NAMES).map(([k, v]) => [v, k as OpaqueName]));

let registry: Registry | undefined;
export function opaqueRegistry(): Registry {
  if (registry) return registry;
  const byPackage = new Map<string, string[]>();
  for (const full of Object.values(OPAQUE_TYPE_NAMES)) {
    const dot = full.lastIndexOf('.');
    const pkg = dot < 0 ? '' : full.slice(0, dot);
    byPackage.set(pkg, [...(byPackage.get(pkg) ?? []), full.slice(dot + 1)]);
  }
  const files = [...byPackage].map(([pkg, names], i) =>
    create(FileDescriptorProtoSchema, {
      name: `k8s_cel_${i}.proto`,
      package: pkg,
      syntax: 'proto3',
      messageType: names.map((name) => ({
        name,
        field: [{ name: 'repr', number: 1, type: 9 /* string */, label: 1 /* optional */, jsonName: 'repr' }],
      })),
    }),
  );
  const set = create(FileDescriptorSetSchema, { file: files });
  registry = createFileRegistry(set);
  return registry;
}

const descs = new Map<OpaqueName, DescMessage>();
export function opaqueDesc(name: OpaqueName): DescMessage {
  let d = descs.get(name);
  if (!d) {
    d = opaqueRegistry().getMessage(OPAQUE_TYPE_NAMES[name]);
    if (!d) throw new Error(`missing opaque type ${name}`);
    descs.set(name, d);
  }
  return d;
}

const types = new Map<OpaqueName, CelType>();
/** The CEL type of an opaque kind (a method's target). */
export function opaqueType(name: OpaqueName): CelType {
  let t = types.get(name);
  if (!t) {
    t = objectType(opaqueDesc(name));
    types.set(name, t);
  }
  return t;
}

const PAYLOAD = Symbol('k8s.cel.payload');
interface Carrier {
  readonly $typeName: string;
  repr: string;
  [PAYLOAD]?: unknown;
}

/** A new opaque value: `repr` decides equality, `payload` is what methods read. */
export function makeOpaque(name: OpaqueName, repr: string, payload: unknown): unknown {
  const m = create(opaqueDesc(name)) as unknown as Carrier;
  m.repr = repr;
  m[PAYLOAD] = payload;
  return m;
}

/** The opaque kind and payload of a value, or undefined (accepts the message or its reflection). */
export function opaqueOf(v: unknown): { readonly name: OpaqueName; readonly payload: unknown } | undefined {
  if (v === null || typeof v !== 'object') return undefined;
  const msg = ('message' in v ? (v as { message: unknown }).message : v) as Partial<Carrier> | null;
  if (msg === null || typeof msg !== 'object' || typeof msg.$typeName !== 'string') return undefined;
  const name = BY_TYPE_NAME.get(msg.$typeName);
  return name === undefined ? undefined : { name, payload: msg[PAYLOAD] };
}

/** The payload of `v` when it is an opaque value of kind `name`; throws the upstream overload error otherwise. */
export function payloadOf<T>(v: unknown, name: OpaqueName): T {
  const o = opaqueOf(v);
  if (!o || o.name !== name) throw new Error('no such overload');
  return o.payload as T;
}
