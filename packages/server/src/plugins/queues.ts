// BullMQ queues the api sends jobs to (the worker process consumes them), opened on first use.
import fp from 'fastify-plugin'
import type { Queue } from 'bullmq'
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import { createQueue, queueConnection, type Queues } from '../core/jobs/queues.ts'

declare module 'fastify' {
  interface FastifyInstance {
    queues: Queues
  }
}

export default fp(async function queues(app: FastifyInstance) {
  const open = new Map<string, Queue>()
  let connection: Redis | null = null
  app.decorate('queues', {
    get(name: string) {
      let queue = open.get(name)
      if (!queue) {
        connection ??= queueConnection(app.config)
        queue = createQueue(app.config, name, connection)
        open.set(name, queue)
      }
      return queue
    },
  })
  app.addHook('onClose', async () => {
    for (const queue of open.values()) await queue.close()
    connection?.disconnect()
  })
})
