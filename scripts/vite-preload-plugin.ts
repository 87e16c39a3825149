// What the first render needs, requested by index.html itself rather than by scripts that must load first:
// - the app's chunk: main.tsx imports it once the conversion worker has started (src/ui/platform/startEarly.ts);
//   a modulepreload of it and of the chunks it imports (and a style preload for its CSS) starts their download
//   with the page;
// - the catalog index and the first built-in catalog (what a first visit opens): preloaded as fetches, which
//   the early fetches in src/ui/platform/prefetch.ts then take over (same URL, mode and credentials).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { HtmlTagDescriptor, Plugin } from 'vite';

export function preloadAppPlugin(entry = 'src/ui/boot.tsx'): Plugin {
  let publicDir = '';
  return {
    name: 've-preload-app',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const tags: HtmlTagDescriptor[] = [];
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.facadeModuleId?.replaceAll('\\', '/').endsWith(entry),
        );
        if (chunk && chunk.type === 'chunk') {
          // The chunk and the chunks it imports statically (else they are requested only when it is).
          for (const file of [chunk.fileName, ...chunk.imports.filter((f) => !html.includes(f))])
            tags.push({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` },
              injectTo: 'head',
            });
          for (const f of chunk.viteMetadata?.importedCss ?? [])
            tags.push({
              tag: 'link',
              attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `./${f}` },
              injectTo: 'head',
            });
        }
        for (const href of firstCatalogFiles(publicDir))
          tags.push({
            tag: 'link',
            attrs: { rel: 'preload', as: 'fetch', crossorigin: 'anonymous', href: `./${href}` },
            injectTo: 'head',
          });
        return tags;
      },
    },
  };
}

/**
 * catalogs/index.json and its first catalog's file (as written by scripts/gen-catalogs.mjs), and the first
 * visit's answer (scripts/gen-first-answer.ts), when present.
 */
function firstCatalogFiles(publicDir: string): string[] {
  const index = path.join(publicDir, 'catalogs', 'index.json');
  if (!existsSync(index)) return [];
  const first = (JSON.parse(readFileSync(index, 'utf8')) as { catalogs?: { file?: unknown }[] }).catalogs?.[0]?.file;
  return [
    'catalogs/index.json',
    ...(typeof first === 'string' && /^[\w.-]+\.json$/.test(first) ? [`catalogs/${first}`] : []),
    ...(existsSync(path.join(publicDir, 'catalogs', 'first-answer.json')) ? ['catalogs/first-answer.json'] : []),
  ];
}
