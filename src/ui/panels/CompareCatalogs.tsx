// "Compare catalogs…": a button and a dialog that check one loaded catalog against another (seed 002's rules).
// The check's code loads when the dialog first opens, not with the page.
import { lazy, Suspense, useRef, useState } from 'react';
import { useUserCatalogs } from '../queries/catalogQueries.ts';
import { DialogClose } from './DialogClose.tsx';

const Body = lazy(() => import('./CompareCatalogsBody.tsx'));

export function CompareCatalogs() {
  const dialog = useRef<HTMLDialogElement>(null);
  const user = useUserCatalogs();
  const catalogs = user.data ?? [];
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        title="Check one loaded catalog against another"
        onClick={() => {
          setOpen(true);
          dialog.current?.showModal();
        }}
      >
        Compare catalogs…
      </button>
      <dialog ref={dialog} className="compare-dialog" aria-label="Compare catalogs" onClose={() => setOpen(false)}>
        <h2>Compare catalogs</h2>
        {catalogs.length < 2 ? (
          <p className="empty">Load two releases of the same CRDs (Open files…) to compare them.</p>
        ) : (
          open && (
            <Suspense fallback={<p className="muted">Loading…</p>}>
              <Body catalogs={catalogs} />
            </Suspense>
          )
        )}
        <DialogClose dialog={dialog} />
      </dialog>
    </>
  );
}
