import { CHUNK_LOAD_TIMEOUT_MS } from '../config';

export type ChunkFailure = 'timeout' | 'missing';

/** A lazy script chunk that did not arrive: names the chunk and how it failed. */
export class ChunkLoadError extends Error {
  constructor(
    readonly chunk: string,
    readonly failure: ChunkFailure,
    options?: { cause?: unknown },
  ) {
    super(`Loading chunk ${chunk} failed (${failure})`, options);
    this.name = 'ChunkLoadError';
  }
}

export function loadChunk<T>(chunk: string, importer: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk, 'timeout')), timeoutMs);
    importer().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunk, 'missing', { cause }));
      },
    );
  });
}
