// The wire contract's envelope: every answer is {code, msg, data}, its message translated per request. The helpers
// routes answer with; the error handler that answers refusals in the same envelope is plugins/envelope.ts.
import type { FastifyRequest } from 'fastify'
import { Code, MESSAGES, translate, type MessageKey, type Locale } from '@qshop/shared'
import { toWire } from './wire.ts'

export type Ok<T> = { code: 200; msg: string; data: T }

/** Success envelope with data converted to wire form (money strings, formatted times). */
export function ok<T>(req: FastifyRequest, data: T, key: MessageKey = 'msg.success'): Ok<unknown> {
  return { code: Code.OK, msg: req.t(key), data: toWire(data) }
}

/** A validation issue as fastify-type-provider-zod reports it. */
export type Issue = { keyword: string; instancePath: string; message: string; params: Record<string, unknown> }

function issueMessage(locale: Locale, issue: Issue): string {
  const p = issue.params
  switch (issue.keyword) {
    case 'invalid_type':
      // zod 4 leaves the input out of its issues; a missing value says so in the message.
      return translate(locale, /received undefined$/.test(issue.message) ? 'valid.required' : 'valid.type')
    case 'too_big':
      return p.origin === 'string' || p.origin === 'array'
        ? translate(locale, 'valid.tooLong', { max: String(p.maximum) })
        : translate(locale, 'valid.tooBig', { max: String(p.maximum) })
    case 'too_small':
      if (p.origin === 'string' && p.minimum === 1) return translate(locale, 'valid.required')
      return p.origin === 'string' || p.origin === 'array'
        ? translate(locale, 'valid.tooShort', { min: String(p.minimum) })
        : translate(locale, 'valid.tooSmall', { min: String(p.minimum) })
    case 'unrecognized_keys':
      return translate(locale, 'valid.unknownField')
    case 'invalid_value':
    case 'invalid_union':
      return translate(locale, 'valid.enum')
    case 'custom':
      if (issue.message === 'money') return translate(locale, 'valid.money')
      // A refinement naming its own message key.
      if (issue.message.startsWith('valid.') && issue.message in MESSAGES[locale]) return translate(locale, issue.message as MessageKey)
      if (issue.message === 'richTextTooLong') return translate(locale, 'valid.richTextTooLong')
      if (issue.message === 'unknownOp') return translate(locale, 'valid.unknownOp')
      if (issue.message === 'stockTotal') return translate(locale, 'valid.stockTotal', { max: String((p.params as { max: number }).max) })
      // zx.money's bounds
      if (issue.message === 'max') return translate(locale, 'valid.tooBig', { max: String((p.params as { max: number }).max) })
      if (issue.message === 'min') return translate(locale, 'valid.tooSmall', { min: String((p.params as { min: number }).min) })
      return translate(locale, 'valid.format')
    default:
      return issue.message === 'phone' ? translate(locale, 'valid.phone') : translate(locale, 'valid.format')
  }
}

/** zod issues → {field: message}; unknown keys are reported under their own names (`__proto__` too). */
export function fieldErrors(locale: Locale, issues: Issue[]): Record<string, string> {
  const out = new Map<string, string>()
  for (const issue of issues) {
    const base = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
    const keys = issue.keyword === 'unrecognized_keys' ? (issue.params.keys as string[]).map((k) => (base ? `${base}.${k}` : k)) : [base || '_']
    for (const k of keys) if (!out.has(k)) out.set(k, issueMessage(locale, issue))
  }
  return Object.fromEntries(out)
}
