// Brotli (.br) and gzip (.gz) copies of the build's text files, written once at build time: the api
// (@fastify/static preCompressed, packages/server/src/plugins/webApp.ts) and nginx (gzip_static) send them instead of
// the plain files, without compressing on every request.
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|txt)$/;
/** Smaller files gain less than they cost (nginx's gzip_min_length in docker/nginx.conf is the same). */
export const MIN_COMPRESS_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function writeWhole(file: string, content: Buffer) {
  await writeFile(`${file}.partial`, content);
  await rename(`${file}.partial`, file);
}

/** Writes NAME.br and NAME.gz beside every text file of `dir` of at least MIN_COMPRESS_BYTES (dot folders skipped). */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number; gzipBytes: number }> {
  const names = (await readdir(dir, { recursive: true })).filter(
    (name) => TEXT_FILE.test(name) && !name.split(/[\\/]/).some((part) => part.startsWith('.')),
  );
  const sizes = await Promise.all(
    names.map(async (name) => {
      const file = join(dir, name);
      const content = await readFile(file);
      if (content.length < MIN_COMPRESS_BYTES) return null;
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      // Renamed into place whole: the browser tests copy dist/ while another build may be writing it.
      await Promise.all([writeWhole(`${file}.br`, br), writeWhole(`${file}.gz`, gz)]);
      return { bytes: content.length, br: br.length, gz: gz.length };
    }),
  );
  const written = sizes.filter((s) => s !== null);
  const sum = (pick: (s: (typeof written)[number]) => number) => written.reduce((total, s) => total + pick(s), 0);
  return { files: written.length, bytes: sum((s) => s.bytes), brotliBytes: sum((s) => s.br), gzipBytes: sum((s) => s.gz) };
}

/** Vite plugin: precompresses the output folder once the build has written it. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'qshop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { files, bytes, brotliBytes, gzipBytes } = await precompressDir(outDir);
      const kb = (n: number) => `${Math.round(n / 1024)} KB`;
      this.info(`precompressed ${files} files: ${kb(bytes)} → ${kb(brotliBytes)} brotli, ${kb(gzipBytes)} gzip`);
    },
  };
}
