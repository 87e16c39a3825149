// `--storage deployed|aso` and `--conversion none|webhook` for the conversion commands. The default view is core's
// rule (defaultStorageView); ASO-only options (--hub, --strategy, --spec-only, --status-only) imply `aso`.
import type { Catalog, StorageView } from '../../core/index.ts';
import { defaultStorageView } from '../../core/index.ts';
import type { ParsedArgs, StorageChoice } from './types.ts';

export type { StorageChoice } from './types.ts';

const ASO_ONLY = ['--hub', '--strategy', '--spec-only', '--status-only'];

/** The view and conversion the user asked for (storage undefined: the catalog's default, decided after loading). */
export function storageChoice(p: ParsedArgs): StorageChoice {
  const s = p.values['--storage'];
  const c = p.values['--conversion'];
  if (s !== undefined && s !== 'deployed' && s !== 'aso') return { error: '--storage must be deployed or aso' };
  if (c !== undefined && c !== 'none' && c !== 'webhook') return { error: '--conversion must be none or webhook' };
  const asoOnly = ASO_ONLY.filter((o) => p.values[o] !== undefined || p.flags.has(o));
  if (s === 'deployed' && asoOnly.length > 0)
    return { error: `${asoOnly.join(', ')} belong to the ASO view (--storage aso)` };
  if (c !== undefined && s === 'aso')
    return { error: '--conversion belongs to the deployed view (--storage deployed)' };
  const storage: StorageView | undefined = s ?? (asoOnly.length > 0 ? 'aso' : c !== undefined ? 'deployed' : undefined);
  return {
    ...(storage ? { storage } : {}),
    ...(c ? { conversion: c === 'none' ? ('None' as const) : ('Webhook' as const) } : {}),
  };
}

export const resolveStorage = (choice: StorageChoice, catalog: Catalog): StorageView =>
  choice.storage ?? defaultStorageView(catalog);
