import { describe, expect, it } from 'vitest';
import { ChunkLoadError, loadChunk } from './chunks';

describe('lazy chunks', () => {
  it('resolves the module', async () => {
    expect(await loadChunk('pages/A', async () => ({ default: 1 }))).toEqual({ default: 1 });
  });

  it('names the chunk and reports a missing file', async () => {
    const error = await loadChunk('storefront/HomePage', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ chunk: 'storefront/HomePage', failure: 'missing' });
  });

  it('reports a time-out', async () => {
    const error = await loadChunk('Admin/goods', () => new Promise(() => undefined), 5).catch((e: unknown) => e);
    expect(error).toMatchObject({ chunk: 'Admin/goods', failure: 'timeout' });
  });
});
