// The floor: the same queries as the measured endpoints, through the bare mysql2 driver in a bare Fastify
// route (no envelope, validation, auth, cache or ORM). What the platform adds is measured against it.
import Fastify from 'fastify'
import mysql from 'mysql2/promise'

type ClassRow = { id: number; name: string; pid: number; thumb: string | null; children?: ClassRow[] }

export async function startFloor(databaseUrl: string) {
  const pool = mysql.createPool({ uri: databaseUrl, connectionLimit: 10 })
  // The driver's callback interface, as the app's list reads use it (the promise wrapper captures a stack per query).
  const query = (sql: string) =>
    new Promise<unknown[]>((resolve, reject) => pool.pool.query(sql, (err, rows) => (err ? reject(err) : resolve(rows as unknown[]))))
  const app = Fastify({ logger: false })

  app.get('/floor/common', async () => {
    const [classes, brands, configs] = await Promise.all([
      query('SELECT id, name, pid, thumb FROM goods_classes ORDER BY is_sort, id'),
      query('SELECT id, name, thumb FROM goods_brands ORDER BY is_sort, id'),
      query("SELECT name, content FROM configs WHERE name IN ('web_name','index_name','keyword','description','logo','mobile','email','icp','close_status','close_reason')"),
    ])
    const rows = classes as ClassRow[]
    const byId = new Map(rows.map((r) => [r.id, { ...r, children: [] as ClassRow[] }]))
    const roots: ClassRow[] = []
    for (const r of byId.values()) (r.pid ? byId.get(r.pid)?.children : roots)?.push(r)
    return { classes: roots, brands, common: Object.fromEntries((configs as { name: string; content: string }[]).map((c) => [c.name, c.content])) }
  })

  app.get('/floor/users', async () => {
    const [rows, [{ total }]] = (await Promise.all([
      query('SELECT id, created_at, username, phone, nickname, avatar, sex, status, inviter_id, money, frozen_money, integral FROM users ORDER BY id DESC LIMIT 30'),
      query('SELECT COUNT(*) AS total FROM users'),
    ])) as [unknown[], { total: number }[]]
    return { data: rows, total, per_page: 30, current_page: 1 }
  })

  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return { url, close: async () => (await app.close(), await pool.end()) }
}
