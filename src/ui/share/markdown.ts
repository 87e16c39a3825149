// "Copy as Markdown": a block for a PR comment. Pure: values in, GitHub-flavoured Markdown out.
import {
  asoVerdict,
  FATE_KIND_ORDER,
  FATE_KINDS,
  formatPath,
  verdictHeadline,
  type ConversionResult,
  type Fate,
  type FateKind,
  type Path,
  type Verdict,
  type VerdictStage,
} from '../../core/index.ts';
import type { DeployedView, ExploreResult } from '../viewModel/types.ts';

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
  /** The view's verdict (core's): the first line says it. Without it, `hub`/`target` give ASO's. */
  readonly verdict?: Verdict;
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
  if (r.deployed && r.verdict) return deployedSummary(r.kind, r.deployed, r.verdict, catalog);
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
    ...(r.verdict ? { verdict: r.verdict } : {}),
    ...(r.writeBack
      ? {
          writeBack: { version: r.writeBack.version, lossless: r.writeBack.lossless, destroyed: r.writeBack.destroyed },
        }
      : {}),
  };
}

/** The as-deployed view: what a write at V and a read at T lose (no bag, no hub: the CRD's storage version). */
function deployedSummary(
  kind: NonNullable<ExploreResult['kind']>,
  d: DeployedView,
  verdict: Verdict,
  catalog?: string,
): Omit<MarkdownSummaryInput, 'link'> {
  const rows: FieldRow[] = verdict.lost.map((l) => ({
    field: l.path,
    fate: 'lost',
    step: l.on === 'write' ? `write at ${d.from} → stored at ${d.storage}` : `read at ${d.to}`,
    reason: l.why,
  }));
  for (const u of verdict.undetermined)
    for (const p of u.paths)
      rows.push({ field: p, fate: 'manual', step: `${u.from} → ${u.to}`, reason: 'the conversion webhook decides' });
  return {
    kind: kind.kind,
    group: kind.group,
    ...(catalog ? { catalog } : {}),
    from: d.from,
    to: d.to,
    via: d.from === d.storage || d.to === d.storage ? [] : [d.storage],
    rows,
    verdict,
    view: `As deployed (the API server's pipeline): stored at ${d.storage}, conversion ${d.conversion}`,
  };
}

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

const STAGE: Record<VerdictStage, string> = { write: 'write', read: 'read', 'write-back': 'write-back' };

/** The first line and, when rejected, every reason: the verdict as the view computed it. */
function verdictLines(v: Verdict): string[] {
  const lines = [`**${cell(verdictHeadline(v))}.**`];
  if (v.rejections.length > 1 || (v.rejections.length === 1 && v.rejections[0]?.issue.path.length === 0)) {
    lines.push('');
    for (const x of v.rejections.slice(0, 10))
      lines.push(
        `- ${STAGE[x.on]}: ${x.issue.path.length > 0 ? `${code(formatPath(x.issue.path))}: ` : ''}${cell(x.issue.message)} (${code(x.issue.code)})`,
      );
    if (v.rejections.length > 10) lines.push(`- … and ${v.rejections.length - 10} more`);
  }
  return lines;
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
  const verdict =
    input.verdict ??
    (input.hub ? asoVerdict({ hub: input.hub, ...(input.target ? { target: input.target } : {}) }) : undefined);
  const lines: string[] = verdict ? [...verdictLines(verdict), ''] : [];
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
