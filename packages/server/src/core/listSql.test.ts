import { describe, expect, test } from 'vitest'
import { whereSql } from './listSql.ts'

describe('whereSql', () => {
  test('plain column tests become placeholders, LIKE wildcards in the value are escaped', () => {
    const d = new Date('2026-01-02T03:04:05Z')
    expect(whereSql({ status: 1, name: { contains: '50%_off' }, id: { in: [1, 2] }, created_at: { gte: d, lte: d } })).toEqual({
      sql: ' WHERE `status` = ? AND `name` LIKE ? AND `id` IN (?, ?) AND `created_at` >= ? AND `created_at` <= ?',
      params: [1, '%50\\%\\_off%', 1, 2, d, d],
    })
  })

  test('an empty IN matches nothing; anything else is left to Prisma', () => {
    expect(whereSql({ id: { in: [] } })?.sql).toBe(' WHERE 1 = 0')
    expect(whereSql({ OR: [{ a: 1 }] })).toBeNull()
    expect(whereSql({ store: { is: { id: 1 } } })).toBeNull()
    expect(whereSql({ 'a`b': 1 })).toBeNull()
  })
})
