// Accounts and RBAC of the admin back office: administrators, roles, permissions, both menu trees, platform users.
import { z } from 'zod'
import { defineResource, type DictOption, type FieldDecl, type ResourceDecl } from '../../resource.ts'
import * as zx from '../../zx.ts'

export const YES_NO: DictOption[] = [
  { label: 'fields.yes', value: 1 },
  { label: 'fields.no', value: 0 },
]
/** An account's status reads as a state (active / disabled), never as "yes". */
const ACCOUNT_STATUS: DictOption[] = [
  { label: 'fields.account_enabled', value: 1 },
  { label: 'fields.account_disabled', value: 0 },
]
const SEX: DictOption[] = [
  { label: 'fields.sexUnknown', value: 0 },
  { label: 'fields.sexMale', value: 1 },
  { label: 'fields.sexFemale', value: 2 },
]

const nonNegative = () => zx.int().pipe(z.number().min(0))

/** Field declarations shared by the admin and seller account and role resources. */
export const accountFields = {
  username: {
    label: 'fields.username', input: zx.text(32, 1), required: true,
    form: { type: 'text' }, column: { type: 'text' }, filter: ['eq', 'like'], search: 'text', sortable: true,
  },
  password: { label: 'fields.password', input: zx.password(), required: true, writeOnly: true, form: { type: 'password' }, column: false },
  nickname: {
    label: 'fields.nickname', input: zx.text(32),
    form: { type: 'text' }, column: { type: 'text' }, filter: ['eq', 'like'], search: 'text',
  },
  avatar: { label: 'fields.avatar', input: zx.text(255), form: { type: 'avatar' }, column: { type: 'avatar' } },
  status: {
    label: 'fields.status', input: zx.flag(),
    form: { type: 'switch' }, column: { type: 'dict_tags', dict: ACCOUNT_STATUS }, filter: ['eq'], search: 'select',
  },
  created_at: { label: 'fields.created_at', column: { type: 'text' }, filter: ['between', 'gte', 'lte'], search: 'daterange', sortable: true },
} satisfies Record<string, FieldDecl>

/** A virtual list of ids written to a join table (role ids of an account, menu or permission ids of a role). */
export function idsField(label: string, dictUrl: string, labelKey = 'name'): FieldDecl {
  return {
    label, input: zx.ids(), virtual: true, column: false,
    form: { type: 'select', dict: { url: dictUrl, labelKey, valueKey: 'id' }, props: { multiple: true } },
  }
}

/** Role fields; `permissionsUrl` answers {menus, permissions} as dictionaries (load_permission). */
export function roleFields(permissionsUrl: string) {
  return {
    name: {
      label: 'fields.role_name', input: zx.text(64, 1), required: true,
      form: { type: 'text' }, column: { type: 'text' }, filter: ['eq', 'like'], search: 'text', sortable: true,
    },
    menu_id: {
      label: 'fields.menus', input: zx.ids(), virtual: true, column: false,
      form: { type: 'cascader', dict: { url: `${permissionsUrl}?part=menus` }, props: { multiple: true } },
    },
    permission_id: {
      label: 'fields.permissions', input: zx.ids(), virtual: true, column: false,
      form: { type: 'cascader', dict: { url: `${permissionsUrl}?part=permissions` }, props: { multiple: true } },
    },
    content: { label: 'fields.content', input: zx.text(255), form: { type: 'textarea', maxLength: 255 }, column: { type: 'text' } },
    created_at: accountFields.created_at,
  } satisfies Record<string, FieldDecl>
}

function menuFields(lazyUrl: string) {
  return {
    pid: { label: 'fields.pid', input: nonNegative(), form: { type: 'cascader_lazy', lazyUrl }, column: false },
    name: {
      label: 'fields.menu_name', input: zx.text(64, 1), required: true,
      form: { type: 'text' }, column: { type: 'text' }, filter: ['eq', 'like'], search: 'text',
    },
    ename: { label: 'fields.ename', input: zx.text(64), form: { type: 'text' }, column: { type: 'text' }, filter: ['like'] },
    icon: { label: 'fields.icon', input: zx.text(64), form: { type: 'icon' }, column: { type: 'icon_tags' } },
    apis: { label: 'fields.menu_apis', input: zx.text(255), form: { type: 'text' }, column: { type: 'text' }, filter: ['eq', 'like'], search: 'text' },
    view: { label: 'fields.view', input: zx.text(255), form: { type: 'text' }, column: { type: 'text' } },
    is_open: { label: 'fields.is_open', input: zx.flag(), form: { type: 'switch' }, column: { type: 'dict_tags', dict: YES_NO }, filter: ['eq'] },
    is_sort: { label: 'fields.is_sort', input: zx.int(), form: { type: 'number' }, column: { type: 'text' }, sortable: true },
    content: { label: 'fields.content', input: zx.text(255), form: { type: 'textarea', maxLength: 255 }, column: false },
  } satisfies Record<string, FieldDecl>
}

/**
 * Permission rows say which key a route checks: the seed derives them from the routes, and only super admins change
 * them (anyone holding a key could otherwise point it at any route).
 */
const PERMISSION_ROWS_SUPER_ONLY = ['store', 'update', 'destroy', 'import'] as const

export const resources: ResourceDecl[] = [
  defineResource({
    name: 'admins',
    area: 'admin',
    fields: {
      username: accountFields.username,
      password: accountFields.password,
      nickname: accountFields.nickname,
      avatar: accountFields.avatar,
      is_super: {
        label: 'fields.is_super', input: zx.flag(),
        form: { type: 'switch' }, column: { type: 'dict_tags', dict: YES_NO }, filter: ['eq'], search: 'select',
      },
      role_id: idsField('fields.roles', '/Admin/roles?isAll=1'),
      login_time: { label: 'fields.login_time', column: { type: 'text' }, sortable: true },
      created_at: accountFields.created_at,
    },
  }),
  defineResource({ name: 'roles', area: 'admin', fields: roleFields('/Admin/load_permission') }),
  defineResource({
    name: 'permission_groups',
    area: 'admin',
    superOnly: PERMISSION_ROWS_SUPER_ONLY,
    fields: {
      name: {
        label: 'fields.group_name', input: zx.text(64, 1), required: true,
        form: { type: 'text' }, column: { type: 'text' }, filter: ['eq', 'like'], search: 'text',
      },
      content: { label: 'fields.content', input: zx.text(255), form: { type: 'textarea', maxLength: 255 }, column: { type: 'text' } },
    },
  }),
  defineResource({
    name: 'permissions',
    area: 'admin',
    superOnly: PERMISSION_ROWS_SUPER_ONLY,
    fields: {
      pid: {
        label: 'fields.permission_group', input: zx.id(), required: true,
        form: { type: 'select', dict: { url: '/Admin/permission_groups?isAll=1', labelKey: 'name', valueKey: 'id' } },
        column: { type: 'dict', dict: { url: '/Admin/permission_groups?isAll=1', labelKey: 'name', valueKey: 'id' } },
        filter: ['eq', 'in'], search: 'select',
      },
      name: {
        label: 'fields.permission_name', input: zx.text(64, 1), required: true,
        form: { type: 'text' }, column: { type: 'text' }, filter: ['eq', 'like'], search: 'text',
      },
      apis: {
        label: 'fields.permission_key', input: zx.text(120, 1).regex(/^[a-z_]+(\.[a-z0-9_]+)+$/), required: true,
        form: { type: 'text' }, column: { type: 'text' }, filter: ['eq', 'like'], search: 'text', sortable: true,
      },
      content: { label: 'fields.content', input: zx.text(255), form: { type: 'textarea', maxLength: 255 }, column: false },
    },
  }),
  defineResource({ name: 'menus', area: 'admin', tree: true, sort: 'is_sort', fields: menuFields('/Admin/menus?isChildren=1') }),
  defineResource({ name: 'seller_menus', area: 'admin', tree: true, sort: 'is_sort', fields: menuFields('/Admin/seller_menus?isChildren=1') }),
  defineResource({
    name: 'users',
    area: 'admin',
    fields: {
      username: accountFields.username,
      phone: {
        label: 'fields.phone', input: z.preprocess((v) => (v === '' ? null : v), zx.phone().nullable()),
        form: { type: 'text' }, column: { type: 'text' }, filter: ['eq', 'like'], search: 'text',
      },
      password: accountFields.password,
      pay_password: { label: 'fields.pay_password', input: z.string().regex(/^\d{6}$/), writeOnly: true, form: { type: 'password' }, column: false },
      nickname: accountFields.nickname,
      avatar: accountFields.avatar,
      sex: { label: 'fields.sex', input: zx.int().pipe(z.number().min(0).max(2)), form: { type: 'radio', dict: SEX }, column: { type: 'dict', dict: SEX }, filter: ['eq'] },
      status: accountFields.status,
      inviter_id: { label: 'fields.inviter_id', input: nonNegative(), form: { type: 'number' }, column: { type: 'text' }, filter: ['eq'] },
      belong_id: { label: 'fields.belong_id', column: { type: 'text' }, filter: ['eq', 'gt'], filterAs: 'int' },
      money: { label: 'fields.money', column: { type: 'money' }, filter: ['gte', 'lte', 'between'], sortable: true },
      frozen_money: { label: 'fields.frozen_money', column: { type: 'money' }, sortable: true },
      integral: { label: 'fields.integral', column: { type: 'text' }, sortable: true },
      created_at: accountFields.created_at,
    },
  }),
]
