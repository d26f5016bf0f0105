import type { Plugin } from 'vite';

/** Marks the links this plugin adds, so the prerendered pages can leave them out (scripts/prerender.mjs). */
export const APP_CODE_PRELOAD_ATTRIBUTE = 'data-app-code';

/**
 * Lists the app's start-up code (`module`, which the entry loads with a dynamic import, and what it imports, unless
 * the page loads it already) as module preloads in index.html, so the browser fetches it beside the entry instead
 * of after running it: one round trip less before a client-rendered screen (the dashboard) can start. Prerendered
 * pages start that code only after their first paint (main.tsx) and drop these links.
 */
export function preloadAppCode(module: string): Plugin {
  return {
    name: 'preload-app-code',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const start = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(module)));
        if (!start) throw new Error(`preload-app-code: no chunk for ${module}`);
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName) || html.includes(`/${fileName}"`)) return;
          files.add(fileName);
          for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) visit(imported);
        };
        visit(start.fileName);
        return [...files].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}`, [APP_CODE_PRELOAD_ATTRIBUTE]: true },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
