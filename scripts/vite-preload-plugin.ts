// The app's code is a chunk that main.tsx imports once the conversion worker has started
// (src/ui/platform/startEarly.ts). Its download starts with the page: a modulepreload (and a style preload
// for its CSS) in index.html, so waiting for the worker costs no round trip.
import type { Plugin } from 'vite';

export function preloadAppPlugin(entry = 'src/ui/boot.tsx'): Plugin {
  return {
    name: 've-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.facadeModuleId?.replaceAll('\\', '/').endsWith(entry),
        );
        if (!chunk || chunk.type !== 'chunk') return [];
        const css = [...(chunk.viteMetadata?.importedCss ?? [])];
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `./${chunk.fileName}` },
            injectTo: 'head',
          },
          ...css.map((f) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `./${f}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}
