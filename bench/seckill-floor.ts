// The flash-sale purchase's baseline: the same purchase done the way shops commonly do it — the pool row and the
// shopper's counter row read with SELECT … FOR UPDATE, checked, then changed, and the order rows written — through the
// bare mysql2 driver in one transaction behind a bare Fastify route (no envelope, validation, auth, ORM or Redis).
import Fastify from 'fastify'
import mysql, { type ResultSetHeader, type RowDataPacket } from 'mysql2/promise'

type Body = { user_id: number; store_id: number; seckill_id: number; n: number }

export async function startSeckillFloor(databaseUrl: string, connections: number) {
  const pool = mysql.createPool({ uri: databaseUrl, connectionLimit: connections })
  const app = Fastify({ logger: false })
  let serial = 0

  app.post<{ Body: Body }>('/floor/seckill', async (req, reply) => {
    const { user_id, store_id, seckill_id, n } = req.body
    const conn = await pool.getConnection()
    try {
      await conn.beginTransaction()
      const [[sale]] = await conn.execute<RowDataPacket[]>('SELECT stock, limit_num, start_time, end_time FROM seckills WHERE id = ? FOR UPDATE', [seckill_id])
      await conn.execute('INSERT IGNORE INTO seckill_buyers (seckill_id, user_id, bought) VALUES (?, ?, 0)', [seckill_id, user_id])
      const [[buyer]] = await conn.execute<RowDataPacket[]>('SELECT bought FROM seckill_buyers WHERE seckill_id = ? AND user_id = ? FOR UPDATE', [seckill_id, user_id])
      const now = new Date()
      if (!sale || sale.stock < n || sale.start_time > now || sale.end_time <= now || (sale.limit_num > 0 && buyer.bought + n > sale.limit_num)) {
        await conn.rollback()
        return reply.code(409).send({ refused: true })
      }
      await conn.execute('UPDATE seckills SET stock = stock - ?, sold = sold + ? WHERE id = ?', [n, n, seckill_id])
      await conn.execute('UPDATE seckill_buyers SET bought = bought + ? WHERE seckill_id = ? AND user_id = ?', [n, seckill_id, user_id])
      const [order] = await conn.execute<ResultSetHeader>(
        "INSERT INTO orders (user_id, store_id, order_no, total_price, order_price, order_status, updated_at) VALUES (?, ?, ?, '1.00', '1.00', 1, NOW(3))",
        [user_id, store_id, `FLOOR${process.pid}${Date.now()}${++serial}`],
      )
      await conn.execute('INSERT INTO seckill_orders (seckill_id, user_id, order_id, buy_num, status, updated_at) VALUES (?, ?, ?, ?, 1, NOW(3))', [seckill_id, user_id, order.insertId, n])
      await conn.commit()
      return { id: order.insertId }
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
