// The address and cart pages translate through their own files (i18n/shopper.*.json, key prefix `shopper`): every key
// the pages name exists in both languages, both languages hold the same keys, and every flagged line state has its
// reason.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyPaths, sourceFiles } from '../test/translationKeys';
import { CART_LINE_STATES } from '@qshop/shared/schemas/cart';
import shopperEn from './shopper.en.json';
import shopperZhCn from './shopper.zh-cn.json';

const DIRS = [join(__dirname, '../user/address'), join(__dirname, '../storefront/cart')];
const sources = sourceFiles(DIRS);
const NAMESPACES = Object.keys(shopperZhCn.shopper);
const literal = new RegExp(`\\bts\\(\\s*'((?:${NAMESPACES.join('|')})\\.[\\w.-]+)'`, 'g');

describe('shopper translations', () => {
  it('zh-cn and en hold the same keys', () => {
    expect(keyPaths(shopperEn).sort()).toEqual(keyPaths(shopperZhCn).sort());
  });

  it('define every key the address and cart pages name', () => {
    const known = new Set(keyPaths(shopperEn.shopper));
    const named = sources.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(literal)].map((m) => m[1]));
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((key) => !known.has(key))).toEqual([]);
  });

  it('give the reason of every flagged line state', () => {
    for (const state of CART_LINE_STATES.filter((s) => s !== 'ok')) expect(keyPaths(shopperEn.shopper)).toContain(`cart.state.${state}`);
  });
});
