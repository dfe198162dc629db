// Uploads: POST /api{area prefix}uploads, multipart; the answer's data is the file URL.
import { api } from '../api/client';
import { AREAS, areaFromPath } from '../auth/areas';
import { AVATAR_CROP } from '../config';
import { currentPathname } from '../router/navigation';

export type UploadKind = 'avatar' | 'image' | 'file' | 'editor';

/** '/Admin/uploads' or '/Seller/uploads' by the current page's area ('/uploads' on the storefront). */
export function uploadPath(pathname: string = currentPathname()): string {
  return `/${AREAS[areaFromPath(pathname)].apiPrefix}uploads`;
}

function uploadFields(file: File, kind: UploadKind, name?: string): Record<string, unknown> {
  switch (kind) {
    case 'editor':
      return { file };
    case 'avatar':
      return { file, name: 'avatar', option: { width: AVATAR_CROP.width, height: AVATAR_CROP.height } };
    case 'image':
      return { file, name: name ?? 'image', option: {} };
    case 'file':
      return { file, name: name ?? 'file', option: {}, uploadType: 'uploadFile' };
  }
}

/** The URL of the stored file; a refusal has been shown by the client and rejects. */
export function uploadFile(file: File, kind: UploadKind, options: { name?: string; timeout?: number } = {}): Promise<string> {
  return api.upload<string>(uploadPath(), uploadFields(file, kind, options.name), { timeout: options.timeout });
}
