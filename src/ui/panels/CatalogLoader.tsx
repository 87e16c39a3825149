// Loading the user's own catalogs: pick files, drop them on the page, or paste a CRD. Import runs in the
// worker; problems are listed with file:line:col; whatever imports is stored so it survives a reload.
import { useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { issue, type Issue } from '../../core/index.ts';
import { readDropped, type Dropped } from '../catalogs/droppedFiles.ts';
import { conversionClient } from '../worker/conversionClient.ts';
import { putCatalog, type StoredCatalog } from '../catalogs/catalogStore.ts';
import { TextDialog } from './TextDialog.tsx';

export type SourceFiles = readonly { readonly name: string; readonly text: string }[];

export interface LoadOutcome {
  readonly stored?: StoredCatalog;
  readonly issues: readonly Issue[];
}

/** Imports files in the worker and stores the catalog; never throws. */
export async function importAndStore(files: SourceFiles, origins?: StoredCatalog['origins']): Promise<LoadOutcome> {
  const r = await conversionClient().importFiles(files);
  if (r.json === undefined || r.hash === undefined) return { issues: r.issues };
  const first = files[0]?.name ?? 'catalog';
  const name = files.length > 1 ? `${first} +${files.length - 1}` : first;
  const stored: StoredCatalog = {
    hash: r.hash,
    name,
    title: r.title ?? name,
    sources: files,
    json: r.json,
    added: Date.now(),
    ...(origins && origins.length > 0 ? { origins } : {}),
  };
  try {
    await putCatalog(stored);
  } catch {
    // not persisted (private mode, quota): it still loads for this session
  }
  return { stored, issues: r.issues };
}

/** Reads dropped or picked files (folders walked), imports and stores them; undefined when nothing came. */
export async function importDropped(d: Dropped): Promise<LoadOutcome | undefined> {
  const { files, unreadable } = await readDropped(d);
  const problems = unreadable.map((name) =>
    issue('error', 'EMPTY_INPUT', 'cannot read the file (a folder, or no permission)', [], { file: name }),
  );
  if (files.length === 0) return problems.length > 0 ? { issues: problems } : undefined;
  const outcome = await importAndStore(files);
  return { ...outcome, issues: [...problems, ...outcome.issues] };
}

/** Runs an import, refreshes the list of stored catalogs and reports the outcome (nothing when nothing came). */
export async function loadCatalogFiles(
  what: () => Promise<LoadOutcome | undefined>,
  qc: QueryClient,
  onLoaded: (outcome: LoadOutcome) => void,
): Promise<void> {
  const outcome = await what();
  if (!outcome) return;
  await qc.invalidateQueries({ queryKey: ['user-catalogs'] });
  onLoaded(outcome);
}

interface Props {
  readonly onLoaded: (outcome: LoadOutcome) => void;
}

export function CatalogLoader({ onLoaded }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const [pasted, setPasted] = useState('');
  const [busy, setBusy] = useState(false);
  const qc = useQueryClient();

  const load = async (what: () => Promise<LoadOutcome | undefined>) => {
    setBusy(true);
    try {
      await loadCatalogFiles(what, qc, onLoaded);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="loader" aria-busy={busy ? 'true' : undefined}>
      <input
        ref={input}
        type="file"
        multiple
        accept=".yaml,.yml,.json"
        aria-label="Catalog files"
        className="visually-hidden"
        tabIndex={-1}
        onChange={async (e) => {
          const files = e.currentTarget.files ? [...e.currentTarget.files] : [];
          if (input.current) input.current.value = '';
          await load(() => importDropped({ files }));
        }}
      />
      <button
        type="button"
        onClick={() => input.current?.click()}
        title="Load CRD YAML, OpenAPI or catalog JSON files (or drop them on the page)"
      >
        Open files…
      </button>
      <button type="button" onClick={() => dialog.current?.showModal()}>
        Paste CRD…
      </button>
      <TextDialog
        dialog={dialog}
        label="Paste a CRD"
        intro="CustomResourceDefinition YAML, an OpenAPI document or a catalog JSON. It stays in this browser."
        textLabel="CRD text"
        text={pasted}
        onText={setPasted}
        rows={18}
        canLoad={pasted.trim() !== ''}
        onLoad={async () => {
          const text = pasted;
          setPasted('');
          await load(() => importAndStore([{ name: 'pasted.yaml', text }]));
        }}
      />
    </div>
  );
}
