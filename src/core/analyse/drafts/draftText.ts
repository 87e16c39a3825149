// Drafts as rules text: a new rules document, or the drafts merged into the user's rules text (the conversion for
// the pair gets the rules appended, or a new conversion is added), keeping the user's text and comments (yaml's
// Document API edits the parsed document, it does not rewrite it from values).
import { Document, isMap, isScalar, isSeq, parseDocument, type YAMLMap, type YAMLSeq } from 'yaml';
// No CEL here (nor anything that pulls it in): the page merges drafts the worker made, as plain data.
import { issue, type Issue } from '../../model/issue.ts';
import type { DraftConfidence, DraftEvidence, DraftTarget, RuleDraft } from './draft.ts';
import { RULES_API_VERSION, RULES_API_VERSIONS, RULES_KIND, type Rule, type RuleOp } from '../../rules/format.ts';
import { defineKey, formatPathPattern, parsePathPattern } from '../../rules/paths.ts';

const obj = (entries: readonly (readonly [string, unknown])[]): Record<string, unknown> => {
  const o = Object.create(null) as Record<string, unknown>;
  for (const [k, v] of entries) defineKey(o, k, v);
  return o;
};

/** A rule as written in a rules file (keys in the format's order; data keys safe for any string). */
export function ruleToJson(r: Rule): Record<string, unknown> {
  const body = (): Record<string, unknown> => {
    switch (r.op) {
      case 'move':
        return obj([
          ['from', r.from.text],
          ['to', r.to.text],
        ]);
      case 'enum':
        return obj([
          ['from', r.from.text],
          ...(r.to.text !== r.from.text ? [['to', r.to.text] as const] : []),
          ['values', obj([...r.values])],
        ]);
      case 'compute':
        return obj([
          ['up', obj(r.up.map((t) => [t.to.text, t.expression.source] as const))],
          ['down', obj(r.down.map((t) => [t.to.text, t.expression.source] as const))],
          ...(r.always ? [['always', true] as const] : []),
          ...(r.defaults
            ? [
                [
                  'defaults',
                  obj(
                    (['up', 'down'] as const).flatMap((d) => {
                      const ts = r.defaults?.[d];
                      return ts ? [[d, obj(ts.map((t) => [t.to.text, t.expression.source] as const))] as const] : [];
                    }),
                  ),
                ] as const,
              ]
            : []),
        ]);
      case 'mapToList':
      case 'listToMap':
        return obj([
          ['from', r.from.text],
          ...(r.to.text !== r.from.text ? [['to', r.to.text] as const] : []),
          ['key', r.key],
          ...(r.value !== undefined ? [['value', r.value] as const] : []),
        ]);
      case 'fail':
        return obj([
          ...(r.up ? [['up', r.up.source] as const] : []),
          ...(r.down ? [['down', r.down.source] as const] : []),
          ['message', r.message],
        ]);
      case 'drop':
        return obj([
          [r.side, r.path.text],
          ['reason', r.reason],
          ...(r.restore ? [['restore', r.restore.source] as const] : []),
        ]);
    }
  };
  return obj([
    ['id', r.id],
    [r.op, body()],
  ]);
}

/** A draft as plain data (posted from the worker, printed by the CLI): the rule as written in a rules file. */
export interface DraftData {
  readonly id: string;
  readonly op: RuleOp;
  readonly rule: Record<string, unknown>;
  readonly confidence: DraftConfidence;
  readonly evidence: DraftEvidence;
  readonly needsExpressions: boolean;
}

export const draftData = (d: RuleDraft): DraftData => ({
  id: d.rule.id,
  op: d.rule.op,
  rule: ruleToJson(d.rule),
  confidence: d.confidence,
  evidence: d.evidence,
  needsExpressions: d.needsExpressions,
});

const isRecord = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);
const normal = (p: unknown): string[] => {
  if (typeof p !== 'string') return [];
  const q = parsePathPattern(p);
  return [q ? formatPathPattern(q) : p];
};

/** What a rule (as written in a file) reads and writes going up: the same ends as `ruleEnds(rule, 'up')`. */
export function writtenRuleEnds(rule: unknown): { reads: string[]; writes: string[] } {
  if (!isRecord(rule)) return { reads: [], writes: [] };
  for (const op of ['move', 'enum', 'mapToList', 'listToMap'] as const) {
    const b = rule[op];
    if (isRecord(b)) return { reads: normal(b.from), writes: normal(b.to ?? b.from) };
  }
  const c = rule.compute;
  if (isRecord(c)) {
    const keys = (x: unknown) => (isRecord(x) ? Object.keys(x).flatMap(normal) : []);
    return { reads: keys(c.down), writes: keys(c.up) };
  }
  const d = rule.drop;
  if (isRecord(d)) return { reads: normal(d.from), writes: d.restore !== undefined ? normal(d.to) : [] };
  return { reads: [], writes: [] };
}

export interface MergedDrafts {
  /** The rules text with the drafts (unchanged when `issues` has an error). */
  readonly text: string;
  /** Ids of the rules added (a draft's id gets `-2`, `-3`... when the conversion already uses it). */
  readonly added: readonly string[];
  /** Drafts left out because a rule of the conversion already reads or writes their paths. */
  readonly present: readonly string[];
  readonly issues: readonly Issue[];
}

const sameConversion = (m: YAMLMap, t: DraftTarget): boolean => {
  const g = m.get('group');
  return m.get('kind') === t.kind && m.get('from') === t.from && m.get('to') === t.to && (g == null || g === t.group);
};

function comment(d: DraftData): string {
  const e = d.evidence;
  const what =
    e.from === e.to ? `${e.from}: ${e.fromType} -> ${e.toType}` : `${e.fromType} ${e.from} -> ${e.toType} ${e.to}`;
  return ` drafted from the Changes analysis (${e.reason}): ${what}${d.needsExpressions ? '\n TODO: write the real expressions; this skeleton only carries the value' : ''}`;
}

/** Where a block list ends (the start of the line after its last item) and the column of its dashes. */
function blockEnd(text: string, seq: YAMLSeq): { at: number; indent: number } | undefined {
  const last = seq.items[seq.items.length - 1] as { range?: [number, number, number] } | undefined;
  if (seq.flow || !seq.range || !last?.range) return undefined;
  const indent = seq.range[0] - (text.lastIndexOf('\n', seq.range[0] - 1) + 1);
  const end = last.range[1];
  const nl = text.indexOf('\n', Math.max(end - 1, 0));
  return { at: nl < 0 ? text.length : nl + 1, indent };
}

/** YAML list items for values, each line indented to `indent`, ending with a newline. */
function itemsText(nodes: readonly unknown[], indent: number): string {
  const body = new Document(nodes).toString({ lineWidth: 0 });
  return body
    .split('\n')
    .map((l) => (l === '' ? l : ' '.repeat(indent) + l))
    .join('\n');
}

/**
 * Merge drafts into a rules text (empty: a new document). New rules go after the last rule of the pair's
 * conversion (or a new conversion after the last one), spliced into the text: the user's text stays byte for byte.
 */
export function mergeDrafts(
  existing: string | undefined,
  target: DraftTarget,
  drafts: readonly DraftData[],
): MergedDrafts {
  const text = existing ?? '';
  const unchanged = (i: Issue): MergedDrafts => ({ text, added: [], present: [], issues: [i] });
  const blank = text.trim() === '';
  const doc = blank
    ? new Document({ apiVersion: RULES_API_VERSION, kind: RULES_KIND, conversions: [] })
    : parseDocument(text, { prettyErrors: false });
  const e = doc.errors[0];
  if (e)
    return unchanged(issue('error', 'YAML_SYNTAX', `the rules text is not valid YAML: ${e.message.split('\n')[0]}`));
  const root = doc.contents;
  if (!isMap(root) || !RULES_API_VERSIONS.includes(String(root.get('apiVersion'))) || root.get('kind') !== RULES_KIND)
    return unchanged(
      issue('error', 'RULES_FORMAT_VERSION', `expected apiVersion: ${RULES_API_VERSION} and kind: ${RULES_KIND}`),
    );
  const conversions = root.has('conversions') ? root.get('conversions') : undefined;
  if (conversions !== undefined && !isSeq(conversions))
    return unchanged(issue('error', 'RULES_INVALID', 'conversions must be a list'));
  const conv = conversions?.items.find((c): c is YAMLMap => isMap(c) && sameConversion(c, target));
  const rules = conv?.has('rules') ? conv.get('rules') : undefined;
  if (rules !== undefined && !isSeq(rules)) return unchanged(issue('error', 'RULES_INVALID', 'rules must be a list'));

  // What the conversion's rules already read and write, and the ids they use.
  const ids = new Set(
    (rules?.items ?? []).flatMap((r) => {
      const id = isMap(r) ? r.get('id', true) : undefined;
      return isScalar(id) ? [String(id.value)] : [];
    }),
  );
  const taken = { reads: new Set<string>(), writes: new Set<string>() };
  const claim = (rule: unknown) => {
    const ends = writtenRuleEnds(rule);
    for (const p of ends.reads) taken.reads.add(p);
    for (const p of ends.writes) taken.writes.add(p);
  };
  for (const r of rules?.items ?? []) claim(isMap(r) ? r.toJSON() : undefined);

  const added: string[] = [];
  const present: string[] = [];
  const nodes: YAMLMap[] = [];
  for (const d of drafts) {
    const ends = writtenRuleEnds(d.rule);
    if (ends.reads.some((p) => taken.reads.has(p)) || ends.writes.some((p) => taken.writes.has(p))) {
      present.push(d.id);
      continue;
    }
    let id = d.id;
    for (let n = 2; ids.has(id); n++) id = `${d.id}-${n}`;
    ids.add(id);
    claim(d.rule);
    // The rule with its (possibly new) id first, as files write it.
    const rule = obj([['id', id], ...Object.entries(d.rule).filter(([k]) => k !== 'id')]);
    const node = doc.createNode(rule) as YAMLMap;
    node.commentBefore = comment(d);
    nodes.push(node);
    added.push(id);
  }
  if (nodes.length === 0) return { text, added, present, issues: [] };
  const conversion = () => {
    const c = doc.createNode(
      obj([
        ['group', target.group],
        ['kind', target.kind],
        ['from', target.from],
        ['to', target.to],
        ['rules', []],
      ]),
    ) as YAMLMap;
    (c.get('rules') as YAMLSeq).items.push(...nodes);
    return c;
  };
  // Splice into the user's text where the lists are block lists; otherwise edit the document and print it.
  const splice = (at: { at: number; indent: number } | undefined, values: readonly unknown[]) => {
    if (!at) return undefined;
    const sep = at.at > 0 && text[at.at - 1] !== '\n' ? '\n' : '';
    return text.slice(0, at.at) + sep + itemsText(values, at.indent) + text.slice(at.at);
  };
  const spliced = blank
    ? undefined
    : rules
      ? splice(blockEnd(text, rules), nodes)
      : !conv && conversions
        ? splice(blockEnd(text, conversions), [conversion()])
        : undefined;
  if (spliced !== undefined) return { text: spliced, added, present, issues: [] };
  if (rules) rules.items.push(...nodes);
  else if (conv) conv.set('rules', doc.createNode(nodes));
  else if (conversions) conversions.items.push(conversion());
  else root.set('conversions', doc.createNode([conversion()]));
  return { text: doc.toString({ lineWidth: 0 }), added, present, issues: [] };
}

/** A rules document holding the drafts. */
export function formatDrafts(drafts: readonly RuleDraft[], target: DraftTarget, existing?: string): string {
  return mergeDrafts(existing, target, drafts.map(draftData)).text;
}
