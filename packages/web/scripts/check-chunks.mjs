// Proves the storefront's first pages load no back-office code: walks the static imports of the entry chunk and of
// a page's chunks (its layout and the page) and fails if any of them holds a back-office module. The home page is
// held to every back-office module; search and goods detail to the heavy back-office libraries.
// Run after `vite build`: node scripts/check-chunks.mjs (bench/web-size.ts reuses pageChunks).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const LAYOUT = 'src/storefront/HomeLayout.tsx';
/** The modules each storefront page shows first, by source (the layout and the home page are in the entry). */
export const PAGES = {
  home: [LAYOUT, 'src/storefront/catalog/HomePage.tsx'],
  search: [LAYOUT, 'src/storefront/catalog/SearchPage.tsx'],
  goods: [LAYOUT, 'src/storefront/catalog/GoodsPage.tsx'],
};
const HEAVY_LIBRARIES = /node_modules\/.*(mantine-react-table|exceljs|@tiptap|recharts|@fortawesome|@mantine\/(charts|dates|tiptap|dropzone))\//;
const BACK_OFFICE = [
  /^src\/shell\//,
  /^src\/resource\//,
  /^src\/menu\/menuRoutes\.ts$/,
  /^src\/pages\/registry\.ts$/,
  /^src\/pages\/BackOfficePlaceholder\.tsx$/,
  /^src\/(admin|seller)\//,
  HEAVY_LIBRARIES,
];
const FORBIDDEN = { home: BACK_OFFICE, search: [HEAVY_LIBRARIES], goods: [HEAVY_LIBRARIES] };

/** The chunk files (and their stylesheets) a page loads: the entry, the page's chunks and their static imports. */
export function pageChunks(sources) {
  const reportPath = fileURLToPath(new URL('../dist/.vite/chunks.json', import.meta.url));
  const chunks = JSON.parse(readFileSync(reportPath, 'utf8'));
  // A page's module may sit in a chunk of its own or in a group chunk with others (vite.config.ts codeSplitting).
  const holds = (chunk, source) => chunk.facade === source || chunk.modules.includes(source);
  const starts = Object.entries(chunks)
    .filter(([, chunk]) => chunk.isEntry || sources.some((source) => holds(chunk, source)))
    .map(([file]) => file);
  const missing = sources.filter((source) => !Object.values(chunks).some((chunk) => holds(chunk, source)));
  if (missing.length) throw new Error(`No chunk found for ${missing.join(', ')}`);

  const seen = new Set();
  const queue = [...starts];
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...chunks[file].imports);
  }
  const files = [...seen];
  return { chunks, files, css: [...new Set(files.flatMap((file) => chunks[file].css ?? []))] };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let failed = false;
  for (const [page, sources] of Object.entries(PAGES)) {
    const { chunks, files } = pageChunks(sources);
    const offenders = files.flatMap((file) =>
      chunks[file].modules.filter((id) => FORBIDDEN[page].some((pattern) => pattern.test(id))).map((id) => `${file}: ${id}`),
    );
    if (offenders.length) {
      console.error(`Back-office code in the storefront ${page} page's first load:\n  ${offenders.join('\n  ')}`);
      failed = true;
    } else console.log(`Storefront ${page} page: ${files.length} chunks, no back-office modules.`);
  }
  if (failed) process.exit(1);
}
