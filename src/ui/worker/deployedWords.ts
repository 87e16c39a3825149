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

/** What a conversion rule did to a field, the rule named: "moved by rule `infrastructureRef`". */
export type RuleFate = 'moved' | 'computed' | 'read' | 'dropped' | 'failed';

export function ruleFateWords(how: RuleFate, rule: string, reason?: string): string {
  if (how === 'failed') return `lost: rule \`${rule}\` failed reading it`;
  const what = how === 'dropped' ? 'dropped on purpose' : how === 'read' ? 'read (computed from)' : how;
  return `${what} by rule \`${rule}\`${how === 'dropped' && reason ? `: ${reason}` : ''}`;
}
