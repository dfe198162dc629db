// The SQL an app really sends, read off the wire: a TCP proxy in front of the database that passes every byte on and
// records the text of each COM_QUERY (and COM_STMT_PREPARE) the clients send. The app's three ways to the database —
// Prisma through @prisma/adapter-mariadb (text protocol), the raw statements on the mariadb pools and the lists'
// mysql2 pool (core/db/index.ts, plugins/infra.ts) — all send their statements as text with the values in place, so
// what is recorded is what the server ran, whatever code built it. Point the app's DATABASE_URL at `url`.
import net from 'node:net'

const COM_QUERY = 0x03
const COM_STMT_PREPARE = 0x16

export type SqlTap = {
  /** the database URL through the proxy */
  url: string
  /** Records the statements sent while `work` runs (and whatever else the app sends meanwhile). */
  record<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }>
  close(): Promise<void>
}

export async function startSqlTap(databaseUrl: string): Promise<SqlTap> {
  const target = new URL(databaseUrl)
  let recording: string[] | null = null
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 3306), target.hostname)
    sockets.add(client).add(upstream)
    for (const s of [client, upstream]) s.on('close', () => sockets.delete(s))
    let pending: Buffer = Buffer.alloc(0)
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk)
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk
      // Packets: 3-byte length, 1-byte sequence number, payload. A command is the first packet (sequence 0) of an
      // exchange; the login packets that open a connection have higher numbers.
      while (pending.length >= 4) {
        const length = pending.readUIntLE(0, 3)
        if (pending.length < 4 + length) break
        const seq = pending[3]
        const command = pending[4]
        if (recording && seq === 0 && (command === COM_QUERY || command === COM_STMT_PREPARE)) recording.push(pending.subarray(5, 4 + length).toString('utf8'))
        pending = pending.subarray(4 + length)
      }
    })
    upstream.on('data', (chunk) => client.write(chunk))
    client.on('end', () => upstream.end())
    upstream.on('end', () => client.end())
    client.on('error', () => upstream.destroy())
    upstream.on('error', () => client.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = new URL(databaseUrl)
  url.hostname = '127.0.0.1'
  url.port = String((server.address() as net.AddressInfo).port)
  return {
    url: url.toString(),
    async record(work) {
      const statements: string[] = []
      recording = statements
      try {
        return { result: await work(), statements }
      } finally {
        recording = null
      }
    },
    async close() {
      for (const s of sockets) s.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
