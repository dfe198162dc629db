// The RBAC declarations the web renders: every label has a zh-cn and an en text; secrets and balances stay put.
import { describe, expect, test } from 'vitest'
import { resources as adminRbac } from '@qshop/shared/resources/admin/rbac'
import { resources as sellerRbac } from '@qshop/shared/resources/seller/rbac'
import { FIELD_LABELS } from '@qshop/shared/i18n/fields'
import type { DictOption, ResourceDecl } from '@qshop/shared'

const labelsOf = (decls: ResourceDecl[]) =>
  decls.flatMap((d) =>
    Object.values(d.fields).flatMap((f) => {
      const dicts = [f.form?.dict, f.column ? f.column.dict : undefined].filter(Array.isArray) as DictOption[][]
      return [f.label, ...dicts.flat().map((o) => o.label)]
    }),
  )

describe('rbac declarations', () => {
  test('every field and dictionary label has both texts', () => {
    for (const label of labelsOf([...adminRbac, ...sellerRbac])) {
      expect(FIELD_LABELS['zh-cn'][label], label).toBeTruthy()
      expect(FIELD_LABELS.en[label], label).toBeTruthy()
    }
    expect(Object.keys(FIELD_LABELS.en).sort()).toEqual(Object.keys(FIELD_LABELS['zh-cn']).sort())
  })

  test('secrets are write-only and balances read-only', () => {
    const admin = Object.fromEntries(adminRbac.map((d) => [d.name, d]))
    expect(admin.admins.fields.password.writeOnly).toBe(true)
    expect(admin.users.fields.pay_password.writeOnly).toBe(true)
    for (const f of ['money', 'frozen_money', 'integral']) expect(admin.users.fields[f].input).toBeUndefined()
    expect(admin.users.fields.money.column).toMatchObject({ type: 'money' })
    expect(admin.menus.fields.icon.form?.type).toBe('icon')
  })
})
