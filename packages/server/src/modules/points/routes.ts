// Points (docs/points.md): the shopper's daily sign-in and points ledger.
import { noBody } from '@qshop/shared/schemas/common'
import { pointsPageQuery } from '@qshop/shared/schemas/points'
import type { AppModule } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { pointsLog } from './logs.ts'
import { signIn, signInState } from './signIn.ts'

const tags = ['points']

const points: AppModule = {
  name: 'points',
  storefront: async (app) => {
    app.get('/user/sign_in', { schema: { tags, summary: 'Whether today is signed in, the streak and the points of the next sign-in' } }, async (req) =>
      ok(req, await signInState(app, req.actor!.id)),
    )
    app.post('/user/sign_in', { schema: { body: noBody, tags, summary: 'Sign in for today (once a day), earning points' } }, async (req) =>
      ok(req, await signIn(app, req.actor!.id)),
    )
    app.get('/user/integral_logs', { schema: { querystring: pointsPageQuery, tags, summary: 'The points ledger, newest first' } }, async (req) =>
      ok(req, await pointsLog(app, req.actor!.id, req.locale, req.query)),
    )
  },
}
export default points
