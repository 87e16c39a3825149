// Stage: what a parsed document is.
import { isRecord } from './parseSource.ts';

export type DocFormat = 'crd' | 'crd-list' | 'openapi2' | 'openapi3' | 'config' | 'catalog' | 'unknown';

export const CONFIG_KIND = 'VersionExplorerConfig';
export const CONFIG_KEYS = ['renames', 'typeRenames', 'hub', 'strategy', 'manual', 'bagKeys'] as const;

export function detectFormat(value: unknown): DocFormat {
  if (!isRecord(value)) return 'unknown';
  if (value.kind === 'CustomResourceDefinition') return 'crd';
  if ((value.kind === 'List' || value.kind === 'CustomResourceDefinitionList') && Array.isArray(value.items))
    return 'crd-list';
  if (typeof value.swagger === 'string' && value.swagger.startsWith('2')) return 'openapi2';
  if (typeof value.openapi === 'string' && value.openapi.startsWith('3')) return 'openapi3';
  if (value.kind === CONFIG_KIND) return 'config';
  if ('formatVersion' in value && Array.isArray(value.kinds)) return 'catalog';
  if (value.kind === undefined && CONFIG_KEYS.some((k) => k in value)) return 'config';
  return 'unknown';
}
