// Names and glyphs of the fates, shared by the panes, the legend and the editor decorations.
import type { FateKind } from '../../core/index.ts';

export const FATES: readonly {
  readonly kind: FateKind;
  readonly label: string;
  readonly glyph: string;
  readonly help: string;
}[] = [
  { kind: 'copied', label: 'copied', glyph: '=', help: 'same name and type: copied as is' },
  { kind: 'renamed', label: 'renamed', glyph: '→', help: 'a configured rename moved it to another name' },
  {
    kind: 'converted',
    label: 'converted',
    glyph: '~',
    help: 'converted: nested object, enum value or a hand-written hook',
  },
  {
    kind: 'bagged',
    label: 'in the property bag',
    glyph: 'B',
    help: 'the destination has no field for it: kept as text in $propertyBag',
  },
  { kind: 'unbagged', label: 'from the property bag', glyph: 'b', help: 'restored from the source’s $propertyBag' },
  {
    kind: 'lost',
    label: 'lost in this view',
    glyph: '✕',
    help: 'not representable in this version: a client here does not see it',
  },
  { kind: 'pruned', label: 'pruned', glyph: '∅', help: 'not in the source version’s schema: the API server drops it' },
  {
    kind: 'required-missing',
    label: 'required but missing',
    glyph: '!',
    help: 'the destination version requires it and it is absent',
  },
  {
    kind: 'manual',
    label: 'needs manual conversion',
    glyph: 'M',
    help: 'changed type with no hand-written conversion',
  },
  { kind: 'opaque', label: 'carried as-is', glyph: '*', help: 'free-form value carried without a schema' },
];

export const FATE_BY_KIND = new Map(FATES.map((f) => [f.kind, f]));

export function fateTitle(kind: FateKind | undefined, reason: string | undefined): string | undefined {
  if (!kind) return undefined;
  const label = FATE_BY_KIND.get(kind)?.label ?? kind;
  return reason ? `${label}: ${reason}` : label;
}
