// The last line of `npm test`. CI reads the `N passed, N failed` prefix: keep it first and unchanged.
export function closingLine({ passed, failed, skipped, noCorpus }) {
  if (skipped === 0) return `${passed} passed, ${failed} failed`;
  return `${passed} passed, ${failed} failed, ${skipped} skipped${noCorpus ? ' (no corpus: run npm run corpus)' : ''}`;
}
