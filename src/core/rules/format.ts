// The conversion rules format (docs/conversion-rules.md): YAML, versioned, one file holding the conversions of
// one or more kinds, each between two versions: `from` (older) and `to` (newer). "up" runs from -> to, "down"
// runs to -> from; every rule says both directions, by its shape (move, enum, listMap, drop) or explicitly
// (compute's `up` and `down`).
import type { CelProgram } from '../cel/index.ts';
import type { SourceRange } from '../model/issue.ts';
import type { PathPattern } from './paths.ts';

export const RULES_API_VERSION = 'version-explorer.dev/v1alpha1';
export const RULES_KIND = 'ConversionRules';

export type RuleOp = 'move' | 'compute' | 'enum' | 'mapToList' | 'listToMap' | 'drop';
export const RULE_OPS: readonly RuleOp[] = ['move', 'compute', 'enum', 'mapToList', 'listToMap', 'drop'];

/** A path as written (for messages and output) and parsed, with where it was written. */
export interface RulePath {
  readonly text: string;
  readonly pattern: PathPattern;
  readonly range?: SourceRange;
}

export interface ComputeTarget {
  readonly to: RulePath;
  readonly expression: CelProgram;
  readonly range?: SourceRange;
}

interface RuleBase {
  readonly id: string;
  readonly range?: SourceRange;
}

export type Rule =
  | (RuleBase & { readonly op: 'move'; readonly from: RulePath; readonly to: RulePath })
  | (RuleBase & {
      readonly op: 'compute';
      /** Destination paths in the `to` version and how to compute each from the `from` object (`self`). */
      readonly up: readonly ComputeTarget[];
      readonly down: readonly ComputeTarget[];
    })
  | (RuleBase & {
      readonly op: 'enum';
      readonly from: RulePath;
      readonly to: RulePath;
      /** Older value -> newer value; bijective (checked when parsed). */
      readonly values: ReadonlyMap<string, string>;
    })
  | (RuleBase & {
      readonly op: 'mapToList' | 'listToMap';
      readonly from: RulePath;
      readonly to: RulePath;
      /** Field of each list element holding the map key. */
      readonly key: string;
      /** Field of each list element holding the map value; absent: the element is the value object plus the key. */
      readonly value?: string;
    })
  | (RuleBase & {
      readonly op: 'drop';
      /** The path lost, in the version it exists in: `from` (lost going up) or `to` (lost going down). */
      readonly side: 'from' | 'to';
      readonly path: RulePath;
      readonly reason: string;
      /** Going the other way, the value to put back (CEL over `self`), when the path's parent object is there. */
      readonly restore?: CelProgram;
    });

export interface Conversion {
  /** API group; optional when the kind name is unique in the catalog. */
  readonly group?: string;
  readonly kind: string;
  readonly from: string;
  readonly to: string;
  readonly rules: readonly Rule[];
  readonly range?: SourceRange;
}

export interface RuleSet {
  readonly file?: string;
  readonly conversions: readonly Conversion[];
}

export const EMPTY_RULE_SET: RuleSet = { conversions: [] };

const path = { type: 'string', minLength: 1, description: 'a.b.c; [] for each list element; ["any key"]' };
const cel = { type: 'string', minLength: 1, description: 'CEL expression over the source object `self`' };
const computeSide = {
  type: 'object',
  description: 'destination path -> CEL expression',
  minProperties: 1,
  additionalProperties: cel,
};
const one = (op: string, body: object): object => ({
  type: 'object',
  required: ['id', op],
  additionalProperties: false,
  properties: { id: { type: 'string', minLength: 1 }, description: { type: 'string' }, [op]: body },
});
const fromTo = (extra: Record<string, object> = {}, required: string[] = []): object => ({
  type: 'object',
  additionalProperties: false,
  required: ['from', ...required],
  properties: { from: path, to: path, ...extra },
});

/** JSON Schema (draft 2020-12) of a rules file: the editor validates with it; the parser checks the same. */
export const RULES_JSON_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://version-explorer.dev/schemas/conversion-rules-v1alpha1.json',
  title: 'Version Explorer conversion rules',
  type: 'object',
  required: ['apiVersion', 'kind', 'conversions'],
  additionalProperties: false,
  properties: {
    apiVersion: { const: RULES_API_VERSION },
    kind: { const: RULES_KIND },
    metadata: { type: 'object' },
    conversions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['kind', 'from', 'to', 'rules'],
        additionalProperties: false,
        properties: {
          group: { type: 'string' },
          kind: { type: 'string', minLength: 1 },
          from: { type: 'string', minLength: 1, description: 'the older version' },
          to: { type: 'string', minLength: 1, description: 'the newer version' },
          description: { type: 'string' },
          rules: {
            type: 'array',
            items: {
              oneOf: [
                one('move', fromTo({}, ['to'])),
                one('compute', {
                  type: 'object',
                  additionalProperties: false,
                  required: ['up', 'down'],
                  properties: { up: computeSide, down: computeSide },
                }),
                one(
                  'enum',
                  fromTo(
                    {
                      values: {
                        type: 'object',
                        minProperties: 1,
                        additionalProperties: { type: 'string' },
                        description: 'older value -> newer value, one to one',
                      },
                    },
                    ['values'],
                  ),
                ),
                one('mapToList', fromTo({ key: { type: 'string', minLength: 1 }, value: { type: 'string' } }, ['key'])),
                one('listToMap', fromTo({ key: { type: 'string', minLength: 1 }, value: { type: 'string' } }, ['key'])),
                one('drop', {
                  type: 'object',
                  additionalProperties: false,
                  required: ['reason'],
                  properties: { from: path, to: path, reason: { type: 'string', minLength: 1 }, restore: cel },
                  oneOf: [{ required: ['from'] }, { required: ['to'] }],
                }),
              ],
            },
          },
        },
      },
    },
  },
} as const;
