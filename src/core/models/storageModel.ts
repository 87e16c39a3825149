// The seam for storage models: how a resource written at one version is stored and read at another.
// ASO's hub-and-property-bag design is the first model (execute/asoModel.ts). The Kubernetes API server's own
// pipeline (write at V -> stored at S -> read at T: prune, default, convert) and rule-described webhooks are
// meant to sit beside it as further models, sharing the Plan, Fate and ConversionResult vocabulary, without
// touching ASO's executor. A model adds its fate kinds to `FateKind` / `FATE_KINDS` and its rules to
// `FateRule` (both closed unions: the compiler then asks every table for them).
import type { Catalog, Kind, Strategy, Version } from '../model/model.ts';
import type { ConversionResult, Plan } from '../plan/conversionTypes.ts';
import type { FateKind } from '../fates/fate.ts';
import type { HookRegistry } from '../plan/hooks.ts';
import type { PlanResult } from '../plan/planConversion.ts';
import type { RuleSet } from '../rules/format.ts';

/** Models by id. `aso` is implemented; `deployed` (issue 12) and `rules` (issue 13) are reserved. */
export type StorageModelId = 'aso' | 'deployed' | 'rules';

export interface ModelOptions {
  readonly strategy?: Strategy;
  readonly hooks?: HookRegistry;
  /** Convert only the spec or only the status (models that cannot split convert everything). */
  readonly part?: 'all' | 'spec' | 'status';
  /** false: only the fates that matter (see ConvertOptions.fates). */
  readonly fates?: boolean;
  /** Conversion rules (ASO: see ConvertOptions.rules; the plan shows them). */
  readonly rules?: RuleSet;
}

export interface StorageModel {
  readonly id: StorageModelId;
  readonly title: string;
  /** The versions users pick from (ASO: API versions and storage variants; deployed: the CRD's own). */
  versions(kind: Kind): readonly Version[];
  /** The version stored objects are at; the target name `hub` resolves to it. */
  storageVersion(kind: Kind): string;
  /** The fate kinds this model can produce (the legend shows these). */
  readonly fateKinds: readonly FateKind[];
  /**
   * What converting `kind` from `from` to `to` does, as data: hops (for the deployed model, write-at-V ->
   * stored-at-S -> read-at-T) and per type, the steps. Issues when no plan exists.
   */
  plan(catalog: Catalog, kind: Kind, from: Version, to: Version, opts?: ModelOptions): PlanResult;
  /** Runs a plan of this model on a document at the plan's `from`: output, fates end to end, issues. */
  execute(
    catalog: Catalog,
    kind: Kind,
    plan: Plan,
    doc: Record<string, unknown>,
    opts?: ModelOptions,
  ): ConversionResult;
}
