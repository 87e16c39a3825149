// "Start from a template": a rules file for the selected kind between the versions being looked at, with no rule
// yet (every rule it could hold names fields only the user knows), and a commented example of each shape.
import { stringify } from 'yaml';
import { RULES_API_VERSION, RULES_KIND } from '../../core/index.ts';

/** A string as a one-line YAML scalar (quoted where YAML would read a number, a boolean or null). */
const scalar = (s: string): string => stringify(s, { lineWidth: 0 }).trimEnd();

/**
 * The pair of versions the rules convert: `a` and `b` ordered as `versions` (oldest first) lists them; with one
 * version (source and target the same), that version and its newer neighbour (else its older one).
 * Undefined when the kind has a single version.
 */
export function templatePair(
  versions: readonly string[],
  a: string,
  b: string | undefined,
): { from: string; to: string } | undefined {
  const i = versions.indexOf(a);
  let j = b === undefined ? -1 : versions.indexOf(b);
  if (i < 0) return undefined;
  if (j < 0 || j === i) j = i + 1 < versions.length ? i + 1 : i - 1;
  const from = versions[Math.min(i, j)];
  const to = versions[Math.max(i, j)];
  return from !== undefined && to !== undefined && from !== to ? { from, to } : undefined;
}

export function rulesTemplate(kind: { group: string; kind: string }, pair: { from: string; to: string }): string {
  return [
    `apiVersion: ${RULES_API_VERSION}`,
    `kind: ${RULES_KIND}`,
    'conversions:',
    ...(kind.group !== ''
      ? [`  - group: ${scalar(kind.group)}`, `    kind: ${scalar(kind.kind)}`]
      : [`  - kind: ${scalar(kind.kind)}`]),
    `    from: ${scalar(pair.from)} # the older version`,
    `    to: ${scalar(pair.to)} # the newer version`,
    '    # One rule per change, each with an id (docs/conversion-rules.md). Replace [] with a list, e.g.:',
    '    #   - id: moved-field',
    '    #     move: { from: spec.oldPlace, to: spec.newPlace.field }',
    '    #   - id: computed-field',
    "    #     compute: { up: { spec.b: 'self.spec.a + 1' }, down: { spec.a: 'self.spec.b - 1' } }",
    '    #   - id: retired-field',
    '    #     drop: { from: spec.legacy, reason: the newer version has no place for it }',
    '    rules: []',
    '',
  ].join('\n');
}
