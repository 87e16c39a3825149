// "Would the API server accept this CRD's CEL?": every x-kubernetes-validations rule and messageExpression of every
// version's schema compiled and type-checked against its node's declared type, fieldPath/reason/message checked,
// transition rules only where the schema correlates old and new values, and the estimated cost against the per-rule
// limit and the per-schema total, as apiextensions-apiserver's CRD validation does (validation.go,
// cel_validation.go). Issues carry the path to the rule in the CRD document.
import type { Issue, Path } from '../model/issue.ts';
import type { StructuralSchema } from '../model/model.ts';
import { checkCel, schemaDeclType, typeName, MAX_REQUEST_SIZE, type Decl } from './index.ts';
import { schemaProps } from './values.ts';

/** apiextensions' StaticEstimatedCostLimit and StaticEstimatedCRDCostLimit. */
export const RULE_COST_LIMIT = 10_000_000;
export const CRD_COST_LIMIT = 100_000_000;
const REASONS = ['FieldValueInvalid', 'FieldValueForbidden', 'FieldValueRequired', 'FieldValueDuplicate'];

export interface RuleCost {
  readonly path: Path;
  readonly rule: string;
  /** cel-go's estimate for one evaluation. */
  readonly cost: number;
  /** Times the rule may run for one object (the product of maxItems/maxProperties above it, or upstream's estimate). */
  readonly cardinality: number;
  readonly total: number;
}

export interface CrdCelCheck {
  readonly issues: readonly Issue[];
  readonly rules: readonly RuleCost[];
}

const obj = (x: unknown): Record<string, unknown> | undefined =>
  x !== null && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : undefined;

/** upstream getCostErrorMessage. */
export function costErrorMessage(what: string, cost: number, limit: number): string {
  const f = cost / limit;
  const factor = f > 100 ? 'more than 100x' : f < 1.5 ? `${f.toFixed(6)}x` : `${f.toFixed(1)}x`;
  return `${what} exceeds budget by factor of ${factor} (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)`;
}

interface Ctx {
  readonly issues: Issue[];
  readonly rules: RuleCost[];
  total: number;
}

interface Node {
  readonly schema: StructuralSchema;
  readonly path: Path;
  /** undefined: unbounded (a list or map above without maxItems / maxProperties). */
  readonly cardinality: number | undefined;
  readonly resourceRoot: boolean;
  readonly correlatable: boolean;
}

/** Check the CEL of a CRD document (apiextensions.k8s.io/v1 CustomResourceDefinition). */
export function checkCrdCel(crd: unknown): CrdCelCheck {
  const ctx: Ctx = { issues: [], rules: [], total: 0 };
  const versions = obj(obj(crd)?.spec)?.versions;
  if (!Array.isArray(versions)) return ctx;
  versions.forEach((v, i) => {
    const schema = obj(obj(obj(v)?.schema)?.openAPIV3Schema);
    if (!schema) return;
    const root: Path = ['spec', 'versions', i, 'schema', 'openAPIV3Schema'];
    ctx.total = 0;
    walk(ctx, { schema, path: root, cardinality: 1, resourceRoot: true, correlatable: true });
    if (ctx.total > CRD_COST_LIMIT)
      ctx.issues.push({
        severity: 'error',
        code: 'CRD_CEL_COST_TOTAL',
        path: root,
        message: costErrorMessage(
          'x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema',
          ctx.total,
          CRD_COST_LIMIT,
        ),
      });
  });
  return ctx;
}

function walk(ctx: Ctx, n: Node): void {
  const rules = n.schema['x-kubernetes-validations'];
  if (Array.isArray(rules) && rules.length > 0) checkRules(ctx, n, rules);
  const multiply = (max: unknown): number | undefined =>
    n.cardinality === undefined || typeof max !== 'number' ? undefined : n.cardinality * Math.max(0, max);
  for (const [name, prop] of Object.entries(schemaProps(n.schema) ?? {}))
    walk(ctx, {
      schema: prop,
      path: [...n.path, 'properties', name],
      cardinality: n.cardinality,
      resourceRoot: prop['x-kubernetes-embedded-resource'] === true,
      correlatable: n.correlatable,
    });
  const ap = obj(n.schema.additionalProperties);
  if (ap)
    walk(ctx, {
      schema: ap,
      path: [...n.path, 'additionalProperties'],
      cardinality: multiply(n.schema.maxProperties),
      resourceRoot: ap['x-kubernetes-embedded-resource'] === true,
      correlatable: n.correlatable,
    });
  const items = obj(n.schema.items);
  if (items)
    walk(ctx, {
      schema: items,
      path: [...n.path, 'items'],
      cardinality: multiply(n.schema.maxItems),
      resourceRoot: items['x-kubernetes-embedded-resource'] === true,
      correlatable: n.correlatable && n.schema['x-kubernetes-list-type'] === 'map',
    });
}

function checkRules(ctx: Ctx, n: Node, rules: readonly unknown[]): void {
  const decl = schemaDeclType(n.schema, n.resourceRoot);
  rules.forEach((raw, j) => {
    const at = (...rest: (string | number)[]): Path => [...n.path, 'x-kubernetes-validations', j, ...rest];
    const add = (code: Issue['code'], path: Path, message: string, severity: Issue['severity'] = 'error') =>
      ctx.issues.push({ severity, code, path, message });
    const r = obj(raw);
    if (!r || typeof r.rule !== 'string' || r.rule.trim() === '') {
      add('CRD_CEL_INVALID', at('rule'), 'Required value: rule is not specified');
      return;
    }
    if (!decl) {
      add(
        'CRD_CEL_INVALID',
        at('rule'),
        'rule compiler initialization error: failed to convert to declType for CEL validation rules',
        'warning',
      );
      return;
    }
    const optionalOld = r.optionalOldSelf === true;
    const vars = new Map<string, Decl>([
      ['self', decl],
      ['oldSelf', optionalOld ? { k: 'opaque', name: 'optional_type', param: decl } : decl],
    ]);
    const c = checkCel(r.rule, vars);
    const ruleText = r.rule;
    if (!c.ok) add('CRD_CEL_COMPILE', at('rule'), `Invalid value: compilation failed: ${c.error}`);
    else {
      if (c.type.k !== 'bool' && c.type.k !== 'dyn')
        add(
          'CRD_CEL_COMPILE',
          at('rule'),
          `Invalid value: cel expression must evaluate to a bool, got ${typeName(c.type)}`,
        );
      if (/\boldSelf\b/.test(ruleText) && !n.correlatable)
        add(
          'CRD_CEL_TRANSITION',
          at('rule'),
          `Invalid value: oldSelf cannot be used on the uncorrelatable portion of the schema within ${pathText(n.path)}`,
        );
      const cardinality = n.cardinality ?? Math.floor(MAX_REQUEST_SIZE / ((decl.minSize ?? 1) + 1));
      const total = Math.min(Number.MAX_SAFE_INTEGER, c.cost.max * cardinality);
      ctx.rules.push({ path: at('rule'), rule: ruleText, cost: c.cost.max, cardinality, total });
      ctx.total += total;
      if (total > RULE_COST_LIMIT)
        add(
          'CRD_CEL_COST',
          at('rule'),
          `Forbidden: ${costErrorMessage('estimated rule cost', total, RULE_COST_LIMIT)}${boundsHint(n.schema)}`,
        );
    }
    if (optionalOld && !/\boldSelf\b/.test(ruleText))
      add('CRD_CEL_INVALID', at('optionalOldSelf'), 'Invalid value: may not be true if oldSelf is not used in rule');
    checkMessage(r, vars, at, add);
    if (r.reason !== undefined && !REASONS.includes(String(r.reason)))
      add(
        'CRD_CEL_INVALID',
        at('reason'),
        `Unsupported value: "${String(r.reason)}": supported values: "${REASONS.join('", "')}"`,
      );
    if (r.fieldPath !== undefined && (typeof r.fieldPath !== 'string' || !fieldPathExists(n.schema, r.fieldPath)))
      add('CRD_CEL_INVALID', at('fieldPath'), `Invalid value: fieldPath must be a valid path: ${String(r.fieldPath)}`);
  });
}

function checkMessage(
  r: Record<string, unknown>,
  vars: ReadonlyMap<string, Decl>,
  at: (...rest: (string | number)[]) => Path,
  add: (code: Issue['code'], path: Path, message: string) => void,
): void {
  if (typeof r.message === 'string') {
    if (r.message.trim() === '')
      add('CRD_CEL_INVALID', at('message'), 'Required value: message must be non-empty if specified');
    else if (/[\n\r]/.test(r.message))
      add('CRD_CEL_INVALID', at('message'), 'Invalid value: message must not contain line breaks');
  }
  if (typeof r.messageExpression !== 'string') return;
  if (r.messageExpression.trim() === '') {
    add('CRD_CEL_INVALID', at('messageExpression'), 'Required value: messageExpression must be non-empty if specified');
    return;
  }
  const m = checkCel(r.messageExpression, vars);
  if (!m.ok)
    add('CRD_CEL_COMPILE', at('messageExpression'), `Invalid value: messageExpression compilation failed: ${m.error}`);
  else if (m.type.k !== 'string' && m.type.k !== 'dyn')
    add('CRD_CEL_COMPILE', at('messageExpression'), 'Invalid value: messageExpression must evaluate to a string');
  else if (m.cost.max > RULE_COST_LIMIT)
    add(
      'CRD_CEL_COST',
      at('messageExpression'),
      `Forbidden: ${costErrorMessage('estimated messageExpression cost', m.cost.max, RULE_COST_LIMIT)}`,
    );
}

/** The unbounded lists, maps and strings in the rule's subtree: where a bound would bring the estimate down. */
function boundsHint(s: StructuralSchema): string {
  const out: string[] = [];
  const visit = (x: StructuralSchema, p: string, depth: number): void => {
    if (out.length >= 5 || depth > 6) return;
    if (x.type === 'array' && typeof x.maxItems !== 'number') out.push(`${p} (maxItems)`);
    if (x.type === 'string' && typeof x.maxLength !== 'number' && !Array.isArray(x.enum) && x.format === undefined)
      out.push(`${p} (maxLength)`);
    const ap = obj(x.additionalProperties);
    if (ap && typeof x.maxProperties !== 'number') out.push(`${p} (maxProperties)`);
    for (const [k, v] of Object.entries(schemaProps(x) ?? {})) visit(v, `${p}.${k}`, depth + 1);
    const items = obj(x.items);
    if (items) visit(items, `${p}[*]`, depth + 1);
    if (ap) visit(ap, `${p}[*]`, depth + 1);
  };
  visit(s, 'self', 0);
  return out.length === 0 ? '' : `; unbounded: ${out.join(', ')}`;
}

function fieldPathExists(s: StructuralSchema, fp: string): boolean {
  let node: StructuralSchema | undefined = s;
  const re = /\.([A-Za-z_$][\w$-]*)|\['([^']*)'\]|\[(\d+)\]/y;
  let i = 0;
  while (i < fp.length) {
    re.lastIndex = i;
    const m = re.exec(fp);
    if (!m || !node) return false;
    i = re.lastIndex;
    if (m[3] !== undefined) {
      node = obj(node.items);
      continue;
    }
    const name = (m[1] ?? m[2]) as string;
    const props = schemaProps(node);
    node = props && Object.hasOwn(props, name) ? props[name] : obj(node.additionalProperties);
  }
  return fp.length > 0 && node !== undefined;
}

const pathText = (p: Path): string =>
  p.map((x, i) => (typeof x === 'number' ? `[${x}]` : i === 0 ? x : `.${x}`)).join('');
