// The seam for storage models: how a resource written at one version is stored and read at another. Two models
// implement it: `deployed` (the Kubernetes API server's pipeline: write at V -> stored at S -> read at T, with
// the CRD's conversion) and `aso` (ASO's hub and property bag, the design). A view runs only its own model
// (MODELS in models/index.ts); the verdict (analyse/verdict.ts) is computed from a model's run.
import type { Catalog, ConversionStrategy, Kind, Strategy, Version } from '../model/model.ts';
import type { Issue } from '../model/issue.ts';
import type { ConversionResult, Plan } from '../plan/conversionTypes.ts';
import type { HookRegistry } from '../plan/hooks.ts';
import type { PlanResult } from '../plan/planConversion.ts';
import type { RuleSet } from '../rules/format.ts';
import type { DeployedResult } from './deployed/deployedPipeline.ts';
import type { StorageView } from './deployed/storageView.ts';

/** Models by id: one per view. */
export type StorageModelId = StorageView;

export interface ModelOptions {
  readonly strategy?: Strategy;
  readonly hooks?: HookRegistry;
  /** Convert only the spec or only the status (models that cannot split convert everything). */
  readonly part?: 'all' | 'spec' | 'status';
  /** false: only the fates that matter (see ConvertOptions.fates). */
  readonly fates?: boolean;
  /** Conversion rules: the webhook (As deployed) or run after the generated steps (ASO; the plan shows them). */
  readonly rules?: RuleSet;
  /** As deployed: overrides the CRD's `spec.conversion.strategy`. */
  readonly conversion?: ConversionStrategy;
}

/** One document written at `from` and read at `to`, as a model tells it. */
export type ModelRun =
  | {
      readonly view: 'aso';
      /** spoke -> hub (the stored form, property bag included). */
      readonly hub: ConversionResult;
      /** spoke -> hub -> target. */
      readonly target: ConversionResult;
      readonly issues: readonly Issue[];
    }
  | {
      readonly view: 'deployed';
      readonly result: DeployedResult;
      readonly issues: readonly Issue[];
    };

export interface StorageModel {
  readonly id: StorageModelId;
  readonly title: string;
  /** The versions users pick from (ASO: API versions and storage variants; deployed: the CRD's own). */
  versions(kind: Kind): readonly Version[];
  /** The version stored objects are at; the target name `hub` resolves to it. */
  storageVersion(kind: Kind): string;
  /** Writes `doc` (at `from`) and reads it at `to`. Never mutates `doc`. */
  run(
    catalog: Catalog,
    kind: Kind,
    from: Version,
    doc: Record<string, unknown>,
    to: Version,
    opts?: ModelOptions,
  ): ModelRun;
}

/** A model whose conversion is a Plan value, run by `convertResource` (ASO's, and test models). */
export interface PlannedModel {
  readonly id: string;
  readonly title: string;
  versions(kind: Kind): readonly Version[];
  storageVersion(kind: Kind): string;
  /** The fate kinds this model can produce (the legend shows these). */
  readonly fateKinds: readonly string[];
  /** What converting `kind` from `from` to `to` does, as data: hops and, per type, the steps. */
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
