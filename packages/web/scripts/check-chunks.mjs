// Proves the storefront's first page loads no back-office code: walks the static imports of the entry
// chunk and of the home page chunks and fails if any of them holds a back-office module.
// Run after `vite build`: node scripts/check-chunks.mjs (bench/web-size.ts reuses firstPageChunks).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const FIRST_PAGE = ['src/storefront/HomeLayout.tsx', 'src/storefront/catalog/HomePage.tsx'];
const BACK_OFFICE = [
  /^src\/shell\//,
  /^src\/resource\//,
  /^src\/menu\/menuRoutes\.ts$/,
  /^src\/pages\/registry\.ts$/,
  /^src\/pages\/BackOfficePlaceholder\.tsx$/,
  /node_modules\/.*(mantine-react-table|exceljs|@tiptap|recharts|@fortawesome|@mantine\/(charts|dates|tiptap|dropzone))\//,
];

/** The chunk files the storefront's first page loads (entry, home page, and their static imports). */
export function firstPageChunks() {
const reportPath = fileURLToPath(new URL('../dist/.vite/chunks.json', import.meta.url));
const chunks = JSON.parse(readFileSync(reportPath, 'utf8'));
const starts = Object.entries(chunks)
  .filter(([, chunk]) => chunk.isEntry || FIRST_PAGE.includes(chunk.facade))
  .map(([file]) => file);
const missing = FIRST_PAGE.filter((source) => !Object.values(chunks).some((chunk) => chunk.facade === source));
if (missing.length) throw new Error(`No chunk found for ${missing.join(', ')}`);

const seen = new Set();
const queue = [...starts];
while (queue.length) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  queue.push(...chunks[file].imports);
}
return { chunks, files: [...seen] };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
const { chunks, files } = firstPageChunks();
const seen = new Set(files);

const offenders = [...seen].flatMap((file) =>
  chunks[file].modules.filter((id) => BACK_OFFICE.some((pattern) => pattern.test(id))).map((id) => `${file}: ${id}`),
);
if (offenders.length) {
  console.error('Back-office code in the storefront first page:\n' + offenders.join('\n'));
  process.exit(1);
}
console.log(`Storefront first page: ${seen.size} chunks, no back-office modules.\n  ${[...seen].join('\n  ')}`);
}
