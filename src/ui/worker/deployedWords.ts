// Words for the deployed pipeline's fates: the panes' hover text (worker) and the fate list (page) say the same.
import type { DeployedFateKind } from '../../core/index.ts';

export const DEPLOYED_FATE_WORDS: Readonly<Record<DeployedFateKind, string>> = {
  'dropped-on-write': 'dropped on write',
  'dropped-on-read': 'dropped on read',
  defaulted: 'defaulted',
  'null-removed': 'null removed',
  'metadata-coerced': 'metadata normalised',
  'metadata-restored': 'metadata restored',
  'webhook-not-modelled': 'webhook-defined, not modelled',
  converted: 'converted',
  copied: 'copied',
};
