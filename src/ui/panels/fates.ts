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

/** A hover's text: the fate and why. A reason that only repeats the fate's name gives way to its help. */
export function fateTitle(kind: FateKind | undefined, reason: string | undefined): string | undefined {
  if (!kind) return undefined;
  const f = FATE_BY_KIND.get(kind);
  const label = f?.label ?? kind;
  const said = !reason || reason === kind || reason === label;
  return said ? (f ? `${label}: ${f.help}` : label) : `${label}: ${reason}`;
}

/**
 * Why a field is missing from a pane, in the reader's words: "v2 has no `patchesStrategicMerge`: a v2
 * client does not see it".
 */
export function ghostNote(kind: FateKind | undefined, key: string | undefined, version: string): string {
  const field = key === undefined ? 'this item' : `\`${key}\``;
  return kind === 'pruned'
    ? `${field} is not in the source version's schema: the API server drops it`
    : `${version} has no ${field}: a ${version} client does not see it`;
}
