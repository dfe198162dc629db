/** Like Promise.all, but waits for every branch before throwing the first failure: no seed query outlives seed(). */
export async function settleAll(promises: readonly unknown[]): Promise<void> {
  const results = await Promise.allSettled(promises)
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failed) throw failed.reason
}
