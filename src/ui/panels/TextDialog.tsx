// The "paste something, then Load" dialog (Paste CRD…, From URL…): a text area, Cancel and Load; the caller
// keeps the text (to show hints under it) and says what loading it does.
import type { ReactNode, RefObject } from 'react';

export function TextDialog({
  dialog,
  label,
  intro,
  textLabel,
  text,
  onText,
  rows,
  canLoad,
  onLoad,
  actions,
  children,
}: {
  readonly dialog: RefObject<HTMLDialogElement | null>;
  /** The dialog's name and heading. */
  readonly label: string;
  readonly intro: ReactNode;
  readonly textLabel: string;
  readonly text: string;
  readonly onText: (text: string) => void;
  readonly rows: number;
  readonly canLoad: boolean;
  /** Called once the dialog has closed. */
  readonly onLoad: () => Promise<void>;
  /** Buttons before Cancel. */
  readonly actions?: ReactNode;
  /** Shown under the text area. */
  readonly children?: ReactNode;
}) {
  return (
    <dialog ref={dialog} className="paste-dialog" aria-label={label}>
      <form
        method="dialog"
        onSubmit={async (e) => {
          e.preventDefault();
          dialog.current?.close();
          await onLoad();
        }}
      >
        <h2>{label}</h2>
        <p className="muted">{intro}</p>
        <textarea
          aria-label={textLabel}
          value={text}
          onChange={(e) => onText(e.target.value)}
          rows={rows}
          spellCheck={false}
        />
        {children}
        <div className="dialog-actions">
          {actions}
          <button type="button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={!canLoad}>
            Load
          </button>
        </div>
      </form>
    </dialog>
  );
}
