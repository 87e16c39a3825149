// "Would the API server accept this CRD?" where a loaded catalog is shown: a note beside the Catalog picker when
// the server would refuse it, opening the list of rejections (which rule, why, where, its estimated cost and the
// bound that would bring it under); Compare catalogs shows the same list for the new release. The check runs in
// the worker (viewModel/crdAcceptance); this only renders it.
import { useRef } from 'react';
import { useCrdAcceptance, useUserCatalogs } from '../queries/catalogQueries.ts';
import type { CrdAcceptance, CrdRejection } from '../viewModel/crdAcceptance.ts';
import { Table } from './Table.tsx';
import { DialogClose } from './DialogClose.tsx';

const n = (x: number) => x.toLocaleString('en-US');

function Cost({ r }: { readonly r: CrdRejection }) {
  if (r.cost === undefined) return <span className="muted">—</span>;
  return (
    <>
      {n(r.cost)}
      {r.cardinality !== undefined && r.cardinality !== 1 && (
        <>
          {' '}
          × {n(r.cardinality)} runs = {n(r.total ?? 0)}
        </>
      )}
      {r.underAt !== undefined && (
        <div className="muted" data-under-at={r.underAt}>
          Under the limit when it runs at most {n(r.underAt)} times per object: set maxItems / maxProperties on the
          lists and maps above it (their product), and maxLength on the strings it reads.
        </div>
      )}
    </>
  );
}

export function CrdRejectionList({ result, label }: { readonly result: CrdAcceptance; readonly label: string }) {
  return (
    <Table label={label} columns={['Where', 'Rule', 'Why', 'Estimated cost']} className="plan crd-rejections">
      <tbody>
        {result.rejections.map((r, i) => (
          <tr key={i} data-code={r.code}>
            <td>
              <code>
                {r.file}
                {r.line !== undefined ? `:${r.line}:${r.col ?? 1}` : ''}
              </code>
              {r.crd !== undefined && <div className="muted">{r.crd}</div>}
            </td>
            <td>{r.rule !== undefined ? <code>{r.rule}</code> : <code>{r.path}</code>}</td>
            <td>
              {r.message} <span className="muted">({r.code})</span>
            </td>
            <td>
              <Cost r={r} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** Beside the Catalog picker: shown only when the open catalog (a loaded one) holds a CRD the server would refuse. */
export function CrdRefusedNote({ hash }: { readonly hash: string | undefined }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const user = useUserCatalogs();
  const catalog = hash !== undefined ? user.data?.find((c) => c.hash === hash) : undefined;
  const check = useCrdAcceptance(catalog);
  const result = check.data;
  if (!result || result.refused === 0) return null;
  const rules = result.rejections.length;
  return (
    <>
      <button
        type="button"
        className="crd-refused"
        data-testid="crd-refused"
        data-refused={result.refused}
        title="Its CEL rules fail the API server's checks: open the list"
        onClick={() => dialog.current?.showModal()}
      >
        ⚠ API server would refuse this CRD ({rules})
      </button>
      <dialog ref={dialog} className="compare-dialog" aria-label="Would the API server accept this CRD?">
        <h2>Would the API server accept this CRD?</h2>
        <p>
          No: {result.refused} of {result.crds} CRD{result.crds === 1 ? '' : 's'} in this catalog would be refused on{' '}
          <code>kubectl apply</code>, for {rules} reason{rules === 1 ? '' : 's'}. The server compiles every{' '}
          <code>x-kubernetes-validations</code> rule against the schema and estimates its worst-case cost from the
          schema's bounds (maxItems, maxProperties, maxLength).
        </p>
        <CrdRejectionList result={result} label="Rejections" />
        <DialogClose dialog={dialog} />
      </dialog>
    </>
  );
}
