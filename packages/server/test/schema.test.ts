// The committed migrations must build exactly what prisma/schema.prisma describes, the CHECK constraints declared
// there (`/// @check(...)`) must really refuse negative stock and balances, and the collations declared there
// (`/// @collate(...)`) must hold.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import mysql from 'mysql2/promise'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { migrateDeploy } from '../../../scripts/migrate.ts'
import { adminUrlFromEnv, checkMigrations, compareWithSchema } from '../../../scripts/schema-check.ts'
import { expectedDdl } from '../../../scripts/expected-ddl.ts'

const root = (p: string) => fileURLToPath(new URL(`../../../${p}`, import.meta.url))
const SCHEMA = root('prisma/schema.prisma')
const MIGRATIONS = root('prisma/migrations')
const ADMIN = adminUrlFromEnv()
const DB = `qshop_schema_test_${randomBytes(4).toString('hex')}`
const dbUrl = () => {
  const u = new URL(ADMIN)
  u.pathname = `/${DB}`
  return u.toString()
}

let conn: mysql.Connection

beforeAll(async () => {
  await migrateDeploy(dbUrl(), MIGRATIONS, () => {})
  conn = await mysql.createConnection({ uri: dbUrl() })
}, 120_000)

afterAll(async () => {
  await conn?.end()
  const admin = await mysql.createConnection({ uri: ADMIN })
  await admin.query(`DROP DATABASE IF EXISTS \`${DB}\``)
  await admin.end()
})

test('all committed migrations applied to a scratch database equal schema.prisma', { timeout: 120_000 }, async () => {
  const r = await checkMigrations(ADMIN, SCHEMA, MIGRATIONS)
  expect(r.differences, `draft migration:\n${r.draftSql}`).toEqual([])
})

test('the migrated test database equals schema.prisma, and a second deploy applies nothing', { timeout: 120_000 }, async () => {
  const r = await compareWithSchema(ADMIN, DB, SCHEMA)
  expect(r.differences, r.draftSql).toEqual([])
  const again = await migrateDeploy(dbUrl(), MIGRATIONS, () => {})
  expect(again.applied).toEqual([])
  expect(again.alreadyApplied.length).toBeGreaterThan(0)
})

describe('CHECK constraints', () => {
  const insert = async (table: string, row: Record<string, unknown>) => {
    const [r] = (await conn.query(`INSERT INTO \`${table}\` SET ?`, [row])) as any
    return r.insertId as number
  }
  /** MariaDB: ER_CONSTRAINT_FAILED (4025); MySQL 8: ER_CHECK_CONSTRAINT_VIOLATED (3819). Both name the constraint. */
  const refused = (p: Promise<unknown>, constraint: string) =>
    expect(p).rejects.toSatisfy((e: any) => [4025, 3819].includes(e.errno) && String(e.message).includes(constraint))

  let n = 0
  const user = (extra: Record<string, unknown> = {}) => insert('users', { username: `u${++n}`, password: 'x', ...extra })
  let storeId: number
  let classId: number

  beforeAll(async () => {
    storeId = await insert('stores', { user_id: await user() })
    classId = await insert('goods_classes', { name: 'c' })
  })

  test('users: balance, frozen funds and points never go negative', async () => {
    await refused(user({ money: '-0.01' }), 'users_money_nonneg')
    await refused(user({ integral: -1 }), 'users_integral_nonneg')
    const id = await user({ money: '5.00', frozen_money: '1.00' })
    await refused(conn.query('UPDATE users SET money = money - 5.01 WHERE id = ?', [id]), 'users_money_nonneg')
    await refused(conn.query('UPDATE users SET frozen_money = frozen_money - 2 WHERE id = ?', [id]), 'users_frozen_money_nonneg')
    const [[row]] = (await conn.query('SELECT money, frozen_money FROM users WHERE id = ?', [id])) as any
    expect([row.money, row.frozen_money]).toEqual(['5.00', '1.00'])
  })

  test('stores: balance and frozen funds never go negative', async () => {
    await refused(insert('stores', { user_id: await user(), store_money: '-1' }), 'stores_store_money_nonneg')
    await refused(conn.query('UPDATE stores SET store_frozen_money = store_frozen_money - 1 WHERE id = ?', [storeId]), 'stores_store_frozen_money_nonneg')
  })

  test('goods and SKU stock never go negative; prices are not negative', async () => {
    const goodsId = await insert('goods', { class_id: classId, store_id: storeId, goods_name: 'g', goods_stock: 3, goods_price: '9.90' })
    await refused(conn.query('UPDATE goods SET goods_stock = goods_stock - 5 WHERE id = ?', [goodsId]), 'goods_stock_nonneg')
    // The guarded statement the services use simply touches no row.
    const [r] = (await conn.query('UPDATE goods SET goods_stock = goods_stock - 5 WHERE id = ? AND goods_stock >= 5', [goodsId])) as any
    expect(r.affectedRows).toBe(0)
    await refused(insert('goods', { class_id: classId, store_id: storeId, goods_name: 'g', goods_price: '-1' }), 'goods_prices_nonneg')
    await refused(insert('goods_skus', { goods_id: goodsId, goods_stock: -1 }), 'goods_skus_stock_nonneg')
    await refused(insert('seckills', { store_id: storeId, goods_id: goodsId, stock: -1, start_time: new Date(), end_time: new Date() }), 'seckills_stock_nonneg')
    await refused(insert('coupons', { store_id: storeId, name: 'c', stock: -1, end_time: new Date() }), 'coupons_stock_nonneg')
    const cid = await insert('integral_goods_classes', { name: 'i' })
    await refused(insert('integral_goods', { cid, goods_name: 'i', goods_stock: -1 }), 'integral_goods_stock_nonneg')
  })

  test('a withdrawal has exactly one owner', async () => {
    const payee = { name: 'n', card_no: '1', bank_name: 'b', money: '1.00' }
    await refused(insert('cashes', payee), 'cashes_one_owner')
    await refused(insert('cashes', { ...payee, user_id: await user(), store_id: storeId }), 'cashes_one_owner')
    await expect(insert('cashes', { ...payee, store_id: storeId })).resolves.toBeGreaterThan(0)
  })

  test('an order line: its discount share within the line total, refunds within what was paid', async () => {
    const uid = await user()
    const orderId = await insert('orders', { user_id: uid, store_id: storeId, order_no: `n${++n}` })
    const line = (extra: Record<string, unknown>) =>
      insert('order_goods', { order_id: orderId, goods_id: 1, user_id: uid, store_id: storeId, goods_name: 'g', buy_num: 2, goods_price: '5.00', total_price: '10.00', ...extra })
    await refused(line({ discount_money: '10.01' }), 'order_goods_discount_range')
    await refused(line({ discount_money: '-0.01' }), 'order_goods_discount_range')
    await refused(line({ refunded_num: 3 }), 'order_goods_refund_range')
    const id = await line({ discount_money: '3.00', refunded_num: 2, refunded_money: '7.00' })
    await refused(conn.query('UPDATE order_goods SET refunded_money = refunded_money + 0.01 WHERE id = ?', [id]), 'order_goods_refund_range')
  })

  test('a gateway transaction pays one payment; payments without one do not collide', async () => {
    const uid = await user()
    const pay = (extra: Record<string, unknown>) => insert('order_pays', { belong_id: uid, pay_no: `p${++n}`, payment_name: 'wechat', ...extra })
    await pay({ trade_no: 'T1' })
    await expect(pay({ trade_no: 'T1' })).rejects.toMatchObject({ code: 'ER_DUP_ENTRY' })
    await expect(pay({ trade_no: 'T1', payment_name: 'alipay' })).resolves.toBeGreaterThan(0)
    await pay({ payment_name: 'balance' })
    await expect(pay({ payment_name: 'balance' })).resolves.toBeGreaterThan(0)
  })

  test('deleting goods, its flash sale or an order never erases order, payment or purchase history', async () => {
    const uid = await user()
    const goodsId = await insert('goods', { class_id: classId, store_id: storeId, goods_name: 'g' })
    const seckillId = await insert('seckills', { store_id: storeId, goods_id: goodsId, start_time: new Date(), end_time: new Date() })
    const orderId = await insert('orders', { user_id: uid, store_id: storeId, order_no: `n${++n}` })
    const payId = await insert('order_pays', { belong_id: uid, pay_no: `p${++n}`, payment_name: 'balance' })
    await conn.query('UPDATE orders SET order_pay_id = ? WHERE id = ?', [payId, orderId])
    await insert('order_goods', { order_id: orderId, goods_id: goodsId, user_id: uid, store_id: storeId, goods_name: 'g' })
    await insert('order_pay_orders', { order_pay_id: payId, order_id: orderId })
    await insert('seckill_orders', { seckill_id: seckillId, user_id: uid, order_id: orderId })
    await conn.query('DELETE FROM goods WHERE id = ?', [goodsId])
    const count = async (table: string) => ((await conn.query(`SELECT COUNT(*) n FROM \`${table}\` WHERE order_id = ?`, [orderId])) as any)[0][0].n
    expect([await count('order_goods'), await count('order_pay_orders'), await count('seckill_orders')]).toEqual([1, 1, 1])
    const restricted = (p: Promise<unknown>) => expect(p).rejects.toSatisfy((e: any) => [1451, 1217].includes(e.errno))
    await restricted(conn.query('DELETE FROM orders WHERE id = ?', [orderId]))
    await restricted(conn.query('DELETE FROM order_pays WHERE id = ?', [payId]))
  })

  test('one default address per user', async () => {
    const uid = await user()
    const addr = { user_id: uid, receive_name: 'r', receive_tel: '1', address: 'a' }
    await refused(insert('addresses', { ...addr, is_default: 1 }), 'addresses_default_key')
    await insert('addresses', { ...addr, is_default: 1, default_key: uid })
    await expect(insert('addresses', { ...addr, is_default: 1, default_key: uid })).rejects.toMatchObject({ code: 'ER_DUP_ENTRY' })
    await expect(insert('addresses', addr)).resolves.toBeGreaterThan(0)
  })
})

describe('column collations (`/// @collate(...)`)', () => {
  test('Idempotency-Keys compare exactly: keys differing in case are two keys, the same key twice is refused', async () => {
    const key = (idem_key: string) => conn.query('INSERT INTO idempotency_keys SET ?', [{ area: 'checkout', owner_id: 1, idem_key, request_hash: 'x'.repeat(64) }])
    await key('Key1')
    await expect(key('key1')).resolves.toBeDefined()
    await expect(key('Key1')).rejects.toMatchObject({ code: 'ER_DUP_ENTRY' })
  })

  test('a @collate line that is not a string field\'s documentation is refused, not ignored', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'collate-'))
    const ddlOf = async (model: string) => {
      const file = path.join(dir, 'schema.prisma')
      await writeFile(file, `datasource db {\n  provider = "mysql"\n}\n\n${model}\n`)
      return expectedDdl(file)
    }
    try {
      expect(await ddlOf('model t {\n  id Int @id\n  /// @collate(utf8mb4_bin)\n  k String @db.VarChar(8)\n}')).toContain('`k` VARCHAR(8) COLLATE utf8mb4_bin NOT NULL')
      await expect(ddlOf('/// @collate(utf8mb4_bin)\nmodel t {\n  id Int @id\n}')).rejects.toThrow(/not a field's documentation/)
      await expect(ddlOf('model t {\n  /// @collate(utf8mb4_bin)\n  id Int @id\n}')).rejects.toThrow(/not a String/)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
