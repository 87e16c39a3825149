// "Your catalogs…": the catalogs this browser keeps (loaded files, URLs, examples), each named by group, kinds
// and release, renamable and removable. Changes persist (catalogStore, IndexedDB) and every picker follows them.
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useUserCatalogs } from '../queries/catalogQueries.ts';
import { deleteCatalog, renameCatalog, type StoredCatalog } from '../catalogs/catalogStore.ts';
import { catalogLabel, catalogRelease, catalogSubject, distinctLabels } from '../catalogs/catalogLabel.ts';
import { DialogClose } from './DialogClose.tsx';

function Row({
  c,
  label,
  onRename,
  onRemove,
}: {
  readonly c: StoredCatalog;
  readonly label: string;
  readonly onRename: (label: string) => Promise<void>;
  readonly onRemove: () => Promise<void>;
}) {
  const [draft, setDraft] = useState<string | undefined>();
  const release = catalogRelease(c);
  const save = async () => {
    if (draft !== undefined && draft !== (c.label ?? '')) await onRename(draft);
    setDraft(undefined);
  };
  return (
    <li className="manage-row" data-hash={c.hash}>
      <div className="manage-what">
        <strong>{label}</strong>
        <span className="muted">
          {catalogSubject(c)}
          {release !== undefined ? ` · ${release}` : ''} · {c.sources.map((s) => s.name).join(', ')}
        </span>
      </div>
      <form
        className="manage-actions"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <input
          aria-label={`Name for ${label}`}
          placeholder={catalogLabel({ ...c, label: '' })}
          value={draft ?? c.label ?? ''}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => void save()}
        />
        <button type="submit">Rename</button>
        <button type="button" aria-label={`Remove ${label}`} onClick={() => void onRemove()}>
          Remove
        </button>
      </form>
    </li>
  );
}

export function ManageCatalogs({ onRemoved }: { readonly onRemoved: (hash: string) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const user = useUserCatalogs();
  const qc = useQueryClient();
  const catalogs = user.data ?? [];
  const labels = distinctLabels(catalogs);
  const refresh = () => qc.invalidateQueries({ queryKey: ['user-catalogs'] });
  return (
    <>
      <button
        type="button"
        className="manage-open"
        title="Your catalogs: rename or remove the catalogs this browser keeps"
        onClick={() => dialog.current?.showModal()}
      >
        Manage…
      </button>
      <dialog ref={dialog} className="manage-dialog" aria-label="Your catalogs">
        <h2>Your catalogs</h2>
        {catalogs.length === 0 ? (
          <p className="empty">No catalogs loaded yet: Open files…, Paste CRD… or From URL… keep them here.</p>
        ) : (
          <ul className="manage-list">
            {catalogs.map((c, i) => (
              <Row
                key={c.hash}
                c={c}
                label={labels[i] ?? c.name}
                onRename={async (l) => {
                  await renameCatalog(c.hash, l).catch(() => undefined);
                  await refresh();
                }}
                onRemove={async () => {
                  await deleteCatalog(c.hash).catch(() => undefined);
                  await refresh();
                  onRemoved(c.hash);
                }}
              />
            ))}
          </ul>
        )}
        <DialogClose dialog={dialog} />
      </dialog>
    </>
  );
}
