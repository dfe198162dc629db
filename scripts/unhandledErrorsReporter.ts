// A vitest reporter that writes the run's unhandled errors (an error thrown after its test ended, a worker that timed
// out answering the runner…) to QSHOP_UNHANDLED_ERRORS, so `pnpm test` can name them in its last lines: they fail
// the run without failing any test, and the default reporter prints them far above the summary.
import { writeFileSync } from 'node:fs'

type ErrorLike = { name?: string; message?: string; type?: string; stacks?: { file: string; line: number }[]; testPath?: string }

/** Vitest calls onTestRunEnd(modules, unhandledErrors, reason) once the run ends. */
export default class UnhandledErrorsReporter {
  onTestRunEnd(_modules: unknown, unhandledErrors: ReadonlyArray<unknown>) {
    const file = process.env.QSHOP_UNHANDLED_ERRORS
    if (!file) return
    const described = unhandledErrors.map((raw) => {
      const e = raw as ErrorLike
      const where = e.testPath ?? e.stacks?.[0]?.file ?? ''
      return `${e.type ?? 'Error'}: ${e.name ?? 'Error'}: ${e.message ?? String(raw)}${where ? ` (${where})` : ''}`
    })
    writeFileSync(file, JSON.stringify(described))
  }
}
