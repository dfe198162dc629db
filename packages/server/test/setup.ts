import { RATE_LIMIT_KEYS } from '../src/config.ts'

// Every vitest worker gets its own database and Redis prefix (docs/architecture.md).
// QSHOP_TEST_NS separates test runs that share one machine (several developers or checkouts).
const pool = `${process.env.QSHOP_TEST_NS ?? ""}${process.env.VITEST_POOL_ID ?? "1"}`
process.env.NODE_ENV = 'test'
process.env.DATABASE_URL = `mysql://root@127.0.0.1:3306/qshop_test_${pool}`
process.env.REDIS_PREFIX = `qshop_test_${pool}`
process.env.LOG_LEVEL ??= 'silent'
// Each app opens its two pools in full (core/db/pools.ts); two workers, each with an app or two open at a time, stay
// well inside the server's default 151 connections.
process.env.DATABASE_POOL ??= '5'
// Suites make thousands of requests from one address; the tests of the limits set their own.
for (const key of RATE_LIMIT_KEYS) process.env[key] ??= '100000'
process.env.UPLOAD_DIR = `/tmp/qshop-test-uploads-${pool}`
process.env.PRIVATE_UPLOAD_DIR = `/tmp/qshop-test-private-uploads-${pool}`
