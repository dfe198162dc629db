/** A fetch answer for tests. */
export function answer(body: unknown, init: { status?: number; statusText?: string; headers?: Record<string, string> } = {}): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const contentType = typeof body === 'string' ? 'text/plain' : 'application/json';
  return new Response(text, {
    status: init.status ?? 200,
    statusText: init.statusText ?? '',
    headers: { 'content-type': contentType, ...init.headers },
  });
}

export function envelope(code: number, data: unknown = null, msg = '', status = 200): Response {
  return answer({ code, msg, data }, { status });
}
