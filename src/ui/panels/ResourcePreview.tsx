/** Read-only view of the input shown while the Monaco chunk loads. */
export function ResourcePreview({ text }: { readonly text: string }) {
  return (
    <pre className="preview" aria-label="Resource preview" aria-busy="true">
      {text}
    </pre>
  );
}
