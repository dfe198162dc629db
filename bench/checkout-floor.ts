// The checkout's floor: what one checkout (create + pay by balance) must write, as the same inserts and guarded
// updates through the bare mysql2 driver in ONE transaction, behind a bare Fastify route (no envelope, validation,
// auth, idempotency replay, ORM, pricing reads or pay password). What the platform adds is measured against it.
import { randomInt } from 'node:crypto'
import Fastify from 'fastify'
import mysql, { type ResultSetHeader } from 'mysql2/promise'

type Body = { user_id: number; goods_id: number; store_id: number; price: string; key: string }

export async function startCheckoutFloor(databaseUrl: string, connections: number) {
  const pool = mysql.createPool({ uri: databaseUrl, connectionLimit: connections })
  const app = Fastify({ logger: false })

  app.post<{ Body: Body }>('/floor/checkout', async (req, reply) => {
    const { user_id, goods_id, store_id, price, key } = req.body
    const conn = await pool.getConnection()
    try {
      await conn.query('SET TRANSACTION ISOLATION LEVEL READ COMMITTED')
      await conn.beginTransaction()
      const run = async (sql: string, params: (string | number)[]) => (await conn.execute(sql, params))[0] as ResultSetHeader
      await run('INSERT INTO idempotency_keys (area, owner_id, idem_key, request_hash, updated_at) VALUES (?, ?, ?, ?, NOW(3))', ['checkout', user_id, key, 'x'.repeat(64)])
      if (!(await run('UPDATE goods SET goods_stock = goods_stock - 1 WHERE id = ? AND goods_stock >= 1', [goods_id])).affectedRows) {
        await conn.rollback()
        return reply.code(409).send({ short: true })
      }
      const orderNo = `F${Date.now()}${randomInt(0, 1e9)}`
      const order = await run(
        'INSERT INTO orders (user_id, store_id, order_no, order_name, total_price, order_price, order_status, pay_deadline, updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, NOW(3) + INTERVAL 30 MINUTE, NOW(3))',
        [user_id, store_id, orderNo, 'bench', price, price],
      )
      await run('INSERT INTO order_goods (order_id, goods_id, sku_id, user_id, store_id, goods_name, buy_num, goods_price, total_price, updated_at) VALUES (?, ?, 0, ?, ?, ?, 1, ?, ?, NOW(3))', [
        order.insertId, goods_id, user_id, store_id, 'bench', price, price,
      ])
      await run('INSERT INTO outbox (queue, name, job_id, payload, run_at, updated_at) VALUES (?, ?, ?, ?, NOW(3) + INTERVAL 30 MINUTE, NOW(3))', [
        'orders', 'order-cancel', `floor-${order.insertId}`, JSON.stringify({ order_id: order.insertId }),
      ])
      await run('UPDATE idempotency_keys SET response = ? WHERE area = ? AND owner_id = ? AND idem_key = ?', [JSON.stringify({ order_id: [order.insertId] }), 'checkout', user_id, key])
      await run('INSERT INTO idempotency_keys (area, owner_id, idem_key, request_hash, updated_at) VALUES (?, ?, ?, ?, NOW(3))', ['order_pay', user_id, key, 'x'.repeat(64)])
      await run('SELECT id FROM users WHERE id = ? FOR UPDATE', [user_id])
      const pay = await run("INSERT INTO order_pays (belong_id, pay_no, payment_name, total, balance, pay_status, updated_at) VALUES (?, ?, 'balance', ?, ?, 0, NOW(3))", [
        user_id, `P${orderNo}`, price, price,
      ])
      await run('INSERT INTO order_pay_orders (order_pay_id, order_id, updated_at) VALUES (?, ?, NOW(3))', [pay.insertId, order.insertId])
      const log = await run("INSERT INTO money_logs (user_id, ename, money, after_money, source_type, source_id, idem_key, updated_at) VALUES (?, 'order_pay', ?, 0, 'order_pay', ?, ?, NOW(3))", [
        user_id, `-${price}`, pay.insertId, `order_pay:${pay.insertId}:pay`,
      ])
      if (!(await run('UPDATE users SET money = money - ? WHERE id = ? AND money >= ?', [price, user_id, price])).affectedRows) throw new Error('floor: balance short')
      await run('UPDATE money_logs l JOIN users u ON u.id = ? SET l.after_money = u.money WHERE l.id = ?', [user_id, log.insertId])
      await run('UPDATE order_pays SET pay_status = 1, pay_time = NOW(3) WHERE id = ? AND pay_status = 0', [pay.insertId])
      if (!(await run("UPDATE orders SET order_status = 2, pay_time = NOW(3), payment_name = 'balance', order_balance = total_price, order_pay_id = ? WHERE id = ? AND order_status = 1", [pay.insertId, order.insertId])).affectedRows)
        throw new Error('floor: order not unpaid')
      await run('UPDATE goods SET goods_sale = goods_sale + 1 WHERE id = ?', [goods_id])
      await run('UPDATE idempotency_keys SET response = ? WHERE area = ? AND owner_id = ? AND idem_key = ?', [JSON.stringify({ order_pay_id: pay.insertId }), 'order_pay', user_id, key])
      await conn.commit()
      return { order_id: order.insertId }
    } catch (err) {
      await conn.rollback()
      throw err
    } finally {
      conn.release()
    }
  })

  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return { url, close: async () => (await app.close(), await pool.end()) }
}
