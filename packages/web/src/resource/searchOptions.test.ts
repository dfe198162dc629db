import { describe, expect, it } from 'vitest';
import { brands } from './fixtures';
import { searchOptionsOf, searchQuery, type SearchOption } from './searchOptions';

describe('search options', () => {
  it('come from the searchable fields with an operator the field allows', () => {
    const options = searchOptionsOf(brands);
    expect(options.map(({ value, type, where, label }) => ({ value, type, where, label }))).toEqual([
      { value: 'name', type: 'text', where: 'like', label: 'fields.name' },
      { value: 'is_show', type: 'select', where: 'eq', label: 'fields.status' },
      { value: 'created_at', type: 'daterange', where: 'between', label: 'fields.created_at' },
    ]);
  });

  it('send field=value|op for each filled option and nothing for empty ones', () => {
    const options = searchOptionsOf(brands);
    expect(searchQuery(options, { name: 'Apple', is_show: 0, created_at: [] })).toEqual({ name: 'Apple|like', is_show: '0|eq' });
  });

  it('send a date range as whole days and lists comma-joined', () => {
    const ids: SearchOption = { type: 'select', label: 'fields.id', value: 'id', where: 'in' };
    const options = [...searchOptionsOf(brands), ids];
    expect(searchQuery(options, { created_at: ['2024-01-01', '2024-01-31'], id: [3, 5] })).toEqual({
      created_at: '2024-01-01 00:00:00,2024-01-31 23:59:59|between',
      id: '3,5|in',
    });
  });
});
