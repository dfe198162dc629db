// The answers of the order API the shopper's order pages read: money as "12.30" strings, times as
// "YYYY-MM-DD HH:mm:ss" (null until they happen).
import type { PayInfo } from '@qshop/shared/schemas/orderQueries';

export type { CheckoutLineAnswer, OrderCreated, OrderPreview, StoreGroup } from '@qshop/shared/schemas/orders';
export type { OrderCounts, OrderDetail, OrderLine, OrderRow, PayAnswer, PayInfo, PaymentName } from '@qshop/shared/schemas/orderQueries';

export type PayInfoOrder = PayInfo['orders'][number];
