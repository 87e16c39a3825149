import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloaded } from './preloaded.tsx';

interface Mod {
  readonly Hello: ComponentType<{ readonly name: string }>;
}

/** A module whose download the test finishes (or fails) by hand, counting the downloads. */
function controlled() {
  let finish: (m: Mod) => void = () => undefined;
  let fail: (e: Error) => void = () => undefined;
  let downloads = 0;
  const importer = () => {
    downloads++;
    return new Promise<Mod>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  const mod: Mod = { Hello: ({ name }) => createElement('b', null, `hello ${name}`) };
  return { importer, finish: () => finish(mod), fail: (e: Error) => fail(e), downloads: () => downloads };
}

describe('preloaded', () => {
  it('shows the fallback before the module arrives and the component, with its props, at once after', async () => {
    const c = controlled();
    const p = preloaded(c.importer);
    const Hello = p.component((m) => m.Hello, createElement('i', null, 'loading'));
    expect(renderToString(createElement(Hello, { name: 'a' }))).toContain('loading');
    const loaded = p.load();
    c.finish();
    await loaded;
    const html = renderToString(createElement(Hello, { name: 'b' }));
    expect(html).toContain('hello b');
    expect(html).not.toContain('loading');
    expect(html).not.toContain('<!--$'); // no Suspense boundary once the module is here
  });

  it('downloads once, however often it is asked', async () => {
    const c = controlled();
    const p = preloaded(c.importer);
    const a = p.load();
    const b = p.load();
    expect(p.current()).toBeUndefined();
    c.finish();
    expect(await a).toBe(await b);
    expect(p.current()).toBe(await a);
    await p.load();
    expect(c.downloads()).toBe(1);
  });

  it('tries again after a failed download', async () => {
    const c = controlled();
    const p = preloaded(c.importer);
    const first = p.load();
    c.fail(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    expect(p.current()).toBeUndefined();
    const second = p.load();
    c.finish();
    await second;
    expect(c.downloads()).toBe(2);
    expect(p.current()).toBeDefined();
  });
});
