// The editors' keyboard hint (how to leave Monaco with Tab), one markup for both. Rendered by the panes around
// the editors, so it must not import Monaco (that would pull the editor into the first screen's code).

export type KeyHint = 'leave' | 'indent';

const KEY_HINT_TEXT: Record<KeyHint, string> = {
  leave: 'Tab moves focus on · type to edit',
  indent: 'Tab indents · Ctrl+M, then Tab, leaves the editor',
};

export function KeyHintBar({ hint, testId }: { readonly hint: KeyHint | undefined; readonly testId?: string }) {
  if (!hint) return null;
  return (
    <span className="editor-key-hint" role="status" data-testid={testId} data-hint={hint}>
      {KEY_HINT_TEXT[hint]}
    </span>
  );
}
