// Development driver: the message goes to the app log instead of a phone.
import type { FastifyBaseLogger } from 'fastify'
import type { SmsSender } from './index.ts'

export function logSender(log: FastifyBaseLogger): SmsSender {
  return {
    async send({ phone, template, params }) {
      log.info({ phone, template, params }, 'sms (log driver)')
      return { ok: true }
    },
  }
}
