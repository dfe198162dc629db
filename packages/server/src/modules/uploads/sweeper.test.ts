// Uploads left unfinished by a process that died between writing the row and recording the URL: the maintenance
// sweep removes their rows and stored files once they are old, and leaves finished and recent uploads alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Job } from 'bullmq'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { QUEUE_MAINTENANCE } from '../../core/jobs/queues.ts'
import { allJobs, queueProcessor, schedulesOf } from '../../jobs/registry.ts'
import { UNFINISHED_UPLOAD_AGE_MS } from './sweeper.ts'

let app: FastifyInstance

beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: false, areas: false })
})
afterAll(async () => {
  await app.close()
})

const png = () => sharp({ create: { width: 20, height: 20, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer()

/** Uploads a file as a shopper and answers its row. */
async function upload(userId: number, folder: string) {
  const { access_token } = await app.tokens.issue('user', userId, { ip: '127.0.0.1', headers: {} } as FastifyRequest)
  const res = await http(app).post('/api/uploads').set(bearer(access_token)).field('name', folder).attach('file', await png(), 'a.png')
  expect(res.body.code, JSON.stringify(res.body)).toBe(200)
  return app.db.uploads.findFirstOrThrow({ where: { owner_id: userId, folder }, orderBy: { id: 'desc' } })
}

/** The row as a crash between storing the bytes and recording the URL leaves it, `ageMs` ago. */
const leaveUnfinished = (id: number, ageMs: number) =>
  app.db.uploads.update({ where: { id }, data: { url: '', created_at: new Date(Date.now() - ageMs) } })

const fileOf = (row: { disk: string; path: string }) =>
  path.join(row.disk === 'private' ? app.config.PRIVATE_UPLOAD_DIR : app.config.UPLOAD_DIR, row.path)

/** Runs the job as the worker does: through the registry, by its name. */
const runSweep = () =>
  queueProcessor(app, allJobs(), QUEUE_MAINTENANCE)({ name: 'sweep-unfinished-uploads', data: {} } as Job)

describe('the sweep of unfinished uploads', () => {
  it('is a scheduled maintenance job', () => {
    expect(schedulesOf(allJobs())).toContainEqual({ queue: QUEUE_MAINTENANCE, id: 'sweep-unfinished-uploads', every: 5 * 60 * 1000, name: 'sweep-unfinished-uploads' })
  })

  it('removes old rows without a URL and their stored files, public and private; keeps finished and recent uploads', async () => {
    const owner = await app.db.users.create({ data: { username: 'sweep_owner', password: 'unused' } })
    const old = UNFINISHED_UPLOAD_AGE_MS + 60_000
    const storedPublic = await upload(owner.id, 'avatar')
    const storedPrivate = await upload(owner.id, 'id_card')
    const recent = await upload(owner.id, 'recent')
    const finished = await upload(owner.id, 'done')
    await leaveUnfinished(storedPublic.id, old)
    await leaveUnfinished(storedPrivate.id, old)
    await leaveUnfinished(recent.id, 60_000)
    await app.db.uploads.update({ where: { id: finished.id }, data: { created_at: new Date(Date.now() - old) } })
    // A crash before the bytes were stored: a row and no file.
    const noFile = await app.db.uploads.create({
      data: { area: 'user', owner_id: owner.id, folder: 'avatar', disk: 'public', path: 'avatar/20200101/never-stored.png', size: 1, mime: 'image/png', created_at: new Date(Date.now() - old) },
    })
    for (const row of [storedPublic, storedPrivate, recent, finished]) expect(existsSync(fileOf(row)), row.path).toBe(true)

    expect(await runSweep()).toEqual({ removed: 3 })

    const left = await app.db.uploads.findMany({ where: { owner_id: owner.id }, select: { id: true } })
    expect(left.map((r) => r.id).sort()).toEqual([recent.id, finished.id].sort())
    expect(existsSync(fileOf(storedPublic))).toBe(false)
    expect(existsSync(fileOf(storedPrivate))).toBe(false)
    expect(existsSync(fileOf(recent))).toBe(true)
    expect(existsSync(fileOf(finished))).toBe(true)
    expect(await app.db.uploads.count({ where: { id: noFile.id } })).toBe(0)
    // nothing is left to do
    expect(await runSweep()).toEqual({ removed: 0 })
  })
})
