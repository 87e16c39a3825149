// Generated YAML resources for the line-scan readers' laws (blockRanges, blockValues): any keys and scalars, and
// the shape of most manifests (plain keys, one-line scalars, block collections, `{}` and `[]`).
import fc from 'fast-check';
import { dump } from 'js-yaml';
import { stringify } from 'yaml';

const key = fc.oneof(
  fc.constantFrom('a', 'b', 'apiVersion', 'kind', 'x-kubernetes-y', 'app.kubernetes.io/name', '$propertyBag', '_k'),
  fc.constantFrom('null', 'True', 'on', '1', '-a', 'a b', 'a:b', '__proto__', 'toString', "it's", '#c', '?x', '<<'),
);
const scalar = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom('', ' x', 'x ', 'a: b', 'a #b', '#', '-', '- a', '-1', '1e3', '0x1F', '.inf', 'null', '~', 'yes'),
  fc.constantFrom("it's", 'say "hi"', 'back\\slash', 'tab\there', 'line\nbreak', '[a]', '{a}', '*x', '&y', '!t'),
  fc.constantFrom('0o17', '+12', '-.5', '1_000', '0b1', '12345678901234567890', 'TRUE', 'Null', '.NaN', '2024-01-01'),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
);
const { tree } = fc.letrec((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('tree'), { maxLength: 4 }),
    fc.dictionary(key, tie('tree'), { maxKeys: 4 }),
  ),
}));
export const resource = fc.dictionary(key, tree, { minKeys: 1, maxKeys: 5 });
// The shape of most manifests: plain keys, one-line scalars, block collections, `{}` and `[]`.
const plainKey = fc.constantFrom('a', 'b', 'apiVersion', 'kind', 'x-kubernetes-y', 'app.kubernetes.io/name', '$bag');
const plainScalar = fc.oneof(
  fc.stringMatching(/^[a-z0-9][a-z0-9 .:#-]{0,8}[a-z0-9]$/),
  fc.constantFrom("it's", 'a "b"', '-1', '1.5', 'true', 'null', '', '2024-01-01', 'x: y', '0x1F', '1e3', '-.inf'),
  fc.integer(),
  fc.boolean(),
);
const { plainTree } = fc.letrec((tie) => ({
  plainTree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    plainScalar,
    fc.constantFrom({}, []),
    fc.array(tie('plainTree'), { minLength: 1, maxLength: 3 }),
    fc.dictionary(plainKey, tie('plainTree'), { minKeys: 1, maxKeys: 4 }),
  ),
}));
export const plainResource = fc.dictionary(plainKey, plainTree, { minKeys: 1, maxKeys: 5 });

/** A generated resource as text, in the `yaml` package's or js-yaml's block style at indent 1 to 4. */
export const blockText = fc
  .tuple(fc.oneof(plainResource, resource), fc.boolean(), fc.integer({ min: 1, max: 4 }))
  .map(([v, useYaml, indent]) =>
    useYaml ? stringify(v, { indent, indentSeq: indent > 1 }) : dump(v, { indent, noArrayIndent: indent === 1 }),
  );

/** YAML's other forms worked into a block text: comments, markers, flow, block scalars, tags, odd spacing. */
export const YAML_EDITS: readonly ((t: string) => string)[] = [
  (t) => `# head\n${t}`,
  (t) => `  # indented head\n\n${t}`,
  (t) => t.replace(/\n/, ' # tail\n'),
  (t) => t.replace(/\n(?=\S)/, '\n# between\n'),
  (t) => t.replace(/\n(?=\S)/, '\n  # indented between\n'),
  (t) => `${t}---\n${t}`,
  (t) => `---\n${t}`,
  (t) => `%YAML 1.2\n---\n${t}`,
  (t) => `${t}...\n`,
  (t) => `\uFEFF${t}`,
  (t) => t.replace(/: (.*)\n/, ': &a $1\n'),
  (t) => t.replace(/: (.*)\n/, ': !!str $1\n'),
  (t) => t.replace(/: (.*)\n/, ': [$1]\n'),
  (t) => t.replace(/: (.*)\n/, ': {x: $1}\n'),
  (t) => t.replace(/: (.*)\n/, ': |\n  $1\n'),
  (t) => t.replace(/: (.*)\n/, ': >-\n  $1\n'),
  (t) => t.replace(/: (.*)\n/, ':\n'),
  (t) => t.replace(/: (.*)\n/, ': $1\n   more\n'),
  (t) => t.replace(/: (.*)\n/, ': "$1\\n"\n'),
  (t) => t.replace(/: (.*)\n/, ': \u0085$1\n'),
  (t) => t.replace(/: (.*)\n/, ': \u{1F600}$1\n'),
  (t) => t.replace(/\n/g, '\n\n'),
  (t) => t.replace(/\n/g, '   \n'),
  (t) => t.replace(/\n/g, '\r\n'),
  (t) => t.replace(/ {2}/g, '\t'),
  (t) => t.replace(/: /g, ':   '),
  (t) => t.replace(/- /g, '-   '),
  (t) => t.replace(/- /g, '-\n  '),
  (t) => t.replace(/\n {2}/g, '\n'),
  (t) => t.replace(/\n {2}/g, '\n   '),
  (t) => t.replace(/^(\w+):/m, '$1 :'),
  (t) => t.replace(/^(\w+):/m, '"$1":'),
  (t) => t.replace(/^(\w+):/m, '? $1\n:'),
  (t) => `${t}  extra\n`,
  (t) => `${t}${t}`,
  (t) => t.trimEnd(),
  (t) => ` ${t}`,
];
