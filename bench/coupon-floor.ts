// The coupon receive's floor: what one receive must write — the coupon's stock taken by a guarded update, the
// shopper's counter row made and raised below the limit, the received row written — through the bare
// mysql2 driver in ONE transaction behind a bare Fastify route (no envelope, validation, auth, ORM or refusal read).
import Fastify from 'fastify'
import mysql, { type ResultSetHeader } from 'mysql2/promise'

type Body = { user_id: number; coupon_id: number; limit_num: number; end_time: string }

export async function startCouponFloor(databaseUrl: string, connections: number) {
  const pool = mysql.createPool({ uri: databaseUrl, connectionLimit: connections })
  const app = Fastify({ logger: false })

  app.post<{ Body: Body }>('/floor/receive', async (req, reply) => {
    const { user_id, coupon_id, limit_num, end_time } = req.body
    const conn = await pool.getConnection()
    try {
      await conn.query('SET TRANSACTION ISOLATION LEVEL READ COMMITTED')
      await conn.beginTransaction()
      const run = async (sql: string, params: (string | number)[]) => (await conn.execute(sql, params))[0] as ResultSetHeader
      const taken = await run('UPDATE coupons SET stock = stock - 1 WHERE id = ? AND stock > 0 AND start_time <= NOW(3) AND end_time > NOW(3)', [coupon_id])
      await run('INSERT IGNORE INTO coupon_receivers (coupon_id, user_id, received) VALUES (?, ?, 0)', [coupon_id, user_id])
      const counted = await run(
        'UPDATE coupon_receivers SET received = received + 1 WHERE coupon_id = ? AND user_id = ? AND (? = 0 OR received < ?)',
        [coupon_id, user_id, limit_num, limit_num],
      )
      if (!taken.affectedRows || !counted.affectedRows) {
        await conn.rollback()
        return reply.code(409).send({ refused: true })
      }
      const log = await run(
        "INSERT INTO coupon_logs (name, coupon_id, user_id, store_id, money, use_money, goods_ids, status, start_time, end_time, updated_at) VALUES ('压测券', ?, ?, NULL, '5', '50', '', 0, NOW(3), ?, NOW(3))",
        [coupon_id, user_id, end_time],
      )
      await conn.commit()
      return { id: log.insertId }
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
