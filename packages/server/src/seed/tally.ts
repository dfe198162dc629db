/** Rows the seed created or changed, per table (empty after a second run: the seed is idempotent). */
export class Tally {
  readonly counts: Record<string, number> = {}

  add(table: string, n: number) {
    if (n > 0) this.counts[table] = (this.counts[table] ?? 0) + n
  }

  get total() {
    return Object.values(this.counts).reduce((a, b) => a + b, 0)
  }
}
