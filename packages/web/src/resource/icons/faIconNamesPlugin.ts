// Build-time source of the icon picker's names: a Vite plugin
// serving `virtual:fa-icon-names`, read from @fortawesome/fontawesome-free's metadata — never a typed list.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:fa-icon-names';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

interface IconMeta {
  changes?: string[];
  familyStylesByLicense?: { free?: { family: string; style: string }[] };
}

/** Introduced in Font Awesome 5.0 or earlier: the long-standing set (≈660 names in 7.x). */
function isClassic(version: string | undefined): boolean {
  const [major, minor] = (version ?? '').split('.').map(Number);
  return major < 5 || (major === 5 && minor === 0);
}

/** Free classic solid icons of the long-standing set, prefixed `fa-`, sorted. */
export function selectIconNames(families: Record<string, IconMeta>): string[] {
  return Object.entries(families)
    .filter(([, meta]) => meta.familyStylesByLicense?.free?.some((s) => s.family === 'classic' && s.style === 'solid'))
    .filter(([, meta]) => isClassic(meta.changes?.[0]))
    .map(([name]) => `fa-${name}`)
    .sort();
}

export function faIconNames(): Plugin {
  return {
    name: 'qshop-fa-icon-names',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const file = createRequire(import.meta.url).resolve('@fortawesome/fontawesome-free/metadata/icon-families.json');
      const names = selectIconNames(JSON.parse(readFileSync(file, 'utf8')) as Record<string, IconMeta>);
      return `export default ${JSON.stringify(names)};`;
    },
  };
}
