import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../test/http';
import { refuseImages, shouldInline } from './editor/editorImages';
import { uploadFile, uploadPath } from './upload';

const image = (bytes: number, type = 'image/png') => new File([new Uint8Array(bytes)], 'a.png', { type });

function stubUpload(response: Response) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => response);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('uploads', () => {
  afterEach(() => window.history.pushState({}, '', '/'));

  it('go to the uploads path of the current area', () => {
    expect(uploadPath('/Admin/goods_brands')).toBe('/Admin/uploads');
    expect(uploadPath('/Seller/goods')).toBe('/Seller/uploads');
  });

  it('send an avatar as file, name avatar and a 150x150 option; the answer is the URL', async () => {
    window.history.pushState({}, '', '/Admin/users');
    const fetch = stubUpload(envelope(200, '/uploads/avatar/a.png'));
    await expect(uploadFile(image(10), 'avatar')).resolves.toBe('/uploads/avatar/a.png');
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/Admin/uploads');
    const form = init.body as FormData;
    expect(form.get('file')).toBeInstanceOf(File);
    expect(form.get('name')).toBe('avatar');
    expect(JSON.parse(String(form.get('option')))).toEqual({ width: 150, height: 150 });
  });

  it('mark a plain file upload with uploadType=uploadFile', async () => {
    window.history.pushState({}, '', '/Seller/goods');
    const fetch = stubUpload(envelope(200, '/uploads/file/a.zip'));
    await uploadFile(image(10, 'application/zip'), 'file');
    const form = fetch.mock.calls[0][1].body as FormData;
    expect(form.get('uploadType')).toBe('uploadFile');
    expect(fetch.mock.calls[0][0]).toBe('/api/Seller/uploads');
  });

  it('reject when the answer code is not 200', async () => {
    stubUpload(envelope(402, null, 'This file type is not allowed.'));
    await expect(uploadFile(image(10), 'image')).rejects.toThrow('This file type is not allowed.');
  });
});

describe('editor images', () => {
  it('are images only, at most 10 MB each and 10 at a time', () => {
    expect(refuseImages([image(10)])).toBeNull();
    expect(refuseImages(Array.from({ length: 11 }, () => image(10)))).toBe('tooMany');
    expect(refuseImages([image(10, 'text/plain')])).toBe('notImage');
    expect(refuseImages([image(10_485_761)])).toBe('tooLarge');
  });

  it('are embedded inline under 5 KB', () => {
    expect(shouldInline(image(5 * 1024 - 1))).toBe(true);
    expect(shouldInline(image(5 * 1024))).toBe(false);
  });
});
