// The store's reviews (/Seller/order_comments): listed, viewed, replied to (PUT {reply}).
import { defineResource } from '../../resource.ts'
import { reviewFields } from '../reviewFields.ts'

export const orderComments = defineResource({
  name: 'order_comments',
  area: 'seller',
  actions: ['index', 'show', 'update'],
  // The page's own reply dialog stands for the edit form.
  buttons: { store: false, update: false, deletes: false, import: false },
  fields: reviewFields,
})

export const resources = [orderComments]
