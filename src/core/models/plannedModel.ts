// A storage model whose conversion is a Plan value, run by `convertResource` (ASO's, and test models). Its own
// file: the executor imports it, and the seam (storageModel.ts) imports the executor's results.
import type { Catalog, Kind, Version } from '../model/model.ts';
import type { ConversionResult, Plan } from '../plan/conversionTypes.ts';
import type { PlanResult } from '../plan/planConversion.ts';
import type { ModelOptions } from './modelOptions.ts';

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
