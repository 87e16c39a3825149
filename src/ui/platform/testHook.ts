// Test and benchmark hook on window: Playwright cannot type into Monaco reliably, so e2e tests set the
// input here and wait for `rendered` to know the panes show a result.
import { useEffect } from 'react';
import { urlWriteDue } from '../share/useUrlState.ts';

declare global {
  interface Window {
    /** Test and benchmark hook: Playwright cannot type into Monaco reliably, so e2e tests set the input here. */
    __versionExplorer?: {
      setResource(text: string): void;
      /** Sets the conversion rules text (as a template or a draft does: through the state). */
      setRules?(text: string): void;
      /** True while a write of the state to the address bar is scheduled or encoding. */
      urlWriteDue?(): boolean;
      /** True once monaco-yaml has validated the resource editor's current text (or does not validate it). */
      yamlSettled?(): boolean;
      /** Set after the panes have rendered a result: the length of the input it was computed from. */
      rendered?: {
        readonly inputLength: number;
        readonly at: number;
        readonly millis: number;
        /** False while the source ranges (markers, cursor sync) of a large input are still to come. */
        readonly complete: boolean;
        /** The catalog the result was computed with (`builtin:<id>:<hash>`, `url:…`, `embedded:…`). */
        readonly catalog?: string;
      };
    };
  }
}

/** The result the panes show, as far as the hook reports it. */
export interface RenderedResult {
  readonly millis: number;
  readonly rangesPending?: boolean;
}

export function useTestHook(
  setResource: (text: string) => void,
  result: RenderedResult | undefined,
  resultInput: string | undefined,
  resultCatalog?: string,
): void {
  useEffect(() => {
    window.__versionExplorer = { ...window.__versionExplorer, setResource, urlWriteDue };
  }, [setResource]);
  useEffect(() => {
    if (!result || resultInput === undefined) return;
    const inputLength = resultInput.length;
    const millis = result.millis;
    const complete = !result.rangesPending;
    const catalog = resultCatalog;
    // After the browser has painted the panes.
    requestAnimationFrame(() => {
      window.__versionExplorer = {
        ...window.__versionExplorer,
        setResource,
        rendered: { inputLength, at: performance.now(), millis, complete, ...(catalog ? { catalog } : {}) },
      };
    });
  }, [result, resultInput, resultCatalog, setResource]);
}

/** Adds probes to the hook (a lazily loaded part, e.g. the editor, exposes its own). */
export function exposeToTests(probes: Pick<NonNullable<Window['__versionExplorer']>, 'yamlSettled'>): void {
  window.__versionExplorer = { ...window.__versionExplorer, ...probes } as NonNullable<Window['__versionExplorer']>;
}

/** `setRules` on the hook: e2e tests set the rules text through the state, as the template button does. */
export function useRulesTestHook(setRules: (text: string) => void): void {
  useEffect(() => {
    window.__versionExplorer = { ...window.__versionExplorer, setRules } as NonNullable<Window['__versionExplorer']>;
  }, [setRules]);
}
