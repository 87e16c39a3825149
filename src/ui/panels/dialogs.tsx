// What the modal dialogs share: one kept open exactly while a flag says so, and the Close button.
import { useEffect, useRef } from 'react';

/** A ref for a `<dialog>` shown modally while `open` and closed otherwise. */
export function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return ref;
}

/** The dialog's Close button (focused first, so Enter or Escape closes it at once). */
export function CloseButton() {
  return (
    <form method="dialog">
      <button type="submit" className="primary" autoFocus>
        Close
      </button>
    </form>
  );
}
