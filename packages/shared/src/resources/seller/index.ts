import type { ResourceDecl } from '../../resource.ts'
import { resources as rbac } from './rbac.ts'
import { resources as catalog } from './catalog.ts'
import { resources as logistics } from './logistics.ts'
import { resources as settlement } from './settlement.ts'
import { resources as reviews } from './reviews.ts'
import { resources as orders } from './orders.ts'
import { resources as aftersales } from './aftersales.ts'
import { resources as funds } from './funds.ts'
import { resources as promotions } from './promotions.ts'
import { resources as seckills } from './seckills.ts'
import { resources as collectives } from './collectives.ts'

/** Seller resources by name (the path segment after /Seller/). */
export const RESOURCES: Record<string, ResourceDecl> = Object.fromEntries([...rbac, ...catalog, ...logistics, ...settlement, ...reviews, ...orders, ...aftersales, ...funds, ...promotions, ...seckills, ...collectives].map((r) => [r.name, r]))
