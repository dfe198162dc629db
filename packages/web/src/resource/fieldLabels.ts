// Field and dictionary labels are i18n keys ('fields.name'). Their texts live in packages/shared as flat
// keys, one table per module (i18n/fields.ts, i18n/<module>-fields.ts, each exporting
// Record<Locale, Record<key, text>>). Loading the resource pages adds every such table, nested the way
// i18next reads keys, to the translations (the app's own keys win).
import { LOCALES, type Locale } from '@qshop/shared';
import i18n from '../i18n';

type LabelTable = Record<Locale, Record<string, string>>;
type Tree = { [key: string]: string | Tree };

const modules = import.meta.glob<Record<string, unknown>>('../../../shared/src/i18n/*fields.ts', { eager: true });

function isLabelTable(value: unknown): value is LabelTable {
  return typeof value === 'object' && value !== null && LOCALES.every((locale) => locale in value);
}

const LABEL_TABLES: LabelTable[] = Object.values(modules).flatMap((exports) => Object.values(exports).filter(isLabelTable));

function nestKeys(flat: Record<string, string>): Tree {
  const tree: Tree = {};
  for (const [key, text] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = tree;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Tree;
    node[parts[parts.length - 1]] = text;
  }
  return tree;
}

for (const locale of LOCALES) {
  const labels = Object.assign({}, ...LABEL_TABLES.map((table) => table[locale])) as Record<string, string>;
  i18n.addResourceBundle(locale, 'translation', nestKeys(labels), true, false);
}
