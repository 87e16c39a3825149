// The seam for storage models: how a resource written at one version is stored and read at another. Two models
// implement it: `deployed` (the Kubernetes API server's pipeline: write at V -> stored at S -> read at T, with
// the CRD's conversion) and `aso` (ASO's hub and property bag, the design). A view runs only its own model
// (MODELS in models/index.ts); the verdict (analyse/verdict.ts) is computed from a model's run.
import type { Catalog, Kind, Version } from '../model/model.ts';
import type { Issue } from '../model/issue.ts';
import type { ConversionResult } from '../plan/conversionTypes.ts';
import type { DeployedResult } from './deployed/deployedPipeline.ts';
import type { ModelOptions } from './modelOptions.ts';

export type { ModelOptions };
import type { StorageView } from './deployed/storageView.ts';

/** Models by id: one per view. */
export type StorageModelId = StorageView;

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
