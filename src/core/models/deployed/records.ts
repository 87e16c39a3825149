// What a stage of the API server's pipeline did, by path: a structured record (stage, path, cause), no wording.
import type { Path } from '../../model/issue.ts';

/** `prepare`: the registry strategy's PrepareForCreate/PrepareForUpdate (after defaulting, before validation). */
export type DeployedStep = 'prune' | 'nulls' | 'metadata' | 'default' | 'prepare' | 'convert';

export type DeployedCause =
  /** prune: the key is neither a declared property nor allowed by `additionalProperties`. */
  | 'unknown-field'
  /** prune: an object under a scalar-typed node (`type: string`, int-or-string, ...) loses its keys. */
  | 'under-scalar'
  /** prune: the value has no schema at all (`additionalProperties: true/false`, an array without `items`). */
  | 'no-schema'
  /** nulls: a `null` where the schema is not nullable and has no default. */
  | 'non-nullable-null'
  /** metadata: a key ObjectMeta does not have. */
  | 'unknown-metadata-field'
  /** metadata: a value of the wrong type for ObjectMeta (dropped on read; rejects a write). */
  | 'malformed-metadata-field'
  /** metadata: an embedded resource's apiVersion/kind that is not a string. */
  | 'non-string-type-meta'
  /** default: the field was absent. */
  | 'missing'
  /** default: the field was a non-nullable `null`. */
  | 'null'
  /** prepare: the status subresource is enabled, so a create or main-resource update does not set `.status`. */
  | 'status-subresource'
  /** convert: None rewrites apiVersion only. */
  | 'api-version'
  /** convert (Webhook, not modelled): same path, same type in both schemas. */
  | 'webhook-same-path'
  /** convert (Webhook, not modelled): anything else is the operator's code. */
  | 'webhook-not-modelled'
  /** convert (Webhook): the server restores every metadata field but labels and annotations. */
  | 'metadata-restored'
  /** convert (Webhook, ASO-style): ASO's conversion reported this field (bag, rename, loss, ...). */
  | 'aso-conversion'
  /** convert (Webhook described by conversion rules): a rule moved or computed this field. */
  | 'conversion-rule'
  /** convert (Webhook described by conversion rules): a `drop` rule loses this field on purpose. */
  | 'rule-dropped'
  /** convert (Webhook described by conversion rules): the rule reading this field failed (RULE_FAILED). */
  | 'rule-failed';

export interface StageRecord {
  readonly step: DeployedStep;
  readonly path: Path;
  readonly cause: DeployedCause;
}

/** Receives one record; `path` is a fresh array the receiver may keep. */
export type Recorder = (path: Path, cause: DeployedCause, rule?: string) => void;

/** A recorder that collects records of `step` into `out`. */
export const collect =
  (out: StageRecord[], step: DeployedStep): Recorder =>
  (path, cause) =>
    void out.push({ step, path, cause });
