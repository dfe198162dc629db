// What the translation tests share: the keys a bundle holds, the app's source files in which they look for the keys
// used, and whether the app has a text of its own for a key in both languages.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import i18n from '../i18n';

/** Every text of a translation tree, named by its dotted path. */
export function keyPaths(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keyPaths(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const isSource = (name: string) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name);

/** The paths of the app's source files (tests left out) in `dirs`; with `recursive`, in their sub-folders too but `skip`. */
export function sourceFiles(dirs: string[], opts: { recursive?: boolean; skip?: ReadonlySet<string> } = {}): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return opts.recursive && !opts.skip?.has(name) ? sourceFiles([path], opts) : [];
      return isSource(name) ? [path] : [];
    }),
  );
}

/** The app holds a text of its own for `key` in zh-cn and in en (neither falls back to the other). */
export const knownInBothLanguages = (key: string) => ['zh-cn', 'en'].every((lng) => i18n.exists(key, { lng, fallbackLng: false }));
