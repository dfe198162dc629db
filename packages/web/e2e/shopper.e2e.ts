// A shopper registers with a phone and an SMS code, logs out and logs back in with the new account.
import { expect, test } from 'vitest'
import { dbQuery, submitLogin, expectToast } from './app.ts'
import { newPage, waitForSmsCode } from './browser.ts'

/** A mainland mobile number no earlier run used (the last 8 digits of the clock, in ms). */
const uniquePhone = () => `139${String(Date.now() % 1e8).padStart(8, '0')}`
const maskedPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`

const accountsWithPhone = async (phone: string) =>
  (await dbQuery<{ n: number }>('SELECT COUNT(*) AS n FROM users WHERE phone = ?', [phone]))[0].n

test('register with phone + SMS code (mismatch and unaccepted agreement refused first), log out, log in again', async () => {
  const phone = uniquePhone()
  const password = 'E2e@pass123'
  const page = await newPage()
  await page.goto('/register')
  await page.getByRole('heading', { name: '会员注册' }).waitFor()
  await page.getByText('手机验证码', { exact: true }).click()

  await page.getByLabel('手机号').fill(phone)
  await page.getByRole('button', { name: '获取验证码' }).click()
  await expectToast(page, '短信发送成功')
  await page.getByRole('button', { name: /秒后重发/ }).waitFor()
  const code = await waitForSmsCode(phone)
  await page.getByRole('textbox', { name: '验证码', exact: true }).fill(code)

  // Passwords that differ: refused on the form, nothing sent
  await page.getByLabel('密码', { exact: true }).fill(password)
  await page.getByLabel('确认密码').fill(`${password}x`)
  await page.getByRole('button', { name: '注册', exact: true }).click()
  await page.getByText('两次输入的密码不一致').waitFor()
  expect(await accountsWithPhone(phone)).toBe(0)

  // Agreement not accepted: refused with a message
  await page.getByLabel('确认密码').fill(password)
  await page.getByRole('button', { name: '注册', exact: true }).click()
  await expectToast(page, '请先阅读并同意用户协议')
  expect(await page.getByText('两次输入的密码不一致').count()).toBe(0)
  expect(new URL(page.url()).pathname).toBe('/register')
  expect(await accountsWithPhone(phone)).toBe(0)

  // The agreement can be read, then accepted
  await page.getByRole('button', { name: '《用户协议》' }).click()
  const agreement = page.getByRole('dialog')
  await agreement.waitFor()
  await page.keyboard.press('Escape')
  await agreement.waitFor({ state: 'hidden' })
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: '注册', exact: true }).click()
  await expectToast(page, '登录成功')
  await page.waitForURL((url) => url.pathname === '/')
  // The header's account link (the first on the page; the page body may show the account too)
  const accountLinks = page.getByRole('link', { name: maskedPhone(phone) })
  const accountLink = accountLinks.first()
  await accountLink.waitFor()
  expect(await accountsWithPhone(phone)).toBe(1)

  // Log out: the header offers login again
  await page.getByRole('button', { name: '退出登录' }).click()
  await page.waitForURL('**/login')
  await page.getByRole('link', { name: '登录', exact: true }).first().waitFor()
  expect(await accountLinks.count()).toBe(0)

  // Log in with the new account (its phone is its account name)
  await submitLogin(page, phone, password)
  await expectToast(page, '登录成功')
  await page.waitForURL((url) => url.pathname === '/')
  await accountLink.waitFor()
  await accountLink.click()
  await page.waitForURL('**/user')
  await page.getByText(`手机号：${phone}`).waitFor()
})
