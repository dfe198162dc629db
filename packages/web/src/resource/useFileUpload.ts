import { useState } from 'react';

/**
 * A file chooser's upload: `upload(file)` sends the chosen file through `send` and hands the stored file's URL to
 * `onUploaded`; `uploading` is true meanwhile. A refusal has been shown by the API client and changes nothing.
 */
export function useFileUpload(send: (file: File) => Promise<string>, onUploaded: (url: string) => void) {
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      onUploaded(await send(file));
    } catch {
      // the client has shown the refusal
    } finally {
      setUploading(false);
    }
  };
  return { uploading, upload };
}
