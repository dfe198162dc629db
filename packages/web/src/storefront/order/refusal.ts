import { ApiError } from '../../api/errors';

/**
 * What the server said when it refused a request (a business refusal, or a 4xx whose envelope carries the reason),
 * to keep on the page beside the toast the client showed; null for failures it did not explain (network, 5xx).
 */
export function refusalMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status >= 500) return null;
  if (error.kind !== 'code' && error.kind !== 'http') return null;
  return error.envelope?.msg || (error.kind === 'code' ? error.message : null) || null;
}
