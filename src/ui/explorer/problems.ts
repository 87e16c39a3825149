// The Problems list: every validation, conversion, rules and catalog issue the worker already reported for the
// current state, grouped by where it is (the resource, the converted document, the rules, the catalog) and by
// severity, each with where to go. Pure: the worker result in, rows out (no recomputation of any verdict).
import { formatPath, type IssueCode, type Path, type SourceRange } from '../../core/index.ts';
import type { ExploreResult } from '../viewModel/types.ts';

export type ProblemSeverity = 'error' | 'warning' | 'info';

/** Where activating a problem goes: a range of an editor's text, a field of the Target pane, or nowhere. */
export type ProblemTarget =
  { readonly editor: 'resource' | 'rules'; readonly range: SourceRange } | { readonly field: Path } | undefined;

export interface Problem {
  readonly key: string;
  /** The group: "Resource", "Target at v1", "Conversion rules", "Catalog". */
  readonly where: string;
  readonly severity: ProblemSeverity;
  readonly code: IssueCode;
  readonly message: string;
  /** The field in the resource's own names, when known. */
  readonly path?: string;
  readonly goTo: ProblemTarget;
  /** 1-based line, for the list. */
  readonly line?: number;
}

export interface ProblemGroup {
  readonly where: string;
  readonly problems: readonly Problem[];
}

const RANK: Record<ProblemSeverity, number> = { error: 0, warning: 1, info: 2 };

/** `spec.rules[0].matches[0]["a.b"]` -> its segments (the formatted paths the validation summary carries). */
export function parseFormattedPath(s: string): Path {
  const out: (string | number)[] = [];
  const re = /([A-Za-z_$][\w$-]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g;
  for (const m of s.matchAll(re)) {
    if (m[1] !== undefined) out.push(m[1]);
    else if (m[2] !== undefined) out.push(Number(m[2]));
    else if (m[3] !== undefined) out.push(JSON.parse(m[3]) as string);
  }
  return out;
}

/** Every problem of `result`, errors first within each group, groups in the order of the page. */
export function problemsOf(result: ExploreResult | undefined): ProblemGroup[] {
  if (!result) return [];
  const groups = new Map<string, Problem[]>();
  const seen = new Set<string>();
  const add = (p: Omit<Problem, 'key'>) => {
    const key = `${p.where}\u0000${p.code}\u0000${p.line ?? ''}\u0000${p.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    const list = groups.get(p.where) ?? [];
    list.push({ ...p, key });
    groups.set(p.where, list);
  };
  // The resource: the editor's markers (validation, CEL rules, conversion findings at their lines), then any
  // blocking problem or conversion issue that has no marker.
  const doc = result.documents.length > 1 ? result.documents.find((d) => d.index === result.document) : undefined;
  const resource = doc ? `Resource: ${doc.label}` : 'Resource';
  for (const m of result.markers)
    add({
      where: resource,
      severity: m.severity,
      code: m.code,
      message: m.message,
      goTo: { editor: 'resource', range: m.range },
      line: m.range.start.line,
    });
  const conversion = result.deployed ? [] : result.issues;
  for (const i of [...result.blocking, ...conversion]) {
    if (i.severity === 'info' && !result.blocking.includes(i)) continue;
    add({
      where: resource,
      severity: i.severity,
      code: i.code,
      message: i.message,
      ...(i.path && i.path.length > 0 ? { path: formatPath(i.path) } : {}),
      goTo: i.range ? { editor: 'resource', range: i.range } : undefined,
      ...(i.range ? { line: i.range.start.line } : {}),
    });
  }
  // The converted document: what the API server would refuse at the target version (no source text: the field).
  const target = result.validation?.target;
  if (target)
    for (const f of target.first)
      add({
        where: `Target at ${target.version ?? result.targetVersion ?? '?'}`,
        severity: 'error',
        code: f.code,
        message: f.message,
        ...(f.path ? { path: f.path } : {}),
        goTo: { field: parseFormattedPath(f.path) },
      });
  for (const i of result.rules?.issues ?? [])
    add({
      where: 'Conversion rules',
      severity: i.severity,
      code: i.code,
      message: i.message,
      goTo: i.range ? { editor: 'rules', range: i.range } : undefined,
      ...(i.range ? { line: i.range.start.line } : {}),
    });
  for (const i of result.catalogIssues)
    if (i.severity !== 'info')
      add({ where: 'Catalog', severity: i.severity, code: i.code, message: i.message, goTo: undefined });
  return [...groups].map(([where, problems]) => ({
    where,
    problems: [...problems].sort((a, b) => RANK[a.severity] - RANK[b.severity] || (a.line ?? 0) - (b.line ?? 0)),
  }));
}

/** Errors and warnings over all groups (the tab's count). */
export function problemCount(groups: readonly ProblemGroup[]): { errors: number; warnings: number } {
  let errors = 0;
  let warnings = 0;
  for (const g of groups)
    for (const p of g.problems) {
      if (p.severity === 'error') errors++;
      else if (p.severity === 'warning') warnings++;
    }
  return { errors, warnings };
}

/** What kind of problem a code is, in a Kubernetes user's words (the message says the rest). */
export function problemKind(code: IssueCode): string {
  if (code === 'CEL_RULE' || code === 'CEL_RULE_ERROR' || code === 'CEL_COST_EXCEEDED')
    return 'a validation rule of the CRD fails';
  if (code.startsWith('VALIDATION_') || code === 'SCHEMA_VIOLATION') return 'the API server would refuse this value';
  if (code === 'DROPPED_ON_WRITE') return 'dropped when the object is stored';
  if (code === 'DROPPED_ON_READ') return 'dropped when the object is read at this version';
  if (code === 'PRUNED') return 'not in the schema: the API server removes it';
  if (code === 'REQUIRED_MISSING') return 'required at the target version but missing';
  if (code === 'LOST') return 'lost on the way to the target version';
  if (code === 'NEEDS_HANDWRITTEN_CONVERSION') return 'no automatic conversion: a conversion webhook must handle it';
  if (code.startsWith('RULE') || code === 'RULES_INVALID') return 'a conversion rule has a problem';
  if (code.endsWith('_SYNTAX') || code === 'EMPTY_INPUT' || code === 'NOT_AN_OBJECT') return 'the text cannot be read';
  if (code === 'UNKNOWN_KIND' || code === 'UNKNOWN_VERSION' || code.startsWith('MISSING_'))
    return 'not a kind or version of this catalog';
  return 'a problem';
}
