// The `task` config's day counts the fulfilment reads: when a shipped order is received by itself, and how long the
// after-sale window stays open after receipt.
import { readGroupConfig } from '../../core/configs.ts'
import type { Infra } from '../../core/infra.ts'

export type TaskDays = { confirmDays: number; afterSaleDays: number }
export const DAY_MS = 86_400_000

export async function taskDays(infra: Infra): Promise<TaskDays> {
  const task = await readGroupConfig(infra, 'task')
  return { confirmDays: Number(task.confirm_days), afterSaleDays: Number(task.after_sale_days) }
}
