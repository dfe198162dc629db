// Accounts and RBAC of the seller back office: sub-accounts of the store and the store's roles.
import { defineResource, type ResourceDecl } from '../../resource.ts'
import { accountFields, idsField, roleFields } from '../admin/rbac.ts'

export const resources: ResourceDecl[] = [
  defineResource({
    name: 'users',
    area: 'seller',
    fields: {
      username: accountFields.username,
      password: accountFields.password,
      nickname: accountFields.nickname,
      avatar: accountFields.avatar,
      status: accountFields.status,
      role_id: idsField('fields.roles', '/Seller/roles?isAll=1'),
      created_at: accountFields.created_at,
    },
  }),
  defineResource({ name: 'roles', area: 'seller', fields: roleFields('/Seller/load_permission') }),
]
