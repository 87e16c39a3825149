/** Read-only view of the input shown while the Monaco chunk loads. */
export function ResourcePreview({
  text,
  label = 'Resource preview',
}: {
  readonly text: string;
  readonly label?: string;
}) {
  return (
    <pre className="preview" aria-label={label} aria-busy="true" tabIndex={0}>
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
