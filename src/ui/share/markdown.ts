// "Copy as Markdown": a block for a PR comment. Pure: values in, GitHub-flavoured Markdown out.
import { formatPath, type ConversionResult, type Fate, type FateKind, type Path } from '../../core/index.ts';
import type { ExploreResult } from '../worker/protocol.ts';

export interface MarkdownSummaryInput {
  /** e.g. `Person` */
  readonly kind: string;
  /** API group, e.g. `crm.example.com` */
  readonly group?: string;
  /** Catalog title or reference, shown under the heading. */
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

const REPORTED: readonly FateKind[] = ['bagged', 'lost', 'pruned', 'required-missing', 'manual'];
const LABEL: Partial<Record<FateKind, string>> = {
  bagged: 'in the property bag',
  lost: 'lost',
  pruned: 'pruned',
  'required-missing': 'required but missing',
  manual: 'needs a hand-written conversion',
};

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
  };
}

export function markdownSummary(input: MarkdownSummaryInput): string {
  const from = input.from ?? input.target?.from ?? input.hub?.from ?? '?';
  const to = input.to ?? input.target?.to ?? input.hub?.to ?? '?';
  const title = input.group ? `${input.kind} (${input.group})` : input.kind;
  const lines: string[] = [];
  lines.push(`#### ${cell(title)}: ${code(from)} → ${code(to)}`);
  const hops = input.via ?? (input.target?.path && input.target.path.length > 2 ? input.target.path.slice(1, -1) : []);
  const via = hops.length > 0 ? ` via ${hops.map(code).join(' → ')}` : '';
  if (input.catalog || via)
    lines.push(
      '',
      `${input.catalog ? `Catalog: ${cell(input.catalog)}.` : ''}${via ? `${input.catalog ? ' ' : ''}Path${via}.` : ''}`,
    );

  // A field bagged on the way up and reported again on the way down is one row per step: both matter in review.
  const rows = input.rows ?? [...rowsFromConversion(input.hub), ...rowsFromConversion(input.target)];
  const count = (...fates: FateKind[]) => rows.filter((r) => fates.includes(r.fate)).length;
  lines.push('');
  if (rows.length === 0) {
    lines.push('No field is kept in the property bag, lost or missing: the conversion is lossless.');
  } else {
    lines.push(
      `**${count('bagged')}** in the property bag, **${count('lost', 'pruned')}** lost, **${count('required-missing')}** required but missing.`,
      '',
      '| Field | Fate | Step | Why |',
      '| --- | --- | --- | --- |',
    );
    const max = input.maxRows ?? 100;
    for (const r of rows.slice(0, max)) {
      const label = LABEL[r.fate] ?? r.fate;
      const fate = r.where ? `${label} (${code(formatPath(r.where))})` : label;
      const field = r.field.length === 0 ? '(root)' : formatPath(r.field);
      lines.push(`| ${code(field)} | ${fate} | ${cell(r.step)} | ${cell(r.reason)} |`);
    }
    if (rows.length > max) lines.push('', `… and ${rows.length - max} more (open the link to see them all).`);
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
