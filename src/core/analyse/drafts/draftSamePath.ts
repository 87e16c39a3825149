// Drafts for a field at the same path in both versions: a string that became an object (a compute skeleton that
// carries the string in one of the object's string fields), and enum values renamed.
import { compileCel } from '../../cel/index.ts';
import type { ObjectType, TypeRef } from '../../model/model.ts';
import { showType, typeOf, type FieldNode } from './draftFields.ts';
import {
  leaf,
  rulePath,
  type DraftConfidence,
  type DraftPair,
  type DraftReason,
  type PendingDraft,
} from './draftModel.ts';

const CEL_RESERVED = new Set([
  'as',
  'break',
  'const',
  'continue',
  'else',
  'false',
  'for',
  'function',
  'if',
  'import',
  'in',
  'let',
  'loop',
  'package',
  'namespace',
  'null',
  'return',
  'true',
  'var',
  'void',
  'while',
]);
const celIdent = (s: string) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(s) && !CEL_RESERVED.has(s);
const celAccess = (segs: readonly string[]): string =>
  segs.reduce((acc, s) => (celIdent(s) ? `${acc}.${s}` : `${acc}[${JSON.stringify(s)}]`), 'self');
/** `has(self.a) && has(self.a.b)`: true when the whole path is there (CEL errors on a missing key). */
const celPresent = (segs: readonly string[]): string =>
  segs
    .map((s, i) =>
      celIdent(s)
        ? `has(${celAccess(segs.slice(0, i + 1))})`
        : `${JSON.stringify(s)} in ${celAccess(segs.slice(0, i))}`,
    )
    .join(' && ');

/** The string field of an object that can hold the old string: a required one, else a conventional name. */
function carrierOf(o: ObjectType): string | undefined {
  const strings = o.properties.filter((p) => p.type.kind === 'primitive' && p.type.name === 'string');
  const conventional = ['value', 'name', 'raw', 'expression', 'text'];
  return (
    strings.find((p) => p.required)?.name ??
    conventional.find((n) => strings.some((p) => p.name === n)) ??
    strings[0]?.name
  );
}

const isString = (t: TypeRef) =>
  (t.kind === 'primitive' && t.name === 'string') || (t.kind === 'enum' && t.base === 'string');

/** A string that became an object: strong when the object has a string field to carry it, else weak. */
export function stringToObjectDraft(
  pair: DraftPair,
  key: string,
  x: FieldNode,
  y: FieldNode,
): PendingDraft | undefined {
  if (!isString(x.type) || y.type.kind !== 'object' || x.each !== 0) return undefined;
  const segs = x.pattern.filter((s): s is string => s !== null);
  const o = typeOf(pair.b, y.type.name);
  const carrier = o ? carrierOf(o) : undefined;
  const up =
    carrier === undefined ? 'null' : `${celPresent(segs)} ? {${JSON.stringify(carrier)}: ${celAccess(segs)}} : null`;
  const down =
    carrier === undefined ? 'null' : `${celPresent([...segs, carrier])} ? ${celAccess([...segs, carrier])} : null`;
  const upP = compileCel(up);
  const downP = compileCel(down);
  if (!upP.ok || !downP.ok) return undefined;
  return {
    idBase: leaf(x.pattern),
    rule: {
      op: 'compute',
      up: [{ to: rulePath(y.pattern), expression: upP.program }],
      down: [{ to: rulePath(x.pattern), expression: downP.program }],
    },
    draft: {
      confidence: carrier === undefined ? 'weak' : 'strong',
      needsExpressions: true,
      evidence: {
        reason: carrier === undefined ? 'no-string-field' : 'string-to-object',
        from: key,
        to: key,
        fromType: showType(x.type),
        toType: showType(y.type),
        changes: pair.explains(x.pattern, 'type-changed'),
        candidates: 1,
      },
    },
  };
}

/**
 * Enum values renamed: by case only, or one for one (strong); as many gone as new, paired by position (weak);
 * otherwise none.
 */
export function enumDraft(pair: DraftPair, key: string, x: FieldNode, y: FieldNode): PendingDraft | undefined {
  if (x.type.kind !== 'enum' || y.type.kind !== 'enum' || x.type.base !== 'string' || y.type.base !== 'string')
    return undefined;
  const ev = x.type.values.map(String);
  const dv = y.type.values.map(String);
  const gone = ev.filter((v) => !dv.includes(v));
  const fresh = dv.filter((v) => !ev.includes(v));
  if (gone.length === 0 || fresh.length === 0) return undefined;
  const lower = (s: string) => s.toLowerCase();
  const byCase = gone.map((g) => fresh.filter((f) => lower(f) === lower(g)));
  const caseOnly = byCase.every((m) => m.length === 1) && new Set(byCase.map((m) => m[0])).size === gone.length;
  let pairs: [string, string][];
  let confidence: DraftConfidence = 'strong';
  let reason: DraftReason = 'enum-renamed';
  if (caseOnly) pairs = gone.map((g, i) => [g, byCase[i]![0]!]);
  else if (gone.length === 1 && fresh.length === 1) pairs = [[gone[0]!, fresh[0]!]];
  else if (gone.length === fresh.length) {
    pairs = gone.map((g, i) => [g, fresh[i]!]);
    confidence = 'weak';
    reason = 'positional-enum';
  } else return undefined;
  const renamed = new Map(pairs);
  const values = new Map(ev.filter((v) => dv.includes(v) || renamed.has(v)).map((v) => [v, renamed.get(v) ?? v]));
  return {
    idBase: `${leaf(x.pattern)}-values`,
    rule: { op: 'enum', from: rulePath(x.pattern), to: rulePath(y.pattern), values },
    draft: {
      confidence,
      needsExpressions: false,
      evidence: {
        reason,
        from: key,
        to: key,
        fromType: showType(x.type),
        toType: showType(y.type),
        changes: pair.explains(x.pattern, 'enum-narrowed', 'enum-widened'),
        candidates: 1,
      },
    },
  };
}
