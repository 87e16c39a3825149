// convert's output written object by object: YAML documents separated by `---`, or JSON (one object alone, several
// as a List whose items are written as they come). Byte for byte what the whole output printed at once was.
import type { Catalog, Issue } from '../../core/index.ts';
import { stringifyJsonExact, toYamlText } from '../../core/index.ts';
import type { HeldOutput } from '../streamInput.ts';

const item = (o: unknown): string => stringifyJsonExact(o, 2).replace(/\n/g, '\n    ');

export class ConvertedWriter {
  private n = 0;
  private first: unknown;
  constructor(
    private readonly out: HeldOutput,
    private readonly format: 'yaml' | 'json',
  ) {}

  add(o: unknown): void {
    const n = this.n++;
    if (this.format === 'yaml') this.out.out(`${n > 0 ? '---\n' : ''}${toYamlText(o)}`);
    // one object is written alone: the first waits for a second to know
    else if (n === 0) this.first = o;
    else {
      if (n === 1) this.out.out(`{\n  "apiVersion": "v1",\n  "kind": "List",\n  "items": [\n    ${item(this.first)}`);
      this.first = undefined;
      this.out.out(`,\n    ${item(o)}`);
    }
  }

  end(): void {
    if (this.format === 'json') {
      if (this.n === 1) this.out.out(`${stringifyJsonExact(this.first, 2)}\n`);
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
