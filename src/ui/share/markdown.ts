// "Copy as Markdown": a block for a PR comment. Pure: values in, GitHub-flavoured Markdown out.
import {
  FATE_KIND_ORDER,
  FATE_KINDS,
  formatPath,
  type ConversionResult,
  type Fate,
  type FateKind,
  type Path,
} from '../../core/index.ts';
import type { DeployedFateRow, DeployedView, ExploreResult } from '../worker/protocol.ts';

export interface MarkdownSummaryInput {
  /** e.g. `Person` */
  readonly kind: string;
  /** API group, e.g. `crm.example.com` */
  readonly group?: string;
  /** Where the catalog comes from (Markdown: a URL at a tag, or file names and hash); see catalogProvenance. */
  readonly catalog?: string;
  /** Source -> hub (where fields go into the property bag). */
  readonly hub?: ConversionResult;
  /** Source -> target, through the hub (where fields are lost or required but missing). */
  readonly target?: ConversionResult;
  /** Already-made rows (the explorer's view model), used instead of hub/target when given. */
  readonly rows?: readonly FieldRow[];
  /** Versions, when no ConversionResult is given. */
  readonly from?: string;
  readonly to?: string;
  readonly via?: readonly string[];
  /** The permalink. */
  readonly link: string;
  /** "Read at version B, write back": what an older client destroys. */
  readonly writeBack?: { readonly version: string; readonly lossless: boolean; readonly destroyed: readonly Path[] };
  /** Which story the summary tells, e.g. `As deployed: stored at v2, conversion None`. */
  readonly view?: string;
  /** Rows beyond this are summarised as "... and N more" (PR comments have a 65,536-character limit). */
  readonly maxRows?: number;
  /** Conversion rules in effect (docs/conversion-rules.md): shown folded, so a reviewer sees what moved fields. */
  readonly rules?: string;
}

/** One reported field. */
export interface FieldRow {
  readonly field: Path;
  readonly fate: FateKind;
  /** e.g. `2011-01-01 → 2019-09-09storage` */
  readonly step: string;
  readonly reason: string;
  /** For bagged fields: where in the bag. */
  readonly where?: Path;
}

const REPORTED: readonly FateKind[] = FATE_KIND_ORDER.filter((k) => FATE_KINDS[k].reported);
const LABEL = (k: FateKind): string => FATE_KINDS[k].label;

/** Inline code that survives backticks and pipes inside the value. */
function code(text: string): string {
  const t = text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
  const fence = t.includes('`') ? '``' : '`';
  return `${fence}${fence === '``' ? ` ${t} ` : t}${fence}`;
}

/** Plain table cell text: no line breaks, no pipes, no HTML. */
function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function fieldOf(f: Fate): Path {
  return f.sourcePath ?? f.targetPath ?? [];
}

export function rowsFromConversion(result: ConversionResult | undefined): FieldRow[] {
  if (!result) return [];
  return result.fates
    .filter((f) => REPORTED.includes(f.kind))
    .map((f) => ({
      field: fieldOf(f),
      fate: f.kind,
      step: `${result.from} → ${result.to}`,
      reason: f.reason,
      ...(f.kind === 'bagged' && f.targetPath ? { where: f.targetPath } : {}),
    }));
}

/** The summary of what the explorer shows (its worker's view model). */
export function summaryFromExplore(
  r: ExploreResult | undefined,
  catalog?: string,
): Omit<MarkdownSummaryInput, 'link'> | undefined {
  if (!r?.kind) return undefined;
  if (r.deployed) return deployedSummary(r.kind, r.deployed, catalog);
  const from = r.sourceVersion ?? '?';
  const to = r.targetVersion ?? '?';
  const hub = r.kind.hub;
  const rows: FieldRow[] = [
    ...r.bag.map((b) => ({
      field: b.sourcePath ?? b.path,
      fate: 'bagged' as const,
      step: `${from} → ${hub}`,
      reason: b.reason ?? `kept under the bag key ${b.key}`,
      where: b.path,
    })),
    ...r.lost.map((l) => ({
      field: l.path,
      fate: l.kind,
      step: l.stage === 'hub' ? `${from} → ${hub}` : `${hub} → ${to}`,
      reason: l.reason,
    })),
  ];
  // Required-but-missing fields are not "lost" entries in the view model; they come as issues of the target step.
  const seen = new Set<string>();
  for (const i of r.issues) {
    if (i.code !== 'REQUIRED_MISSING' || seen.has(formatPath(i.path))) continue;
    seen.add(formatPath(i.path));
    rows.push({ field: i.path, fate: 'required-missing', step: `${hub} → ${to}`, reason: i.message });
  }
  return {
    kind: r.kind.kind,
    group: r.kind.group,
    ...(catalog ? { catalog } : {}),
    from,
    to,
    via: from === hub || to === hub ? [] : [hub],
    rows,
    ...(r.writeBack
      ? {
          writeBack: { version: r.writeBack.version, lossless: r.writeBack.lossless, destroyed: r.writeBack.destroyed },
        }
      : {}),
  };
}

const DEPLOYED_FATE: Partial<Record<DeployedFateRow['kind'], FateKind>> = {
  'dropped-on-write': 'lost',
  'dropped-on-read': 'lost',
  'webhook-not-modelled': 'manual',
};

/** The as-deployed view: what a write at V and a read at T drop (no bag, no hub: the CRD's storage version). */
function deployedSummary(
  kind: NonNullable<ExploreResult['kind']>,
  d: DeployedView,
  catalog?: string,
): Omit<MarkdownSummaryInput, 'link'> {
  const rows: FieldRow[] = [];
  for (const f of d.fates) {
    // A drop a conversion rule intends is the conversion's doing (the rules are in the comment), not a loss.
    const fate = f.cause === 'rule-dropped' ? undefined : DEPLOYED_FATE[f.kind];
    if (!fate) continue;
    rows.push({
      field: f.segments,
      fate,
      step: f.on === 'write' ? `write at ${d.from} → stored at ${d.storage}` : `read at ${d.to}`,
      reason: `${f.kind} by ${f.by} (${f.cause})`,
    });
  }
  return {
    kind: kind.kind,
    group: kind.group,
    ...(catalog ? { catalog } : {}),
    from: d.from,
    to: d.to,
    via: d.from === d.storage || d.to === d.storage ? [] : [d.storage],
    rows,
    view: `As deployed (the API server's pipeline): stored at ${d.storage}, conversion ${d.conversion}`,
  };
}

/** What a reader of the comment needs first: would it be rejected, is it lossy, or lossless. */
export type Verdict =
  | { readonly kind: 'rejected'; readonly missing: number }
  | { readonly kind: 'lossy'; readonly fields: number }
  | { readonly kind: 'lossless'; readonly bagged: number };

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** One field's story across the steps (bagged on the way to the hub, then lost on the way out, is one row). */
interface FieldStory {
  readonly field: Path;
  readonly steps: FieldRow[];
}

function stories(rows: readonly FieldRow[]): FieldStory[] {
  const byField = new Map<string, FieldStory>();
  for (const r of rows) {
    const key = formatPath(r.field);
    const s = byField.get(key);
    if (s) s.steps.push(r);
    else byField.set(key, { field: r.field, steps: [r] });
  }
  return [...byField.values()];
}

export function verdictOf(rows: readonly FieldRow[]): Verdict {
  const all = stories(rows);
  const has = (s: FieldStory, ...fates: FateKind[]) => s.steps.some((r) => fates.includes(r.fate));
  const missing = all.filter((s) => has(s, 'required-missing')).length;
  if (missing > 0) return { kind: 'rejected', missing };
  const lost = all.filter((s) => has(s, 'lost', 'pruned')).length;
  if (lost > 0) return { kind: 'lossy', fields: lost };
  return { kind: 'lossless', bagged: all.filter((s) => has(s, 'bagged')).length };
}

function verdictLine(v: Verdict, from: string, to: string): string {
  switch (v.kind) {
    case 'rejected':
      return `**Would be rejected at ${code(to)}: ${plural(v.missing, 'required field')} missing.**`;
    case 'lossy':
      return `**Lossy for ${code(to)} clients: ${plural(v.fields, 'field')}.**`;
    case 'lossless':
      return `**Lossless: ${code(from)} → ${code(to)} keeps every field${v.bagged > 0 ? ` (${plural(v.bagged, 'field')} through the property bag)` : ''}.**`;
  }
}

/** Reasons of a story, without one that another already contains. */
function why(steps: readonly FieldRow[]): string {
  const reasons = [...new Set(steps.map((r) => r.reason))];
  return reasons.filter((r) => !reasons.some((o) => o !== r && o.includes(r))).join('; ');
}

export function markdownSummary(input: MarkdownSummaryInput): string {
  const from = input.from ?? input.target?.from ?? input.hub?.from ?? '?';
  const to = input.to ?? input.target?.to ?? input.hub?.to ?? '?';
  const title = input.group ? `${input.kind} (${input.group})` : input.kind;
  // A field bagged on the way up and reported again on the way down is one row: one story.
  const rows = input.rows ?? [...rowsFromConversion(input.hub), ...rowsFromConversion(input.target)];
  const lines: string[] = [verdictLine(verdictOf(rows), from, to), ''];
  const hops = input.via ?? (input.target?.path && input.target.path.length > 2 ? input.target.path.slice(1, -1) : []);
  const via = hops.length > 0 ? ` via ${hops.map(code).join(' → ')}` : '';
  lines.push(`#### ${cell(title)}: ${code(from)} → ${code(to)}${via}`);
  const facts: string[] = [];
  const wb = input.writeBack;
  if (wb)
    facts.push(
      wb.lossless
        ? `Write-back: a ${code(wb.version)} client reading and writing it back keeps every field.`
        : `Write-back: a ${code(wb.version)} client reading and writing it back destroys ${plural(wb.destroyed.length, 'field')}${
            wb.destroyed.length > 0
              ? ` (${wb.destroyed
                  .slice(0, 5)
                  .map((p) => code(formatPath(p)))
                  .join(', ')}${wb.destroyed.length > 5 ? ', …' : ''})`
              : ''
          }.`,
    );
  if (input.view) facts.push(`View: ${cell(input.view)}.`);
  if (input.catalog) facts.push(`Catalog: ${input.catalog}.`);
  if (facts.length > 0) lines.push('', ...facts.map((f, i) => (i < facts.length - 1 ? `${f}  ` : f)));

  const all = stories(rows);
  if (all.length > 0) {
    lines.push('', '| Field | What happens | Why |', '| --- | --- | --- |');
    const max = input.maxRows ?? 100;
    for (const s of all.slice(0, max)) {
      const what = s.steps
        .map((r) => {
          const label = LABEL(r.fate);
          return `${r.where ? `${label} ${code(formatPath(r.where))}` : label} (${cell(r.step)})`;
        })
        .join(', then ');
      const field = s.field.length === 0 ? '(root)' : formatPath(s.field);
      lines.push(`| ${code(field)} | ${what} | ${cell(why(s.steps))} |`);
    }
    if (all.length > max) lines.push('', `… and ${all.length - max} more (open the link to see them all).`);
  }
  if (input.rules !== undefined && input.rules.trim() !== '') {
    // A fence longer than any backtick run in the rules, so the text cannot close it.
    const fence = '`'.repeat(Math.max(3, ...[...input.rules.matchAll(/`+/g)].map((m) => m[0].length + 1)));
    lines.push(
      '',
      '<details><summary>Conversion rules</summary>',
      '',
      `${fence}yaml`,
      input.rules.trimEnd(),
      fence,
      '',
      '</details>',
    );
  }
  lines.push('', `[Open in Version Explorer](<${input.link}>)`, '');
  return lines.join('\n');
}
