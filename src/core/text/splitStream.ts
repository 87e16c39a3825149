// Resource text arriving in chunks, cut into pieces that parse alone: the documents of a multi-document YAML
// stream and the items of a List (YAML as `kubectl get -o yaml` prints it, or JSON), so a whole cluster's objects
// are read one at a time and memory stays bounded by the largest object. A piece says where it starts in the
// whole text, so file:line:col stays right. Cutting follows the lines (YAML: document markers at column 0 and the
// List's `items:` entries at one indentation) or the brackets (JSON); each piece is then parsed as a whole.

export interface TextPiece {
  readonly text: string;
  /** 1-based line and column of the piece's first character in the whole text, and its offset. */
  readonly line: number;
  readonly col: number;
  readonly offset: number;
  /** A YAML List item: the columns removed from the start of each of its lines (its `- ` and indentation). */
  readonly indent: number;
  /** A List item: its index in `items`. */
  readonly item?: number;
  /** A List's own document without its items (`items: []`), to check that it is a List. */
  readonly wrapper?: boolean;
}

export interface PieceSplitter {
  push(chunk: string): TextPiece[];
  end(): TextPiece[];
}

/** JSON when the text starts with `{` (as readResources decides), else YAML. */
export function pieceSplitter(): PieceSplitter {
  let inner: PieceSplitter | undefined;
  let head = '';
  const pick = (): PieceSplitter | undefined => {
    const first = /\S/.exec(head)?.[0];
    if (first === undefined) return undefined;
    return first === '{' ? new JsonSplitter() : new YamlSplitter();
  };
  return {
    push(chunk) {
      if (inner) return inner.push(chunk);
      head += chunk;
      inner = pick();
      if (!inner) return [];
      const text = head;
      head = '';
      return inner.push(text);
    },
    end() {
      if (!inner) return head.length > 0 ? [{ text: head, line: 1, col: 1, offset: 0, indent: 0 }] : [];
      return inner.end();
    },
  };
}

const MARKER = /^(---|\.\.\.)(\s|$)/;
const ITEMS = /^items:[ \t]*(#.*)?\r?$/;
const ENTRY = /^( *)-( |\r?$)/;
const isContent = (body: string): boolean => {
  const t = body.trimStart();
  return t.length > 0 && t[0] !== '#' && t[0] !== '%';
};
const leading = (s: string): number => {
  let i = 0;
  while (s.charCodeAt(i) === 32) i++;
  return i;
};

/** Lines kept with their newline; `at` is where the next line starts. */
class YamlSplitter implements PieceSplitter {
  private partial = '';
  private lineNo = 1;
  private offset = 0;
  private out: TextPiece[] = [];
  private doc: string[] = [];
  private docAt = { line: 1, offset: 0 };
  private content = false;
  private mode: 'doc' | 'items-start' | 'items' = 'doc';
  private held: string[] = [];
  private k = 0;
  private item: string[] = [];
  private itemAt = { line: 0, offset: 0 };
  private index = 0;
  private streamed = false;

  push(chunk: string): TextPiece[] {
    const text = this.partial + chunk;
    let start = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
      this.line(text.slice(start, nl + 1));
      start = nl + 1;
    }
    this.partial = text.slice(start);
    return this.take();
  }

  end(): TextPiece[] {
    if (this.partial.length > 0) this.line(this.partial);
    this.partial = '';
    this.endDoc();
    return this.take();
  }

  private take(): TextPiece[] {
    const out = this.out;
    this.out = [];
    return out;
  }

  private line(l: string): void {
    const body = l.endsWith('\n') ? l.slice(0, -1) : l;
    const c0 = body.charCodeAt(0);
    // (a marker starts with `-` or `.`: most lines are not tested)
    if ((c0 === 45 || c0 === 46) && MARKER.test(body)) {
      if (this.content || this.mode !== 'doc') this.endDoc();
      if (body.startsWith('...')) {
        this.advance(l);
        this.docAt = { line: this.lineNo, offset: this.offset };
        return;
      }
    }
    if (this.mode === 'items') this.itemLine(l, body);
    else if (this.mode === 'items-start') this.itemsStart(l, body);
    else this.docLine(l, body);
    this.advance(l);
  }

  private advance(l: string): void {
    this.lineNo++;
    this.offset += l.length;
  }

  private docLine(l: string, body: string): void {
    // a bare `---` opening the document stays out of it (the fast path reads a document without markers)
    if (this.doc.length === 0 && /^---\s*(#.*)?$/.test(body)) {
      this.docAt = { line: this.lineNo + 1, offset: this.offset + l.length };
      return;
    }
    if (!this.streamed && ITEMS.test(body)) {
      this.mode = 'items-start';
      this.held = [l];
      return;
    }
    this.doc.push(l);
    if (isContent(body) && !MARKER.test(body)) this.content = true;
    else if (/^---\s+\S/.test(body) && !/^---\s+#/.test(body)) this.content = true;
  }

  private itemsStart(l: string, body: string): void {
    if (!isContent(body)) {
      this.held.push(l);
      return;
    }
    const m = ENTRY.exec(body);
    if (!m) {
      // `items:` of something else (a map): not a List to stream
      this.mode = 'doc';
      this.doc.push(...this.held);
      this.held = [];
      this.docLine(l, body);
      return;
    }
    this.mode = 'items';
    this.streamed = true;
    this.content = true;
    this.k = (m[1] as string).length;
    this.doc.push(`items: []${this.held[0]?.endsWith('\r\n') ? '\r\n' : '\n'}`);
    this.held = [];
    this.startItem(l);
  }

  private itemLine(l: string, body: string): void {
    const indent = leading(body);
    // the first character after the spaces: a visible one other than `#` is neither a blank line nor a comment
    const c = body.charCodeAt(indent);
    const plain = c > 32 && c < 127 && c !== 35;
    if ((!plain && (body.trim().length === 0 || body.trimStart().startsWith('#'))) || indent > this.k) {
      this.item.push(l);
      return;
    }
    if (indent === this.k && ENTRY.test(body)) {
      this.flushItem();
      this.startItem(l);
      return;
    }
    this.flushItem();
    this.mode = 'doc';
    this.docLine(l, body);
  }

  private startItem(l: string): void {
    this.item = [l];
    this.itemAt = { line: this.lineNo, offset: this.offset };
  }

  private flushItem(): void {
    if (this.item.length === 0) return;
    const cut = this.k + 2;
    // The entry's `- ` and every line's indentation up to the item's own column go: the item reads as a
    // document at column 1, and its positions get `cut` columns back.
    const text = this.item
      .map((l, i) =>
        i === 0 ? l.slice(Math.min(cut, l.length - (l.endsWith('\n') ? 1 : 0))) : l.slice(Math.min(cut, leading(l))),
      )
      .join('');
    this.out.push({
      text,
      line: this.itemAt.line,
      col: 1,
      offset: this.itemAt.offset,
      indent: cut,
      item: this.index++,
    });
    this.item = [];
  }

  private endDoc(): void {
    if (this.mode === 'items') this.flushItem();
    if (this.mode === 'items-start') this.doc.push(...this.held);
    if (this.streamed || this.content) {
      const text = this.doc.join('');
      this.out.push({
        text,
        line: this.docAt.line,
        col: 1,
        offset: this.docAt.offset,
        indent: 0,
        ...(this.streamed ? { wrapper: true } : {}),
      });
    }
    this.doc = [];
    this.held = [];
    this.mode = 'doc';
    this.content = false;
    this.streamed = false;
    this.index = 0;
    this.docAt = { line: this.lineNo, offset: this.offset };
  }
}

/** Brackets counted outside strings; the root object's `items` array is cut into its elements. */
class JsonSplitter implements PieceSplitter {
  private buf = '';
  /** Offset of buf[0] in the whole text; the scan resumes at `i` (an index in buf). */
  private base = 0;
  private i = 0;
  private line = 1;
  private lineStart = 0;
  private depth = 0;
  private out: TextPiece[] = [];
  /** Where the current root value starts (index in buf) and its line and column; -1 between values. */
  private root = -1;
  private rootAt = { line: 1, col: 1, offset: 0 };
  private lastString = '';
  private key = '';
  private inItems = false;
  private streamed = false;
  private wrapper = '';
  /** Start of the text still to go into the wrapper (index in buf). */
  private seg = -1;
  private itemStart = -1;
  private itemAt = { line: 1, col: 1, offset: 0 };
  private index = 0;

  push(chunk: string): TextPiece[] {
    this.buf += chunk;
    this.scan();
    this.compact();
    return this.take();
  }

  end(): TextPiece[] {
    this.scan();
    const rest = this.root >= 0 ? this.buf.slice(this.root) : this.buf.slice(this.i);
    if (this.streamed) {
      this.wrapper += this.buf.slice(this.seg < 0 ? this.i : this.seg);
      this.out.push({ text: this.wrapper, ...this.rootAt, indent: 0, wrapper: true });
    } else if (rest.trim().length > 0)
      this.out.push({ text: rest, ...this.posAt(this.root >= 0 ? this.root : this.i), indent: 0 });
    this.buf = '';
    return this.take();
  }

  private take(): TextPiece[] {
    const out = this.out;
    this.out = [];
    return out;
  }

  private posAt(i: number): { line: number; col: number; offset: number } {
    const offset = this.base + i;
    return { line: this.line, col: offset - this.lineStart + 1, offset };
  }

  /** Drops what no piece needs any more. */
  private compact(): void {
    // a streamed List's wrapper is kept aside, so its start is no longer needed
    const marks = [this.i, this.streamed ? -1 : this.root, this.seg, this.itemStart];
    const keep = Math.min(...marks.filter((x) => x >= 0));
    if (keep <= 0) return;
    this.buf = this.buf.slice(keep);
    this.base += keep;
    this.i -= keep;
    if (this.root >= 0) this.root -= keep;
    if (this.seg >= 0) this.seg -= keep;
    if (this.itemStart >= 0) this.itemStart -= keep;
  }

  private scan(): void {
    const b = this.buf;
    for (; this.i < b.length; this.i++) {
      const c = b.charCodeAt(this.i);
      if (c === 10) {
        this.line++;
        this.lineStart = this.base + this.i + 1;
        continue;
      }
      if (c === 32 || c === 9 || c === 13) continue;
      if (this.root < 0) {
        this.root = this.i;
        this.rootAt = this.posAt(this.i);
      }
      if (this.inItems && this.depth === 2 && this.itemStart < 0 && c !== 44 && c !== 93) {
        this.itemStart = this.i;
        this.itemAt = this.posAt(this.i);
      }
      if (c === 34) {
        const close = this.stringEnd(b, this.i);
        if (close < 0) return; // the rest of the string is in the next chunk
        if (this.depth === 1 && close - this.i < 64) this.lastString = b.slice(this.i + 1, close);
        this.i = close;
        continue;
      }
      if (c === 58 && this.depth === 1) this.key = this.lastString;
      else if (c === 123 || c === 91) this.open(c);
      else if (c === 125 || c === 93) this.close(c);
      else if (c === 44 && this.inItems && this.depth === 2) this.flushItem(this.i);
    }
  }

  private stringEnd(b: string, from: number): number {
    for (let j = b.indexOf('"', from + 1); j >= 0; j = b.indexOf('"', j + 1)) {
      let n = 0;
      while (b.charCodeAt(j - 1 - n) === 92) n++;
      if (n % 2 === 0) return j;
    }
    return -1;
  }

  private open(c: number): void {
    this.depth++;
    if (
      c === 91 &&
      this.depth === 2 &&
      this.key === 'items' &&
      !this.streamed &&
      this.buf.charCodeAt(this.root) === 123
    ) {
      this.inItems = true;
      this.streamed = true;
      this.index = 0;
      this.wrapper = this.buf.slice(this.root, this.i + 1);
    }
  }

  private close(c: number): void {
    if (this.inItems && this.depth === 3 && this.itemStart >= 0 && c !== 93) {
      this.depth--;
      this.flushItem(this.i + 1);
      return;
    }
    if (this.inItems && this.depth === 2 && c === 93) {
      this.flushItem(this.i);
      this.inItems = false;
      this.seg = this.i;
    }
    this.depth--;
    if (this.depth === 0) this.endRoot();
  }

  private flushItem(end: number): void {
    if (this.itemStart < 0) return;
    const text = this.buf.slice(this.itemStart, end).trimEnd();
    if (text.length > 0) this.out.push({ text, ...this.itemAt, indent: 0, item: this.index++ });
    this.itemStart = -1;
  }

  private endRoot(): void {
    if (this.streamed) {
      this.wrapper += this.buf.slice(this.seg, this.i + 1);
      this.out.push({ text: this.wrapper, ...this.rootAt, indent: 0, wrapper: true });
    } else this.out.push({ text: this.buf.slice(this.root, this.i + 1), ...this.rootAt, indent: 0 });
    this.root = -1;
    this.seg = -1;
    this.streamed = false;
    this.wrapper = '';
    this.key = '';
  }
}
