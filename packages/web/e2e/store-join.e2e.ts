// A store applicant's identity images are private: the wizard uploads them to the private folders and shows them
// through short-lived signed URLs, the admin's store review shows them the same way, and none of them is a file
// under /uploads.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import type { Locator } from 'playwright-core'
import { ACCOUNTS, apiCall, apiToken, dbQuery, loginThroughPage, png } from './app.ts'
import { baseUrl, newPage, screenshot } from './browser.ts'
import { E2E_ENV } from './env.ts'

async function upload(token: string, folder: string, image: Buffer): Promise<string> {
  const form = new FormData()
  form.set('name', folder)
  form.set('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'card.png')
  const response = await fetch(`${baseUrl()}/api/uploads`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form })
  const answer = (await response.json()) as { code: number; msg: string; data: string }
  expect(answer.code, answer.msg).toBe(200)
  return answer.data
}

/** The image is shown: its URL answered an image the browser decoded. */
async function expectLoaded(image: Locator) {
  await image.waitFor()
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
}

const SIGNED = /^\/api\/private_files\/\d+\?expires=\d+&signature=[\w-]+$/

test('identity images: uploaded privately, shown to the applicant in the wizard and to the admin in the review', async () => {
  const suffix = Date.now().toString(36)
  const username = `join_${suffix}`
  const password = 'Join@pass123'
  const storeName = `入驻店铺${suffix}`
  expect((await apiCall('POST', '/api/register', undefined, { username, password })).code).toBe(200)
  const token = await apiToken('user', username, password)

  // The application, submitted and denied: the applicant comes back to step 2 with the images saved.
  const identity = {
    business_license: await upload(token, 'business_license', png(40, [200, 40, 40])),
    id_card_t: await upload(token, 'id_card', png(40, [40, 200, 40])),
    id_card_b: await upload(token, 'id_card', png(40, [40, 40, 200])),
  }
  for (const url of Object.values(identity)) expect(url).toMatch(SIGNED)
  const { id: storeId } = (await apiCall<{ id: number }>('POST', '/api/store/join', token)).data
  const area = await dbQuery<{ id: number }>("SELECT id FROM areas WHERE code IN ('110000', '110100', '110105') ORDER BY code")
  const [leaf] = await dbQuery<{ c1: number; c2: number; c3: number }>(
    'SELECT c1.id c1, c2.id c2, c3.id c3 FROM goods_classes c3 JOIN goods_classes c2 ON c2.id = c3.pid JOIN goods_classes c1 ON c1.id = c2.pid WHERE c1.pid = 0 ORDER BY c3.id LIMIT 1',
  )
  const saved = await apiCall('PUT', '/api/store', token, {
    store_name: storeName, store_mobile: '13800000021', area: area.map((a) => a.id), store_address: '建国路 8 号', business_license_no: '91110000MA00000021',
    legal_person: '李四', store_phone: '13800000022', id_card_no: '11010519491231002X', class_id: [[leaf.c1, leaf.c2, leaf.c3]], ...identity,
  })
  expect(saved.code, saved.msg).toBe(200)
  const adminToken = await apiToken('admin', ACCOUNTS.admin.username, ACCOUNTS.admin.password)
  expect((await apiCall('PUT', `/api/Admin/stores/${storeId}/verify`, adminToken, { store_verify: 3, store_refuse_info: '执照照片模糊' })).code).toBe(200)

  const page = await newPage()
  await loginThroughPage(page, 'user', username, password)
  await page.goto('/store/step_2')
  await page.getByText('原因：执照照片模糊').waitFor()
  for (const name of ['营业执照照片', '身份证正面', '身份证反面']) {
    const image = page.getByRole('img', { name })
    await expectLoaded(image)
    expect(new URL((await image.getAttribute('src'))!, baseUrl()).pathname).toMatch(/^\/api\/private_files\/\d+$/)
  }

  // A sharper licence photo replaces the old one and is shown at once.
  const before = await page.getByRole('img', { name: '营业执照照片' }).getAttribute('src')
  await page.locator('input[type="file"]').first().setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: png(48, [250, 200, 0]) })
  await expect.poll(() => page.getByRole('img', { name: '营业执照照片' }).getAttribute('src')).not.toBe(before)
  await expectLoaded(page.getByRole('img', { name: '营业执照照片' }))
  await screenshot(page, 'store-join-identity-images', { fullPage: true })
  await page.getByRole('button', { name: '提交审核' }).click()
  await page.waitForURL((url) => url.pathname === '/store/step_3')

  // The application names private uploads of the applicant; nothing went to the public folder.
  const [store] = await dbQuery<{ business_license: string; id_card_t: string; id_card_b: string; user_id: number }>(
    'SELECT business_license, id_card_t, id_card_b, user_id FROM stores WHERE id = ?',
    [storeId],
  )
  for (const field of ['business_license', 'id_card_t', 'id_card_b'] as const) {
    const [fileId] = /\d+$/.exec(store[field]) ?? []
    const [row] = await dbQuery<{ owner_id: number; is_private: number; folder: string }>('SELECT owner_id, is_private, folder FROM uploads WHERE id = ?', [Number(fileId)])
    expect(row, field).toMatchObject({ owner_id: store.user_id, is_private: 1, folder: field === 'business_license' ? 'business_license' : 'id_card' })
  }
  expect(existsSync(path.join(E2E_ENV.UPLOAD_DIR, 'id_card'))).toBe(false)
  expect(existsSync(path.join(E2E_ENV.UPLOAD_DIR, 'business_license'))).toBe(false)

  // The admin reviews the application with its images.
  const admin = await newPage()
  await loginThroughPage(admin, 'admin', ACCOUNTS.admin.username, ACCOUNTS.admin.password)
  await admin.goto('/Admin/stores')
  await admin.getByRole('button', { name: `审核 ${storeName}` }).click()
  const drawer = admin.getByRole('dialog', { name: '店铺审核' })
  await drawer.getByRole('heading', { name: storeName }).waitFor()
  for (const name of ['营业执照', '身份证正面', '身份证反面']) await expectLoaded(drawer.getByRole('img', { name }))
  await screenshot(admin, 'store-join-admin-review')
})
