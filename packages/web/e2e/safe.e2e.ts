// A shopper sets the pay password with a code sent to their phone, then changes the login password with the
// current one, on the user centre's security pages; the new password is the one that logs in afterwards.
import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { verifyPassword } from '../../server/src/core/hash.ts'
import { verifyPayPassword } from '../../server/src/core/payPassword.ts'
import { apiCall, dbQuery, expectToast, submitLogin } from './app.ts'
import { newPage, waitForSmsCode } from './browser.ts'
import { E2E_ENV, SERVER_LOG } from './env.ts'

/** A mainland mobile number no earlier run used (the last 8 digits of the clock, in ms). */
const uniquePhone = () => `137${String(Date.now() % 1e8).padStart(8, '0')}`

/** Every SMS code the log driver wrote for `phone`, oldest first. */
const codesInLog = (phone: string) =>
  readFileSync(SERVER_LOG, 'utf8')
    .split('\n')
    .filter((line) => line.includes(phone))
    .flatMap((line) => /"code":"(\d{6})"/.exec(line)?.[1] ?? [])

/** The code of the next message to `phone` after the `seen` ones (the log is flushed asynchronously). */
async function nextSmsCode(phone: string, seen: number): Promise<string> {
  const until = Date.now() + 10_000
  for (;;) {
    const codes = codesInLog(phone)
    if (codes.length > seen) return codes[codes.length - 1]
    if (Date.now() > until) throw new Error(`no new SMS code for ${phone} in ${SERVER_LOG}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

const storedPasswords = async (phone: string) =>
  (await dbQuery<{ password: string; pay_password: string | null }>('SELECT password, pay_password FROM users WHERE phone = ?', [phone]))[0]

test('a shopper sets the pay password with an SMS code and changes the login password on the security pages', async () => {
  const phone = uniquePhone()
  const password = 'E2e@pass123'
  const newPassword = 'E2e@pass456'
  expect((await apiCall('POST', '/api/sms', undefined, { phone, name: 'register' })).code).toBe(200)
  const registered = await apiCall('POST', '/api/register', undefined, { type: 'phone', phone, code: await waitForSmsCode(phone), password })
  expect(registered.code, registered.msg).toBe(200)

  const page = await newPage()
  await page.goto('/login')
  await submitLogin(page, phone, password)
  await expectToast(page, '登录成功')
  await page.waitForURL((url) => url.pathname === '/')

  // The overview: no pay password yet, the phone masked
  await page.goto('/user/safe')
  const payItem = page.getByRole('region', { name: '支付密码', exact: true })
  await payItem.getByText('未设置').waitFor()
  await page.getByRole('region', { name: '绑定手机' }).getByText(`${phone.slice(0, 3)}****${phone.slice(-4)}`).waitFor()
  await payItem.getByRole('link', { name: '设置' }).click()
  await page.waitForURL('**/user/safe/pay_password')

  // Pay password, proved by a code sent to the bound phone
  await page.getByText('手机验证码', { exact: true }).click()
  const seen = codesInLog(phone).length
  await page.getByRole('button', { name: '获取验证码' }).click()
  await expectToast(page, '短信发送成功')
  await page.getByRole('textbox', { name: '验证码', exact: true }).fill(await nextSmsCode(phone, seen))
  await page.getByLabel('新支付密码', { exact: true }).fill('246810')
  await page.getByLabel('确认支付密码', { exact: true }).fill('246810')
  await page.getByRole('button', { name: '确定', exact: true }).click()
  await expectToast(page, '支付密码已设置')
  await page.waitForURL((url) => url.pathname === '/user/safe')
  await payItem.getByText('已设置').waitFor()
  expect((await verifyPayPassword(E2E_ENV.PAY_PASSWORD_KEY, (await storedPasswords(phone)).pay_password, '246810')).ok).toBe(true)

  // Login password: a wrong current password is refused and changes nothing, the right one changes it
  await page.getByRole('region', { name: '登录密码', exact: true }).getByRole('link', { name: '修改' }).click()
  await page.waitForURL('**/user/safe/password')
  await page.getByLabel('当前登录密码').fill('Not@mine123')
  await page.getByLabel('新密码', { exact: true }).fill(newPassword)
  await page.getByLabel('确认密码', { exact: true }).fill(newPassword)
  await page.getByRole('button', { name: '确定', exact: true }).click()
  await expectToast(page, '登录密码错误')
  expect(new URL(page.url()).pathname).toBe('/user/safe/password')
  expect(await verifyPassword((await storedPasswords(phone)).password, password)).toBe(true)
  await page.getByLabel('当前登录密码').fill(password)
  await page.getByRole('button', { name: '确定', exact: true }).click()
  await expectToast(page, '登录密码已修改，其他设备上的登录已退出')
  await page.waitForURL((url) => url.pathname === '/user/safe')

  // The session that made the change stays; after logging out, only the new password logs in
  await page.getByRole('button', { name: '退出登录' }).click()
  await page.waitForURL('**/login')
  await submitLogin(page, phone, password)
  await expectToast(page, '账号或密码错误')
  await submitLogin(page, phone, newPassword)
  await expectToast(page, '登录成功')
  await page.waitForURL((url) => url.pathname === '/')
})
