// Monaco's F8 peek sizes itself by the message's lines and does not wrap them, so a long message was cut at the
// pane's width. Markers carry their message wrapped at the editor's width instead.

/** TEXT with each line broken at spaces so no line is longer than COLUMNS (a longer word stays whole). */
export function wrapMessage(text: string, columns: number): string {
  const width = Math.max(20, Math.floor(columns));
  return text
    .split('\n')
    .map((line) => {
      const out: string[] = [];
      const [first = '', ...rest] = line.split(' ');
      let cur = first;
      for (const word of rest) {
        // a break replaces exactly one space, so nothing is lost
        if (cur.length + 1 + word.length > width && cur !== '') {
          out.push(cur);
          cur = word;
        } else cur = `${cur} ${word}`;
      }
      out.push(cur);
      return out.join('\n');
    })
    .join('\n');
}
