import { useState } from 'react';

/**
 * Read-only view of the input shown while the Monaco chunk loads. A key typed into it is not lost silently:
 * a note says the editor is still loading (issue 25).
 */
export function ResourcePreview({
  text,
  label = 'Resource preview',
}: {
  readonly text: string;
  readonly label?: string;
}) {
  const [typed, setTyped] = useState(false);
  return (
    <pre
      className="preview"
      // A named region (a plain <pre> may not carry a name: axe aria-prohibited-attr).
      role="region"
      aria-label={label}
      aria-busy="true"
      tabIndex={0}
      onKeyDown={(e) => {
        // A character or an edit key: the user means to type.
        if (!e.ctrlKey && !e.metaKey && !e.altKey && (e.key.length === 1 || e.key === 'Backspace' || e.key === 'Enter'))
          setTyped(true);
      }}
    >
      {typed && (
        <span className="preview-note" role="status" data-testid="preview-typed">
          The editor is still loading: type again in a moment (this preview cannot be edited).
        </span>
      )}
      {text}
    </pre>
  );
}

/** The input in a plain text box, when the editor's code could not load (offline on a first visit). */
export function PlainEditor({
  text,
  onChange,
  problem,
  label = 'Resource YAML',
}: {
  readonly text: string;
  readonly onChange: (text: string) => void;
  readonly problem: string;
  readonly label?: string;
}) {
  return (
    <div className="plain-editor">
      <p className="stale-note" role="status" data-testid="plain-editor">
        The editor could not load ({problem}); edit here instead, or reload to try again.
      </p>
      <textarea aria-label={label} value={text} spellCheck={false} onChange={(e) => onChange(e.currentTarget.value)} />
    </div>
  );
}
