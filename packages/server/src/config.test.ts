import { describe, expect, test } from 'vitest'
import { loadConfig } from './config.ts'

describe('CORS_ORIGIN', () => {
  test('none by default: the web app is served from the API’s origin', () => {
    expect(loadConfig({}).CORS_ORIGIN).toEqual([])
    expect(loadConfig({ CORS_ORIGIN: '' }).CORS_ORIGIN).toEqual([])
  })

  test('a comma list of origins, or * alone', () => {
    expect(loadConfig({ CORS_ORIGIN: 'https://shop.example.com, http://localhost:5173' }).CORS_ORIGIN).toEqual(['https://shop.example.com', 'http://localhost:5173'])
    expect(loadConfig({ CORS_ORIGIN: '*' }).CORS_ORIGIN).toEqual(['*'])
  })

  test.each(['https://shop.example.com/', 'shop.example.com', 'https://a.com/path', '*,https://a.com', 'https://*.example.com', 'javascript:alert(1)'])(
    '%s is refused at start-up',
    (value) => {
      expect(() => loadConfig({ CORS_ORIGIN: value })).toThrow(/CORS_ORIGIN/)
    },
  )
})

describe('API_DOCS', () => {
  test.each([
    [{ NODE_ENV: 'production' }, false],
    [{ NODE_ENV: 'development' }, true],
    [{ NODE_ENV: 'test' }, true],
    [{}, true],
    [{ NODE_ENV: 'production', API_DOCS: 'true' }, true],
    [{ NODE_ENV: 'development', API_DOCS: 'false' }, false],
    [{ NODE_ENV: 'production', API_DOCS: '0' }, false],
    [{ NODE_ENV: 'production', API_DOCS: '' }, false],
    [{ NODE_ENV: 'development', API_DOCS: '' }, true],
  ])('%o → %s', (env, docs) => {
    expect(loadConfig(env).API_DOCS).toBe(docs)
  })
})
