// The rules parser's reading primitives: a value with its YAML node (so any part can be located), and the checks
// every part of a rules file uses (required strings, flags, paths, unknown keys), each reporting an Issue.
import { isMap, isScalar, isSeq, type LineCounter, type Node as YamlNode } from 'yaml';
import { issue, type Issue, type IssueCode, type SourceRange } from '../model/issue.ts';
import { toRange } from '../text/yamlSource.ts';
import type { RulePath } from './format.ts';
import { formatPathPattern, parsePathPattern } from './paths.ts';

export type Obj = Record<string, unknown>;
export const isObj = (x: unknown): x is Obj => x !== null && typeof x === 'object' && !Array.isArray(x);

/** A value with its YAML node, so any part can be located. */
export class At {
  constructor(
    readonly value: unknown,
    readonly node: unknown,
    readonly ctx: Ctx,
  ) {}
  get range(): SourceRange | undefined {
    const n = this.node as YamlNode | undefined;
    return n?.range ? toRange(this.ctx.lc, n.range[0], n.range[1]) : undefined;
  }
  /** The key's node for a property (issues about a key point at the key). */
  keyRange(k: string): SourceRange | undefined {
    if (!isMap(this.node)) return this.range;
    const pair = this.node.items.find((p) => isScalar(p.key) && p.key.value === k);
    const n = pair?.key as YamlNode | undefined;
    return n?.range ? toRange(this.ctx.lc, n.range[0], n.range[1]) : this.range;
  }
  get(k: string): At | undefined {
    if (!isObj(this.value) || !Object.hasOwn(this.value, k)) return undefined;
    const node = isMap(this.node)
      ? this.node.items.find((p) => isScalar(p.key) && String(p.key.value) === k)?.value
      : undefined;
    return new At(this.value[k], node, this.ctx);
  }
  items(): At[] {
    if (!Array.isArray(this.value)) return [];
    const seq = isSeq(this.node) ? this.node.items : [];
    return this.value.map((v, i) => new At(v, seq[i], this.ctx));
  }
  keys(): string[] {
    return isObj(this.value) ? Object.keys(this.value) : [];
  }
}

export interface Ctx {
  readonly lc: LineCounter;
  readonly file?: string;
  readonly issues: Issue[];
}

export function report(
  ctx: Ctx,
  code: IssueCode,
  message: string,
  range: SourceRange | undefined,
  path: (string | number)[],
) {
  ctx.issues.push(
    issue('error', code, message, path, {
      ...(ctx.file !== undefined ? { file: ctx.file } : {}),
      ...(range ? { range } : {}),
    }),
  );
}

export function str(at: At | undefined, what: string, path: (string | number)[], owner: At): string | undefined {
  if (at === undefined) {
    report(owner.ctx, 'RULES_INVALID', `${what} is required`, owner.range, path);
    return undefined;
  }
  if (typeof at.value !== 'string' || at.value === '') {
    report(at.ctx, 'RULES_INVALID', `${what} must be a non-empty string`, at.range, path);
    return undefined;
  }
  return at.value;
}

/** An optional boolean: undefined when absent, null (reported) when not a boolean. */
export function flag(at: At | undefined, what: string, path: (string | number)[]): boolean | undefined | null {
  if (at === undefined) return undefined;
  if (typeof at.value === 'boolean') return at.value;
  report(at.ctx, 'RULES_INVALID', `${what} must be true or false`, at.range, path);
  return null;
}

export function rulePath(at: At | undefined, what: string, path: (string | number)[], owner: At): RulePath | undefined {
  const text = str(at, what, path, owner);
  if (text === undefined || !at) return undefined;
  const pattern = parsePathPattern(text);
  if (!pattern) {
    report(at.ctx, 'RULE_PATH_SYNTAX', `${what} "${text}" is not a path (a.b.c, a[].b, a["any key"])`, at.range, path);
    return undefined;
  }
  const range = at.range;
  return { text: formatPathPattern(pattern), pattern, ...(range ? { range } : {}) };
}

export function unknownKeys(at: At, allowed: readonly string[], path: (string | number)[]): boolean {
  let ok = true;
  for (const k of at.keys())
    if (!allowed.includes(k)) {
      report(at.ctx, 'RULES_INVALID', `unknown field "${k}" (expected ${allowed.join(', ')})`, at.keyRange(k), [
        ...path,
        k,
      ]);
      ok = false;
    }
  return ok;
}
