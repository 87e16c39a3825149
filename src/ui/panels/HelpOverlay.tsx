import { CloseButton, useModal } from './dialogs.tsx';
import { describeKeys, type Shortcut } from '../shortcuts.ts';
import { FATES } from './fates.ts';
import { PrimerLink, PURPOSE } from './Primer.tsx';

/**
 * Keyboard shortcuts and the fate colours; opened with `?` (or Alt+H inside the editor). Its content is
 * rendered only while it is open: a third of the page's elements, never shown on the first screen.
 */
export function HelpOverlay({
  open,
  onClose,
  shortcuts,
}: {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly shortcuts: readonly Shortcut[];
}) {
  const ref = useModal(open);
  return (
    <dialog ref={ref} className="help" aria-label="Keyboard shortcuts" onClose={onClose}>
      {open && <HelpBody shortcuts={shortcuts} />}
    </dialog>
  );
}

function HelpBody({ shortcuts }: { readonly shortcuts: readonly Shortcut[] }) {
  return (
    <>
      <p className="purpose" data-testid="purpose">
        {PURPOSE} <PrimerLink />
      </p>
      <h2>Keyboard shortcuts</h2>
      <table className="keys">
        <tbody>
          <tr>
            <td>
              <kbd>?</kbd>
            </td>
            <td>This help (outside the editor)</td>
          </tr>
          {shortcuts.map((s) => (
            <tr key={s.id}>
              <td>
                {describeKeys(s.keys).map((k, i) => (
                  <kbd key={i}>{k}</kbd>
                ))}
              </td>
              <td>{s.label}</td>
            </tr>
          ))}
          <tr>
            <td>
              <kbd>↑</kbd>
              <kbd>↓</kbd>
            </td>
            <td>In a pane: move through the fields (the other panes follow)</td>
          </tr>
          <tr>
            <td>
              <kbd>Ctrl</kbd>
              <kbd>M</kbd>
            </td>
            <td>
              In the editor: switch Tab between moving the focus on and indenting (reached by keyboard, Tab moves on
              until you type)
            </td>
          </tr>
          <tr>
            <td>
              <kbd>F1</kbd>
            </td>
            <td>In the editor: every command, these included</td>
          </tr>
        </tbody>
      </table>
      <h2>Colours</h2>
      <ul className="help-fates">
        {FATES.map((f) => (
          <li key={f.kind} data-fate={f.kind}>
            <span className="fate-swatch" aria-hidden="true">
              {f.glyph}
            </span>
            <strong>{f.label}</strong>: {f.meaning}
          </li>
        ))}
      </ul>
      <CloseButton />
    </>
  );
}
