// Where the repository's files are at run time: the web app's build (app.ts) and the migrations the start script
// applies (scripts/start.ts) and the readiness check counts (modules/system/readiness.ts).
import path from 'node:path'

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..')
export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'prisma/migrations')
