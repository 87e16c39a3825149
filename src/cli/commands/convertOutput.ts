// convert's output written object by object: YAML documents separated by `---`, or JSON (one object alone, several
// as a List whose items are written as they come). Byte for byte what the whole output printed at once was.
import type { Catalog, CheckVerdict, Issue, Verdict } from '../../core/index.ts';
import { stringifyJsonExact, toYamlText } from '../../core/index.ts';
import type { CommandIO } from '../io.ts';
import type { HeldOutput } from '../streamInput.ts';
import { VerdictTally } from '../verdictSummary.ts';

/** One document as the output writes it (JSON: alone; as a List's item it is indented): the work a worker may do. */
export const convertedText = (o: unknown, format: 'yaml' | 'json'): string =>
  format === 'yaml' ? toYamlText(o) : stringifyJsonExact(o, 2);

const item = (text: string): string => text.replace(/\n/g, '\n    ');

export class ConvertedWriter {
  private n = 0;
  private first = '';
  constructor(
    private readonly out: HeldOutput,
    private readonly format: 'yaml' | 'json',
  ) {}

  add(o: unknown): void {
    this.addText(convertedText(o, this.format));
  }

  /** A document's convertedText. */
  addText(text: string): void {
    const n = this.n++;
    if (this.format === 'yaml') this.out.out(`${n > 0 ? '---\n' : ''}${text}`);
    // one object is written alone: the first waits for a second to know
    else if (n === 0) this.first = text;
    else {
      if (n === 1) this.out.out(`{\n  "apiVersion": "v1",\n  "kind": "List",\n  "items": [\n    ${item(this.first)}`);
      this.first = '';
      this.out.out(`,\n    ${item(text)}`);
    }
  }

  end(): void {
    if (this.format === 'json') {
      if (this.n === 1) this.out.out(`${this.first}\n`);
      else if (this.n > 1) this.out.out('\n  ]\n}\n');
    }
    this.out.flush();
  }
}

/** NOTHING_CONVERTED: no document is of a catalog kind. */
export const nothingConverted = (catalog: Catalog, file: string): Issue => ({
  severity: 'error',
  code: 'NOTHING_CONVERTED',
  message: `no document is of a kind in the catalog (it has: ${catalog.kinds.map((k) => `${k.group}/${k.kind}`).join(', ')})`,
  path: [],
  file,
});

/** One document converted: what the run writes and counts for it (plain data: it may come from a worker). */
export interface Converted {
  /** A note said once per kind (before its first document's lines). */
  readonly note?: { readonly key: string; readonly line: string };
  /** Its issues and notes, a line each (stderr). */
  readonly lines: string;
  /** Bad input: no apiVersion or kind, a version its kind lacks, a conversion that gave nothing. */
  readonly bad?: boolean;
  /** What the output writes for it (convertedText): converted, or passed through. */
  readonly text?: string;
  readonly verdict?: Verdict;
  /** --versioned-spec: the spec's verdict from its conversion's issues. */
  readonly specVerdict?: CheckVerdict;
  /** Converted (not passed through). */
  readonly converted?: boolean;
}

/** What the documents converted so far add up to; `apply` takes each in input order. */
export class ConvertedRun {
  readonly tally = new VerdictTally();
  readonly specVerdicts: CheckVerdict[] = [];
  private readonly noted = new Set<string>();
  bad = false;
  converted = 0;
  constructor(private readonly written: ConvertedWriter) {}

  readonly apply = (c: Converted, io: CommandIO): void => {
    this.tally.read++;
    if (c.note && !this.noted.has(c.note.key)) {
      this.noted.add(c.note.key);
      io.err(c.note.line);
    }
    if (c.lines.length > 0) io.err(c.lines);
    if (c.bad) this.bad = true;
    if (c.specVerdict) this.specVerdicts.push(c.specVerdict);
    if (c.verdict) this.tally.add(c.verdict);
    if (c.text !== undefined) this.written.addText(c.text);
    if (c.converted) this.converted++;
  };
}

/** Lines gathered instead of written (a judge's stderr). */
export function gathered(): { readonly io: Pick<CommandIO, 'err'>; text(): string } {
  const lines: string[] = [];
  return { io: { err: (t) => void lines.push(t) }, text: () => lines.join('') };
}
