// Options every storage model takes (its own file: the seam and the executor both import it).
import type { ConversionStrategy, Strategy } from '../model/model.ts';
import type { HookRegistry } from '../plan/hooks.ts';
import type { RuleSet } from '../rules/format.ts';

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
