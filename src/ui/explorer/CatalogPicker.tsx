// The catalog <select>: built-in (b:id), the user's stored catalogs (e:hash) and a URL catalog (u:url), and
// the last input used with each catalog, so switching away and back gives the user's text back.
import { useCallback, useEffect, useRef } from 'react';
import { useCatalogIndex, useUserCatalogs } from '../queries/catalogQueries.ts';
import { exampleFor } from '../examples.ts';
import { distinctLabels } from '../catalogs/catalogLabel.ts';
import { inputFitsCatalog, skeletonFor } from '../skeleton.ts';
import type { CatalogRef, ExplorerState } from '../state.ts';
import type { ExplorerAction } from '../useExplorerState.ts';

/** The <select> value of a catalog reference. */
export function refValue(ref: CatalogRef, builtinId: string | undefined): string {
  return ref.type === 'builtin'
    ? `b:${builtinId ?? ref.id}`
    : ref.type === 'embedded'
      ? `e:${ref.hash}`
      : `u:${ref.url}`;
}

export interface CatalogInputs {
  /** The last non-empty input used with the catalog of this <select> value. */
  readonly last: (value: string) => string | undefined;
  /** The input to show with a user's catalog: the current one when it fits, else the last one used with it. */
  readonly forUserCatalog: (current: string, hash: string, json: unknown) => string;
}

export function useCatalogInputs(catalogValue: string, input: string): CatalogInputs {
  const inputs = useRef(new Map<string, string>());
  useEffect(() => {
    if (input.trim() !== '') inputs.current.set(catalogValue, input);
  }, [catalogValue, input]);
  const last = useCallback((value: string) => inputs.current.get(value), []);
  const forUserCatalog = useCallback(
    (current: string, hash: string, json: unknown) =>
      inputFitsCatalog(current, json) ? current : (inputs.current.get(`e:${hash}`) ?? skeletonFor(json)),
    [],
  );
  return { last, forUserCatalog };
}

/** The action that opens a built-in catalog, with the input last used with it (else its example). */
export function openBuiltin(
  id: string,
  entries: readonly { readonly id: string; readonly hash: string }[] | undefined,
  inputs: CatalogInputs,
): ExplorerAction {
  const e = entries?.find((c) => c.id === id);
  return {
    type: 'catalog',
    catalog: { type: 'builtin', id, ...(e ? { hash: e.hash } : {}) },
    input: inputs.last(`b:${id}`) ?? exampleFor(id),
  };
}

export function CatalogPicker({
  state,
  value,
  inputs,
  dispatch,
  onChosen,
}: {
  readonly state: ExplorerState;
  /** refValue of the current catalog. */
  readonly value: string;
  readonly inputs: CatalogInputs;
  readonly dispatch: (a: ExplorerAction) => void;
  /** After a pick (a known catalog or not). */
  readonly onChosen: () => void;
}) {
  const index = useCatalogIndex();
  const user = useUserCatalogs();
  const labels = distinctLabels(user.data ?? []);
  const choose = (v: string) => {
    if (v.startsWith('b:')) dispatch(openBuiltin(v.slice(2), index.data?.catalogs, inputs));
    else if (v.startsWith('e:')) {
      const c = user.data?.find((x) => x.hash === v.slice(2));
      if (c)
        dispatch({
          type: 'catalog',
          catalog: { type: 'embedded', name: c.name, hash: c.hash, sources: c.sources },
          input: inputs.forUserCatalog(state.input, c.hash, c.json),
        });
    }
    onChosen();
  };
  return (
    <label className="field">
      <span>Catalog</span>
      <select
        aria-label="Catalog"
        value={value}
        // The select is narrow in the toolbar: its whole name on hover.
        title={
          value.startsWith('e:')
            ? labels[user.data?.findIndex((c) => `e:${c.hash}` === value) ?? -1]
            : index.data?.catalogs.find((c) => `b:${c.id}` === value)?.title
        }
        onChange={(e) => choose(e.target.value)}
      >
        <optgroup label="Built-in examples">
          {(index.data?.catalogs ?? []).map((c) => (
            <option key={c.id} value={`b:${c.id}`}>
              {c.title}
            </option>
          ))}
        </optgroup>
        {(user.data?.length ?? 0) > 0 && (
          <optgroup label="Your catalogs">
            {user.data?.map((c, i) => (
              <option key={c.hash} value={`e:${c.hash}`}>
                {labels[i]}
              </option>
            ))}
          </optgroup>
        )}
        {state.catalog.type === 'url' && <option value={value}>{state.catalog.url}</option>}
        {state.catalog.type === 'embedded' &&
          !user.data?.some((c) => state.catalog.type === 'embedded' && c.hash === state.catalog.hash) && (
            <option value={value}>{state.catalog.name}</option>
          )}
      </select>
    </label>
  );
}
