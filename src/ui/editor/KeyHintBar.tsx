// The editors' keyboard hint (how to leave Monaco with Tab), one markup for both.
import { KEY_HINT_TEXT, type KeyHint } from './keyboardFocus.ts';

export function KeyHintBar({ hint, testId }: { readonly hint: KeyHint | undefined; readonly testId?: string }) {
  if (!hint) return null;
  return (
    <span className="editor-key-hint" role="status" data-testid={testId} data-hint={hint}>
      {KEY_HINT_TEXT[hint]}
    </span>
  );
}
