// The allow file: incompatible changes a team has decided to ship, each with a reason. YAML:
//   allow:
//     - rule: enum-value-added          # a rule id, or a glob over rule ids (`default-*`)
//       path: spec.gatewayClassName     # a glob over the finding's path: `*` one segment part, `**` anything
//       kind: Gateway                   # optional: kind name, or group/kind
//       version: v1                     # optional
//       reason: new value handled by every controller since 1.2
import { parseResources } from '../../text/parseResources.ts';
import { issue, type Issue, type Path, type SourceRange } from '../../model/issue.ts';
import { formatSchemaPath } from './compareSchemas.ts';
import { COMPAT_RULES } from './rules.ts';
import { isRecord } from '../../model/jsonValue.ts';

export interface AllowEntry {
  readonly rule: string;
  readonly path: string;
  readonly kind?: string;
  readonly version?: string;
  readonly reason: string;
  /** Where the entry is written, for messages about it. */
  readonly at?: { readonly file?: string; readonly range?: SourceRange };
}

interface Allowable {
  readonly group: string;
  readonly kind: string;
  readonly version?: string;
  readonly path: readonly string[];
  readonly rule: string;
  readonly severity: string;
  readonly allowed?: { readonly reason: string };
}

const escape = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** `**` matches anything, `*` anything but a `.`; everything else literally. */
export function globToRegExp(glob: string): RegExp {
  const body = glob
    .split('**')
    .map((part) => part.split('*').map(escape).join('[^.]*'))
    .join('.*');
  return new RegExp(`^${body}$`);
}

/** Parses an allow file; every malformed entry is an INVALID_ALLOW_FILE issue at its line, never an exception. */
export function parseAllowList(text: string, file?: string): { entries: AllowEntry[]; issues: Issue[] } {
  const parsed = parseResources(text, file);
  const issues: Issue[] = [...parsed.issues];
  const entries: AllowEntry[] = [];
  const doc = parsed.documents[0];
  const bad = (path: Path, what: string) => {
    // The nearest written node: a missing key is reported at its entry.
    let range: SourceRange | undefined;
    for (let n = path.length; n >= 0 && !range; n--) range = doc?.ranges.get(path.slice(0, n).join('\u0000'));
    issues.push(
      issue('error', 'INVALID_ALLOW_FILE', what, path, { ...(file ? { file } : {}), ...(range ? { range } : {}) }),
    );
  };
  if (parsed.issues.some((i) => i.severity === 'error')) return { entries, issues };
  if (!doc || doc.value === null || doc.value === undefined) return { entries, issues };
  if (!isRecord(doc.value) || !Array.isArray(doc.value.allow)) {
    bad([], 'an allow file is a mapping with an `allow` list');
    return { entries, issues };
  }
  doc.value.allow.forEach((e: unknown, i: number) => {
    const at: Path = ['allow', i];
    if (!isRecord(e)) return bad(at, 'an allow entry is a mapping (rule, path, reason)');
    for (const k of Object.keys(e))
      if (!['rule', 'path', 'kind', 'version', 'reason'].includes(k)) return bad([...at, k], `unknown key ${k}`);
    const str = (k: string) => (typeof e[k] === 'string' && e[k] !== '' ? e[k] : undefined);
    const rule = str('rule');
    const path = str('path');
    const reason = str('reason');
    if (rule === undefined) return bad([...at, 'rule'], 'rule is required (a rule id or a glob over rule ids)');
    if (!rule.includes('*') && !COMPAT_RULES.has(rule as never)) return bad([...at, 'rule'], `unknown rule ${rule}`);
    if (path === undefined) return bad([...at, 'path'], 'path is required (a glob; `**` for any path)');
    if (reason === undefined) return bad([...at, 'reason'], 'reason is required: say why this change is acceptable');
    for (const k of ['kind', 'version'])
      if (e[k] !== undefined && str(k) === undefined) return bad([...at, k], `${k} must be a non-empty string`);
    const range = doc.ranges.get(at.join('\u0000'));
    entries.push({
      rule,
      path,
      reason,
      ...(str('kind') !== undefined ? { kind: str('kind') as string } : {}),
      ...(str('version') !== undefined ? { version: str('version') as string } : {}),
      at: { ...(file ? { file } : {}), ...(range ? { range } : {}) },
    });
  });
  return { entries, issues };
}

/**
 * Marks failing findings (by default the incompatible ones) an entry covers as allowed; entries that cover
 * nothing are reported.
 */
export function applyAllow<F extends Allowable>(
  findings: readonly F[],
  entries: readonly AllowEntry[],
  fails: (f: F) => boolean = (f) => f.severity === 'incompatible',
): { findings: F[]; issues: Issue[] } {
  const compiled = entries.map((e) => ({ e, rule: globToRegExp(e.rule), path: globToRegExp(e.path), used: false }));
  const out = findings.map((f) => {
    if (!fails(f)) return f;
    const shown = formatSchemaPath(f.path);
    const hit = compiled.find(
      (c) =>
        c.rule.test(f.rule) &&
        c.path.test(shown) &&
        (c.e.kind === undefined || c.e.kind === f.kind || c.e.kind === `${f.group}/${f.kind}`) &&
        (c.e.version === undefined || c.e.version === f.version),
    );
    if (!hit) return f;
    hit.used = true;
    return { ...f, allowed: { reason: hit.e.reason } };
  });
  const issues = compiled
    .filter((c) => !c.used)
    .map((c) =>
      issue('warning', 'UNUSED_ALLOW_ENTRY', `allow entry ${c.e.rule} ${c.e.path} matches no failing change`, [], {
        ...(c.e.at?.file ? { file: c.e.at.file } : {}),
        ...(c.e.at?.range ? { range: c.e.at.range } : {}),
      }),
    );
  return { findings: out, issues };
}
