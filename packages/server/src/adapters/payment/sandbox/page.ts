// The sandboxes' "scan to pay" page: what a phone would show after scanning, clearly labelled as a sandbox, with one
// button that pays and sends the gateway's notification to the shop.
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function scanPage(gateway: string, payNo: string, amount: string, state: string, payable: boolean): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>SANDBOX ${escape(gateway)}</title>
<style>body{font-family:sans-serif;max-width:420px;margin:2em auto;padding:0 1em}.banner{background:#b91c1c;color:#fff;padding:.6em;font-weight:700;text-align:center}
button{font-size:1.2em;padding:.6em 1.4em}</style></head><body>
<p class="banner">SANDBOX · 沙箱 — no real money moves / 不会发生真实扣款</p>
<h1>${escape(gateway)}</h1>
<p>out_trade_no: <code>${escape(payNo)}</code></p>
<p>Amount / 金额: <strong data-testid="sandbox-amount">¥${escape(amount)}</strong></p>
<p>State / 状态: <span data-testid="sandbox-state">${escape(state)}</span></p>
${payable ? `<form method="post" action="${escape(payNo)}/pay"><button type="submit">Pay in the sandbox / 沙箱支付</button></form>` : ''}
</body></html>`
}

/** Sends a notification to the shop's notify URL, as the gateway would (the answer is the shop's). */
export async function deliver(url: string, n: { headers: Record<string, string>; body: string }): Promise<number> {
  const res = await fetch(url, { method: 'POST', headers: n.headers, body: n.body, signal: AbortSignal.timeout(10_000) })
  await res.text()
  return res.status
}
