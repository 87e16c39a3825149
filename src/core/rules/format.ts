// The conversion rules format (docs/conversion-rules.md): YAML, versioned, one file holding the conversions of
// one or more kinds, each between two versions: `from` (older) and `to` (newer). "up" runs from -> to, "down"
// runs to -> from; every rule says both directions, by its shape (move, enum, listMap, drop) or explicitly
// (compute's `up` and `down`).
import type { CelProgram } from '../cel/index.ts';
import type { SourceRange } from '../model/issue.ts';
import type { PathPattern } from './paths.ts';

/**
 * The format's version: v1alpha2 added `always` (compute) and `keepEmpty` (conversion); v1alpha3 adds `fail`
 * rules and `compute.defaults`. Older files still read (what they say means what it meant).
 */
export const RULES_API_VERSION = 'version-explorer.dev/v1alpha3';
export const RULES_API_VERSIONS: readonly string[] = [
  'version-explorer.dev/v1alpha1',
  'version-explorer.dev/v1alpha2',
  RULES_API_VERSION,
];
export const RULES_KIND = 'ConversionRules';

export type RuleOp = 'move' | 'compute' | 'enum' | 'mapToList' | 'listToMap' | 'drop' | 'fail';
export const RULE_OPS: readonly RuleOp[] = ['move', 'compute', 'enum', 'mapToList', 'listToMap', 'drop', 'fail'];

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
      /** Run each direction even when its inputs are absent (constants such as `status: {}`, defaults). */
      readonly always?: boolean;
      /** What a direction writes instead when its inputs are all absent (v1alpha3). */
      readonly defaults?: { readonly up?: readonly ComputeTarget[]; readonly down?: readonly ComputeTarget[] };
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
    })
  | (RuleBase & {
      readonly op: 'fail';
      /** CEL over `self` per direction: true fails the conversion with `message` (v1alpha3). */
      readonly up?: CelProgram;
      readonly down?: CelProgram;
      readonly message: string;
    });

export interface Conversion {
  /** API group; optional when the kind name is unique in the catalog. */
  readonly group?: string;
  readonly kind: string;
  readonly from: string;
  readonly to: string;
  readonly rules: readonly Rule[];
  /** Keep an object the rules emptied (Go's converters write `subject: {}`); by default it is removed. */
  readonly keepEmpty?: boolean;
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
const targets = (what: string): object => ({ ...computeSide, description: what });
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
  $id: 'https://version-explorer.dev/schemas/conversion-rules-v1alpha3.json',
  title: 'Version Explorer conversion rules',
  type: 'object',
  required: ['apiVersion', 'kind', 'conversions'],
  additionalProperties: false,
  properties: {
    apiVersion: { enum: RULES_API_VERSIONS },
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
          keepEmpty: {
            type: 'boolean',
            description: 'keep objects the rules emptied instead of removing them (v1alpha2)',
          },
          rules: {
            type: 'array',
            items: {
              oneOf: [
                one('move', fromTo({}, ['to'])),
                one('compute', {
                  type: 'object',
                  additionalProperties: false,
                  required: ['up', 'down'],
                  properties: {
                    up: computeSide,
                    down: computeSide,
                    always: {
                      type: 'boolean',
                      description: 'run each direction even when its inputs are absent (v1alpha2)',
                    },
                    defaults: {
                      type: 'object',
                      additionalProperties: false,
                      minProperties: 1,
                      description: 'what a direction writes when its inputs are all absent (v1alpha3)',
                      properties: { up: targets('written going up'), down: targets('written going down') },
                    },
                  },
                }),
                one('fail', {
                  type: 'object',
                  additionalProperties: false,
                  required: ['message'],
                  description: "fail the conversion with the message when the direction's condition is true (v1alpha3)",
                  properties: { up: cel, down: cel, message: { type: 'string', minLength: 1 } },
                  anyOf: [{ required: ['up'] }, { required: ['down'] }],
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
