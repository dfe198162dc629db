// Editor image uploads: images only, at most 10 MB each and 10 at a time; images under
// 5 KB are embedded as base64, larger ones uploaded with a 5 s time-out.
import { EDITOR_UPLOAD_TIMEOUT_MS, INLINE_IMAGE_MAX_BYTES, UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '../../config';
import { uploadFile } from '../upload';

type ImageRefusal = 'tooMany' | 'notImage' | 'tooLarge';

/** Why a choice of files is refused, or null when every file may be inserted. */
export function refuseImages(files: File[]): ImageRefusal | null {
  if (files.length > UPLOAD_MAX_FILES) return 'tooMany';
  if (files.some((file) => !file.type.startsWith('image/'))) return 'notImage';
  if (files.some((file) => file.size > UPLOAD_MAX_BYTES)) return 'tooLarge';
  return null;
}

export function shouldInline(file: File): boolean {
  return file.size < INLINE_IMAGE_MAX_BYTES;
}

function dataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The src of an image in the editor: inline data for small images, else the uploaded URL. */
export function imageSource(file: File): Promise<string> {
  return shouldInline(file) ? dataUrl(file) : uploadFile(file, 'editor', { timeout: EDITOR_UPLOAD_TIMEOUT_MS });
}
