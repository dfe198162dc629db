// The project's lint rules (eslint-rules/index.js) on small sources: the imports the server's layers allow and refuse,
// and what a unit of work's work may not do.
import path from 'node:path'
import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, it } from 'vitest'
import { REPO_ROOT } from '../src/app.ts'
import qshop from '../../../eslint-rules/index.js'

RuleTester.describe = describe
RuleTester.it = it
RuleTester.itOnly = it.only

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } })
const src = (file: string) => path.join(REPO_ROOT, 'packages/server/src', file)

tester.run('layers', qshop.rules.layers, {
  valid: [
    { filename: src('modules/orders/pay.ts'), code: "import { post } from '../../core/ledger.ts'" },
    { filename: src('modules/orders/pay.ts'), code: "import { cancel } from './cancel.ts'" },
    { filename: src('modules/orders/pay.ts'), code: "import { invalidateGoodsCounters } from '../catalog/index.ts'" },
    { filename: src('modules/aftersales/payback.ts'), code: "import { paymentRefunderFor } from '../../adapters/payment/index.ts'" },
    { filename: src('plugins/auth.ts'), code: "import { AppError } from '../core/errors.ts'" },
    { filename: src('core/unitOfWork.ts'), code: "import { stageJob } from './jobs/outbox.ts'\nimport { loadConfig } from '../config.ts'" },
    { filename: src('app.ts'), code: "import { modules } from './modules/index.ts'\nimport infra from './plugins/infra.ts'" },
    { filename: src('jobs/registry.ts'), code: "import { catalogJobs } from '../modules/catalog/index.ts'" },
    { filename: src('modules/orders/pay.ts'), code: "import { z } from 'zod'\nimport { ORDER_STATUS } from '@qshop/shared'" },
  ],
  invalid: [
    { filename: src('modules/orders/pay.ts'), code: "import { invalidateGoodsCounters } from '../catalog/cache.ts'", errors: [{ messageId: 'deep' }] },
    { filename: src('modules/orders/pay.ts'), code: "export { detail } from '../catalog/detail.ts'", errors: [{ messageId: 'deep' }] },
    { filename: src('modules/orders/pay.ts'), code: "const m = await import('../catalog/detail.ts')", errors: [{ messageId: 'deep' }] },
    { filename: src('app.ts'), code: "import { detail } from './modules/catalog/detail.ts'", errors: [{ messageId: 'deep' }] },
    { filename: src('core/resource.ts'), code: "import { ok } from '../plugins/envelope.ts'", errors: [{ messageId: 'layer' }] },
    { filename: src('core/resource.ts'), code: "import type { Scope } from '../modules/orders/index.ts'", errors: [{ messageId: 'layer' }] },
    { filename: src('core/unitOfWork.ts'), code: "import { registry } from '../jobs/registry.ts'", errors: [{ messageId: 'layer' }] },
    { filename: src('plugins/firstPicture.ts'), code: "import { goodsDetail } from '../modules/catalog/index.ts'", errors: [{ messageId: 'layer' }] },
    { filename: src('modules/orders/routes.ts'), code: "import { ok } from '../../plugins/envelope.ts'", errors: [{ messageId: 'layer' }] },
    { filename: src('adapters/storage/index.ts'), code: "import { uploadsRoot } from '../../plugins/uploads.ts'", errors: [{ messageId: 'layer' }] },
  ],
})

tester.run('unit-tx-only', qshop.rules['unit-tx-only'], {
  valid: [
    { filename: src('modules/orders/pay.ts'), code: 'runUnit(app, async (tx, unit) => { await tx.$executeRaw`UPDATE orders SET x = 1`; unit.afterCommit(() => app.redis.del(key)) })' },
    { filename: src('modules/orders/pay.ts'), code: 'const open = await app.redis.get(key); await inUnit(app, ctx, (tx) => tx.orders.findMany())' },
    { filename: src('modules/orders/pay.ts'), code: 'idempotent(app, ctx, request, async (tx) => { const rows = await tx.carts.findMany(); return rows.map((r) => r.id) })' },
  ],
  invalid: [
    { filename: src('modules/orders/pay.ts'), code: 'runUnit(app, async (tx) => { await app.redis.incr(key) })', errors: [{ messageId: 'outside' }] },
    { filename: src('modules/orders/pay.ts'), code: 'inUnit(app, ctx, async (tx) => { await app.db.users.findFirst() })', errors: [{ messageId: 'outside' }] },
    { filename: src('modules/orders/pay.ts'), code: 'idempotent(infra, ctx, request, async (tx) => { const [rows] = await infra.sql.query(q); return rows })', errors: [{ messageId: 'outside' }] },
    { filename: src('modules/aftersales/payback.ts'), code: "runUnit(infra, async (tx) => { await fetch('https://api.mch.weixin.qq.com/v3/refund/domestic/refunds') })", errors: [{ messageId: 'fetch' }] },
    { filename: src('modules/orders/pay.ts'), code: 'runUnit(app, async (tx, unit) => { unit.afterCommit(() => 1); await Promise.all([1].map(async () => app.queues.get(q))) })', errors: [{ messageId: 'outside' }] },
  ],
})
