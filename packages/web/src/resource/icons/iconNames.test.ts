import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { selectIconNames } from './faIconNamesPlugin';
import { matchIcons } from './matchIcons';

const metadata = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@fortawesome/fontawesome-free/metadata/icon-families.json'), 'utf8'),
) as Parameters<typeof selectIconNames>[0];

describe('icon picker names', () => {
  const names = selectIconNames(metadata);

  it('are about 700 free solid Font Awesome names prefixed fa-, sorted', () => {
    expect(names.length).toBeGreaterThan(600);
    expect(names.length).toBeLessThan(800);
    expect(names.every((name) => name.startsWith('fa-'))).toBe(true);
    expect([...names].sort()).toEqual(names);
    expect(names).toEqual(expect.arrayContaining(['fa-gear', 'fa-user', 'fa-house', 'fa-cart-shopping']));
  });

  it('leave out brand icons, which the solid font cannot draw', () => {
    expect(names).not.toContain('fa-github');
  });

  it('are found by a substring of the name', () => {
    expect(matchIcons(['fa-user', 'fa-users', 'fa-gear'], ' USER ')).toEqual(['fa-user', 'fa-users']);
    expect(matchIcons(['fa-user', 'fa-gear'], '')).toEqual(['fa-user', 'fa-gear']);
  });
});
