import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'prisma/config'

const here = path.dirname(fileURLToPath(import.meta.url))
// Prisma's native schema engine cannot be downloaded offline; `generate` and `validate` only need a
// binary that answers --version. Migrations are applied by scripts/migrate.ts instead.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(here, 'scripts/schema-engine-offline.sh')

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/qshop' },
})
