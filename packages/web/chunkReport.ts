import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';

export interface ChunkInfo {
  isEntry: boolean;
  /** Source file of a lazily imported chunk (relative to the package), if any. */
  facade: string | null;
  imports: string[];
  dynamicImports: string[];
  modules: string[];
  /** Stylesheets the chunk loads with it. */
  css: string[];
}

/** Writes dist/.vite/chunks.json: which modules each chunk holds (read by scripts/check-chunks.mjs). */
export function chunkReport(): Plugin {
  let outDir = 'dist';
  return {
    name: 'qshop-chunk-report',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const report: Record<string, ChunkInfo> = {};
      const local = (id: string) => relative(import.meta.dirname, id).split('\\').join('/');
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        report[fileName] = {
          isEntry: output.isEntry,
          facade: output.facadeModuleId ? local(output.facadeModuleId) : null,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          modules: Object.keys(output.modules).map(local),
          css: [...(output.viteMetadata?.importedCss ?? [])],
        };
      }
      mkdirSync(join(outDir, '.vite'), { recursive: true });
      writeFileSync(join(outDir, '.vite', 'chunks.json'), JSON.stringify(report, null, 1));
    },
  };
}
