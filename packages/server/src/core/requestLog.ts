// Request logging: one concise line per request at debug level (LOG_LEVEL=debug), nothing at info. Fastify's default
// writes two info lines per request (and one per unknown route), which buried everything else in an info log.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'

/** `GET /api/goods/1 200 12ms`: the path without its query, where signed file links and login tokens travel. */
export const requestLine = (req: FastifyRequest, reply: FastifyReply) =>
  `${req.method} ${req.url.split('?')[0]} ${reply.statusCode} ${Math.round(reply.elapsedTime)}ms`

export class ConciseRequestLog extends LogController {
  override incomingRequest() {}

  override routeNotFound() {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply) {
    // An error here is one the answer could not carry (the connection broke while it was sent).
    if (error) reply.log.error({ err: error }, requestLine(req, reply))
    else reply.log.debug(requestLine(req, reply))
  }
}
