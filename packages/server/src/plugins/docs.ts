// OpenAPI document generated from the zod schemas of the routes, served with its UI at /api/docs.
import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import type { FastifyInstance } from 'fastify'

export default fp(async function docs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Shop platform API', version: '1.0.0', description: 'Envelope {code, msg, data}; see docs/architecture.md' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  })
})
