export declare function closingLine(counts: {
  passed: number;
  failed: number;
  skipped: number;
  noCorpus: boolean;
}): string;
