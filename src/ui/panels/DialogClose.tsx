// The row of actions at the foot of a dialog that only informs: one Close button.
import type { RefObject } from 'react';

export function DialogClose({ dialog }: { readonly dialog: RefObject<HTMLDialogElement | null> }) {
  return (
    <div className="dialog-actions">
      <button type="button" onClick={() => dialog.current?.close()}>
        Close
      </button>
    </div>
  );
}
