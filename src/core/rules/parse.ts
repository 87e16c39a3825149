// Parse a rules file with positions: every problem is an Issue at its line and column, and a rule with a problem
// is left out while the others still apply.
import { LineCounter, parseDocument } from 'yaml';
import { issue, type Issue } from '../model/issue.ts';
import { documentValue, toRange } from '../text/yamlSource.ts';
import {
  RULES_API_VERSION,
  RULES_API_VERSIONS,
  RULES_KIND,
  type Conversion,
  type Rule,
  type RuleSet,
} from './format.ts';
import { ruleEnds } from './apply.ts';
import { formatPathPattern } from './paths.ts';
import { At, flag, isObj, report, str, unknownKeys, type Ctx } from './parseAt.ts';
import { parseRule } from './parseRule.ts';

export interface ParsedRules {
  readonly ruleSet: RuleSet;
  readonly issues: readonly Issue[];
}

/** Two rules may not read, or write, the same path in one direction (nested paths are fine: the inner wins). */
function overlaps(ctx: Ctx, rules: readonly Rule[], path: (string | number)[]): void {
  const reported = new Set<string>();
  for (const dir of ['up', 'down'] as const) {
    for (const end of ['source', 'dest'] as const) {
      const seen = new Map<string, string>();
      for (const r of rules)
        for (const pat of ruleEnds(r, dir)[end]) {
          const k = formatPathPattern(pat);
          const prior = seen.get(k);
          if (prior !== undefined && prior !== r.id) {
            if (reported.has(`${prior}\u0000${r.id}`)) continue;
            reported.add(`${prior}\u0000${r.id}`);
            report(
              ctx,
              'RULE_OVERLAP',
              `rules ${prior} and ${r.id} both ${end === 'source' ? 'read' : 'write'} ${k} going ${dir}`,
              r.range,
              path,
            );
          } else seen.set(k, r.id);
        }
    }
  }
}

/** Parse a rules file (YAML or JSON). Rules with problems are left out; every problem is an issue with a range. */
export function parseRules(text: string, file?: string): ParsedRules {
  const lc = new LineCounter();
  const ctx: Ctx = { lc, issues: [], ...(file !== undefined ? { file } : {}) };
  const doc = parseDocument(text, { lineCounter: lc, uniqueKeys: true, prettyErrors: false });
  for (const e of doc.errors) {
    const range = toRange(lc, e.pos[0], e.pos[1]);
    ctx.issues.push(
      issue('error', 'YAML_SYNTAX', e.message.split('\n')[0] ?? e.message, [], {
        ...(file !== undefined ? { file } : {}),
        range,
      }),
    );
  }
  if (doc.errors.length > 0)
    return { ruleSet: { conversions: [], ...(file !== undefined ? { file } : {}) }, issues: ctx.issues };
  const v = documentValue(doc, lc, file);
  if ('issue' in v) return { ruleSet: { conversions: [] }, issues: [v.issue] };
  const root = new At(v.value, doc.contents, ctx);
  const conversions: Conversion[] = [];
  if (!isObj(root.value)) {
    report(
      ctx,
      'RULES_INVALID',
      `a rules file is a mapping with apiVersion: ${RULES_API_VERSION}, kind: ${RULES_KIND}, conversions`,
      root.range,
      [],
    );
  } else {
    const av = root.get('apiVersion');
    const kd = root.get('kind');
    const known = typeof av?.value === 'string' && RULES_API_VERSIONS.includes(av.value);
    if (!known || kd?.value !== RULES_KIND)
      report(
        ctx,
        'RULES_FORMAT_VERSION',
        `expected apiVersion: ${RULES_API_VERSION} (or ${RULES_API_VERSIONS.filter((x) => x !== RULES_API_VERSION).join(', ')}) and kind: ${RULES_KIND}`,
        (!known ? av : kd)?.range ?? root.range,
        ['apiVersion'],
      );
    else {
      unknownKeys(root, ['apiVersion', 'kind', 'metadata', 'conversions'], []);
      const cs = root.get('conversions');
      if (!cs || !Array.isArray(cs.value))
        report(ctx, 'RULES_INVALID', 'conversions must be a list', (cs ?? root).range, ['conversions']);
      else
        cs.items().forEach((c, i) => {
          const p = ['conversions', i];
          if (!isObj(c.value)) {
            report(ctx, 'RULES_INVALID', 'a conversion is a mapping: kind, from, to, rules', c.range, p);
            return;
          }
          unknownKeys(c, ['group', 'kind', 'from', 'to', 'description', 'keepEmpty', 'rules'], p);
          const keepEmpty = flag(c.get('keepEmpty'), 'keepEmpty', [...p, 'keepEmpty']);
          const kind = str(c.get('kind'), 'kind', [...p, 'kind'], c);
          const from = str(c.get('from'), 'from (the older version)', [...p, 'from'], c);
          const to = str(c.get('to'), 'to (the newer version)', [...p, 'to'], c);
          const g = c.get('group');
          const group = g === undefined ? undefined : str(g, 'group', [...p, 'group'], c);
          const rs = c.get('rules');
          const rules: Rule[] = [];
          if (!rs || !Array.isArray(rs.value))
            report(ctx, 'RULES_INVALID', 'rules must be a list', (rs ?? c).range, [...p, 'rules']);
          else {
            const ids = new Set<string>();
            rs.items().forEach((r, j) => {
              const rule = parseRule(r, [...p, 'rules', j]);
              if (!rule) return;
              if (ids.has(rule.id)) {
                report(
                  ctx,
                  'RULE_DUPLICATE_ID',
                  `rule id "${rule.id}" is used twice in this conversion`,
                  r.get('id')?.range,
                  [...p, 'rules', j, 'id'],
                );
                return;
              }
              ids.add(rule.id);
              rules.push(rule);
            });
          }
          overlaps(ctx, rules, p);
          if (kind === undefined || from === undefined || to === undefined) return;
          const range = c.range;
          conversions.push({
            kind,
            from,
            to,
            rules,
            ...(group !== undefined ? { group } : {}),
            ...(keepEmpty ? { keepEmpty } : {}),
            ...(range ? { range } : {}),
          });
        });
    }
  }
  return { ruleSet: { conversions, ...(file !== undefined ? { file } : {}) }, issues: ctx.issues };
}
