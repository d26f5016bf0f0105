import type { Plugin } from 'vite';

/** The file the build writes beside index.html, which the server reads (see its page-code.ts). */
export const PAGE_CODE_FILE = 'page-code.json';

/** A page's route: the module it loads lazily and the translation namespaces its screen uses. */
export type PageRoute = { module: string; namespaces: string[] };

const LOCALE_MODULE = /src\/locales\/(\w+)\/([\w-]+)\.json$/;

/**
 * Writes which code files a page opens with, beyond what index.html loads already, and its texts per language:
 * `{ "<page>": { "code": ["assets/...js"], "texts": { "<language>": ["assets/...js"] } } }`, for each page given
 * (a page ending in `/*` covers every page under it; `cookie-banner` is the banner a browser without a cookie
 * choice shows). The server lists them as module preloads in the signed-in
 * pages it sends, so the browser fetches a screen's code and texts beside the start-up code instead of once the
 * router has started and asked for them.
 */
export function pageCode(pages: Record<string, PageRoute>): Plugin {
  return {
    name: 'page-code',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
        return into;
      };
      const chunkOf = (module: string) => {
        const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(module)));
        if (!chunk) throw new Error(`page-code: no chunk for ${module}`);
        return chunk.fileName;
      };
      // index.html loads the entry and preloads the start-up code (see preload-app-code.ts).
      const loaded = new Set<string>();
      for (const chunk of chunks) if (chunk.isEntry) closure(chunk.fileName, loaded);
      closure(chunkOf('src/app/boot.tsx'), loaded);
      // Each translation file is a chunk of its own: language -> namespace -> file.
      const locales = new Map<string, Map<string, string>>();
      for (const chunk of chunks) {
        for (const id of chunk.moduleIds) {
          const [, language = '', namespace = ''] = LOCALE_MODULE.exec(id) ?? [];
          if (!language) continue;
          if (!locales.has(language)) locales.set(language, new Map());
          locales.get(language)?.set(namespace, chunk.fileName);
        }
      }
      const textsOf = (namespaces: string[]) =>
        Object.fromEntries(
          [...locales].map(([language, files]) => [
            language,
            namespaces.map((namespace) => {
              const file = files.get(namespace);
              if (!file) throw new Error(`page-code: no ${language} texts for ${namespace}`);
              return file;
            }),
          ]),
        );
      const code = Object.fromEntries(
        Object.entries(pages).map(([page, { module, namespaces }]) => [
          page,
          {
            code: [...closure(chunkOf(module), new Set())].filter((fileName) => !loaded.has(fileName)),
            texts: textsOf(namespaces),
          },
        ]),
      );
      this.emitFile({ type: 'asset', fileName: PAGE_CODE_FILE, source: `${JSON.stringify(code, null, 2)}\n` });
    },
  };
}
