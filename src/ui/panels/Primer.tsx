// The statement of purpose and a short primer of the words the explorer uses, opened from the help and the
// empty states.
import { useRef } from 'react';
import { CloseButton } from './dialogs.tsx';
import '../share/share.css';

export const PURPOSE =
  'Version Explorer shows what a Kubernetes API with several versions does to your resource: what is stored, what is kept aside, and what a client at another version loses.';

export function PrimerLink({ label = 'What is this? Read the primer' }: { readonly label?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button type="button" className="link-button" onClick={() => ref.current?.showModal()}>
        {label}
      </button>
      <dialog ref={ref} className="help primer" aria-label="Primer" data-testid="primer">
        <h2>Primer</h2>
        <p>{PURPOSE}</p>
        <dl>
          <dt>Hub</dt>
          <dd>
            The one version every object is stored at. Every other version converts to the hub on write and from it on
            read.
          </dd>
          <dt>Spoke</dt>
          <dd>Any other version: what a client reads and writes. A spoke never converts to another spoke directly.</dd>
          <dt>Property bag</dt>
          <dd>
            In Azure Service Operator’s design, the hub’s <code>$propertyBag</code> keeps the fields the hub has no
            place for, so a spoke → hub → spoke round trip gives them back.
          </dd>
          <dt>
            <code>originalVersion</code>
          </dt>
          <dd>The hub remembers the version the object was written at.</dd>
          <dt>The two views</dt>
          <dd>
            <strong>As deployed</strong>: what the API server does with this CRD as it is (its own storage version, its
            conversion strategy, pruning, defaults). <strong>ASO design</strong>: the hub, property bag and{' '}
            <code>originalVersion</code> that Azure Service Operator generates. A pane always says which story it tells.
          </dd>
          <dt>Pruned or lost</dt>
          <dd>
            <strong>Pruned</strong>: the field is not in the source version’s schema, so the API server drops it when
            the object is written; it was never stored. <strong>Lost</strong>: the field was stored, but the target
            version has no place for it: a client at that version does not see it, and writing the object back destroys
            it.
          </dd>
        </dl>
        <CloseButton />
      </dialog>
    </>
  );
}
