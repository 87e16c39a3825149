import type { B } from './b.ts';
export interface A {
  b?: B;
}
