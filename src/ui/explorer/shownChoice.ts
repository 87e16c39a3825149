// What a choice's control (a radio group) shows checked, and what the panes show, while the panes may still
// show the result of the catalog open before (they keep the last result until the new catalog converts).

/** Where the shown result came from: the worker's key of its catalog, and of the catalog open now. */
export interface Catalogs {
  readonly shown: string | undefined;
  readonly open: string | undefined;
}

/**
 * The result's value (the view or conversion the panes show), only when the result answers the catalog now
 * open: one kept from the catalog before has that catalog's default (a built-in opens in ASO design, a plain
 * CRD as deployed).
 */
export function appliedChoice<T>(value: T | undefined, catalogs: Catalogs): T | undefined {
  return catalogs.open !== undefined && catalogs.shown === catalogs.open ? value : undefined;
}

/**
 * The option checked: the user's choice at once; else the result's value for the open catalog; else none (not
 * known yet). The old catalog's default shown checked made a click on it a no-op (no change event) that the
 * new catalog's default then overrode.
 */
export function checkedChoice<T>(choice: T | undefined, value: T | undefined, catalogs: Catalogs): T | undefined {
  return choice ?? appliedChoice(value, catalogs);
}
