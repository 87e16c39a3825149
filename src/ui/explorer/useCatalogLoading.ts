// Catalogs the user loads: files picked or dropped anywhere on the page, or the resource editor's text when it is
// a CRD pasted in the wrong place. An import finishes later: it decides on the input as it is then (typed
// meanwhile), not as it was.
import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { reduce, type ExplorerStore } from '../useExplorerState.ts';
import { importAndStore, importDropped, loadCatalogFiles, type LoadOutcome } from '../panels/CatalogLoader.tsx';
import { takeDropped } from '../catalogs/droppedFiles.ts';
import { useFileDrop } from '../platform/useFileDrop.ts';
import { pastedCatalogName } from './ResourcePane.tsx';
import type { CatalogInputs } from './CatalogPicker.tsx';

export interface CatalogLoading {
  /** What the last import said (shown until dismissed). */
  readonly importIssues: LoadOutcome['issues'];
  readonly dismissImportIssues: () => void;
  readonly loaded: (outcome: LoadOutcome) => void;
  readonly loadInputAsCatalog: () => void;
  /** Files are dragged over the page. */
  readonly dragging: boolean;
}

export function useCatalogLoading(
  dispatch: ExplorerStore['dispatch'],
  input: string,
  forUserCatalog: CatalogInputs['forUserCatalog'],
): CatalogLoading {
  const qc = useQueryClient();
  const [importIssues, setImportIssues] = useState<LoadOutcome['issues']>([]);
  const loaded = useCallback(
    (outcome: LoadOutcome) => {
      setImportIssues(outcome.issues);
      const c = outcome.stored;
      if (!c) return;
      dispatch({
        type: 'update',
        update: (s) =>
          reduce(s, {
            type: 'catalog',
            catalog: { type: 'embedded', name: c.name, hash: c.hash, sources: c.sources },
            input: forUserCatalog(s.input, c.hash, c.json),
          }),
      });
    },
    [dispatch, forUserCatalog],
  );
  const loadInputAsCatalog = () => {
    const name = pastedCatalogName(input);
    void loadCatalogFiles(() => importAndStore([{ name: `${name}.yaml`, text: input }]), qc, loaded);
  };
  const onDrop = useCallback(
    (data: DataTransfer) => {
      const dropped = takeDropped(data); // now: the browser empties the drop afterwards
      void loadCatalogFiles(() => importDropped(dropped), qc, loaded);
    },
    [qc, loaded],
  );
  const dragging = useFileDrop(onDrop);
  return { importIssues, dismissImportIssues: () => setImportIssues([]), loaded, loadInputAsCatalog, dragging };
}
