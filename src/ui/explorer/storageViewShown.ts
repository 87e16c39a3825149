// Which storage view the switch shows checked, and which view the panes show.
import type { StorageView } from '../../core/index.ts';

/** The shown result with the catalog it was computed with (the panes keep it while another catalog loads). */
export interface ShownView {
  readonly storageView?: StorageView;
  readonly catalogKey?: string;
}

/**
 * The panes' view: the result's, only when it answers the catalog now open. A result kept from the catalog
 * before has that catalog's default (a built-in opens in ASO design, a plain CRD as deployed).
 */
export function appliedView(shown: ShownView | undefined, catalogKey: string | undefined): StorageView | undefined {
  return shown?.storageView !== undefined && catalogKey !== undefined && shown.catalogKey === catalogKey
    ? shown.storageView
    : undefined;
}

/**
 * The option checked: the user's choice at once; else the default of a result for the open catalog; else none
 * (not yet known). Showing the old catalog's default checked made a click on it a no-op that the new
 * catalog's default then overrode.
 */
export function checkedView(
  choice: StorageView | undefined,
  shown: ShownView | undefined,
  catalogKey: string | undefined,
): StorageView | undefined {
  return choice ?? appliedView(shown, catalogKey);
}
