import type { AppModule } from './types.ts'
import system from './system/routes.ts'
import auth from './auth/routes.ts'
import common from './common/routes.ts'
import uploads from './uploads/routes.ts'
import rbac from './rbac/routes.ts'
import content from './content/routes.ts'
import catalog from './catalog/routes.ts'
import stores from './stores/routes.ts'
import logistics from './logistics/routes.ts'
import addresses from './addresses/routes.ts'
import cart from './cart/routes.ts'
import checkout from './checkout/routes.ts'
import orders from './orders/routes.ts'
import aftersales from './aftersales/routes.ts'

/** Every domain module, in registration order. */
export const modules: AppModule[] = [system, auth, common, uploads, rbac, content, catalog, stores, logistics, addresses, cart, checkout, orders, aftersales]
