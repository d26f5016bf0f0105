import type { Plugin } from 'vite';

/** The file the build writes beside index.html, which the server reads (see its page-code.ts). */
export const PAGE_CODE_FILE = 'page-code.json';

/**
 * Writes which code files a page opens with, beyond what index.html loads already: `{ "<page>": ["assets/...js"] }`,
 * for each page given with the module its route loads lazily (a page ending in `/*` covers every page under it).
 * The server lists them as module preloads in the signed-in pages it sends, so the browser fetches a screen's code
 * beside the start-up code instead of once the router has started and asked for it.
 */
export function pageCode(pages: Record<string, string>): Plugin {
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
      const code = Object.fromEntries(
        Object.entries(pages).map(([page, module]) => [
          page,
          [...closure(chunkOf(module), new Set())].filter((fileName) => !loaded.has(fileName)),
        ]),
      );
      this.emitFile({ type: 'asset', fileName: PAGE_CODE_FILE, source: `${JSON.stringify(code, null, 2)}\n` });
    },
  };
}
