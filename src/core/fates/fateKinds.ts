// The one table of fate kinds: every place that names, colours, ranks or reports a fate reads it here
// (the legend, the help, the panes, the Markdown report, the CLI and the executor's issues).
import type { FateKind } from './fate.ts';
import type { IssueCode, Severity } from '../model/issue.ts';

export interface FateKindInfo {
  readonly kind: FateKind;
  /** Short name shown in the legend, the help, the Markdown report and the CLI. */
  readonly label: string;
  /** One character for the gutter and the legend swatch. */
  readonly glyph: string;
  /** CSS class that colours a line or swatch of this kind (see styles.css). */
  readonly colour: `fate-${FateKind}`;
  /** What the kind means, in one sentence (legend tooltips, help). */
  readonly meaning: string;
  /** When the fate is a problem: the issue it raises. */
  readonly problem?: { readonly code: IssueCode; readonly severity: Severity };
  /** A parent's fate of this kind speaks for its children (the whole value was bagged, lost, copied ...). */
  readonly coversChildren: boolean;
  /** When several fates name the same field, the lowest rank is shown. */
  readonly rank: number;
  /** Recorded even with `fates: false` (sparse mode): the kinds a bulk conversion still has to report. */
  readonly sparse: boolean;
  /** Listed field by field in the Markdown report. */
  readonly reported: boolean;
}

const row = (kind: FateKind, info: Omit<FateKindInfo, 'kind' | 'colour'>): FateKindInfo => ({
  kind,
  colour: `fate-${kind}`,
  ...info,
});

/** Every fate kind (a Record: a new kind does not compile until it is described here). */
export const FATE_KINDS: Readonly<Record<FateKind, FateKindInfo>> = {
  copied: row('copied', {
    label: 'copied',
    glyph: '=',
    meaning: 'same name and type: copied as is',
    coversChildren: true,
    rank: 9,
    sparse: false,
    reported: false,
  }),
  renamed: row('renamed', {
    label: 'renamed',
    glyph: '→',
    meaning: 'a configured rename moved it to another name',
    coversChildren: false,
    rank: 6,
    sparse: true,
    reported: false,
  }),
  converted: row('converted', {
    label: 'converted',
    glyph: '~',
    meaning: 'converted: nested object, enum value or a hand-written hook',
    coversChildren: false,
    rank: 7,
    sparse: false,
    reported: false,
  }),
  bagged: row('bagged', {
    label: 'in the property bag',
    glyph: 'B',
    meaning: 'the destination has no field for it: kept as text in $propertyBag',
    coversChildren: true,
    rank: 4,
    sparse: true,
    reported: true,
  }),
  unbagged: row('unbagged', {
    label: 'from the property bag',
    glyph: 'b',
    meaning: 'restored from the source’s $propertyBag',
    coversChildren: true,
    rank: 5,
    sparse: true,
    reported: false,
  }),
  lost: row('lost', {
    label: 'lost',
    glyph: '✕',
    meaning: 'not representable in this version: a client here does not see it',
    problem: { code: 'LOST', severity: 'warning' },
    coversChildren: true,
    rank: 0,
    sparse: true,
    reported: true,
  }),
  pruned: row('pruned', {
    label: 'pruned',
    glyph: '∅',
    meaning: 'not in the source version’s schema: the API server drops it',
    problem: { code: 'PRUNED', severity: 'warning' },
    coversChildren: true,
    rank: 1,
    sparse: true,
    reported: true,
  }),
  'required-missing': row('required-missing', {
    label: 'required but missing',
    glyph: '!',
    meaning: 'the destination version requires it and it is absent',
    problem: { code: 'REQUIRED_MISSING', severity: 'error' },
    coversChildren: false,
    rank: 2,
    sparse: true,
    reported: true,
  }),
  manual: row('manual', {
    label: 'needs a hand-written conversion',
    glyph: 'M',
    meaning: 'changed type (or `conversion: manual`) with no hand-written conversion registered',
    problem: { code: 'NEEDS_HANDWRITTEN_CONVERSION', severity: 'warning' },
    coversChildren: true,
    rank: 3,
    sparse: true,
    reported: true,
  }),
  opaque: row('opaque', {
    label: 'carried as-is',
    glyph: '*',
    meaning: 'free-form value carried without a schema',
    coversChildren: true,
    rank: 8,
    sparse: false,
    reported: false,
  }),
};

/** The kinds in legend order (also the packed-lines index order: append, never reorder). */
export const FATE_KIND_ORDER: readonly FateKind[] = [
  'copied',
  'renamed',
  'converted',
  'bagged',
  'unbagged',
  'lost',
  'pruned',
  'required-missing',
  'manual',
  'opaque',
];

export const fateLabel = (kind: FateKind): string => FATE_KINDS[kind].label;
