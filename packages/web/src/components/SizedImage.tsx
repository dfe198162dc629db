import { useState, type ImgHTMLAttributes, type ReactNode } from 'react';
import { Avatar, type AvatarProps } from '@mantine/core';
import { hasSizedCopies, sizedCopyUrl, sizedSrcSet } from '@qshop/shared/sizedImages';

type SizedImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height'> & {
  src: string;
  /** The width the image takes on the page (the `sizes` attribute), which picks the copy. */
  sizes: string;
  /** Intrinsic size hints: the box keeps its shape before the picture arrives. */
  width: number;
  height: number;
};

/**
 * An image with the WebP copies the server stores beside it (see @qshop/shared/sizedImages) in `srcset`, so the
 * browser fetches the smallest copy that fits `sizes`. Images of other sites have no copies and are shown as they
 * are; should a copy be missing all the same (an image not yet given copies), the original is shown instead.
 */
export function SizedImage({ src, sizes, onError, ...rest }: SizedImageProps) {
  const [failed, setFailed] = useState<string>();
  const srcSet = failed === src ? undefined : sizedSrcSet(src);
  return (
    <img
      {...rest}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      src={src}
      onError={(event) => {
        if (srcSet) setFailed(src);
        onError?.(event);
      }}
    />
  );
}

/** The smallest copy is wide enough for every avatar the pages show (at most 96 px, on screens of 2x density). */
const AVATAR_COPY_WIDTH = 200;

/** A Mantine avatar (store logos) showing the image's small copy, or the original when it has none or it fails. */
export function SizedAvatar({ src, ...rest }: Omit<AvatarProps, 'src' | 'imageProps'> & { src?: string | null; children?: ReactNode }) {
  const [failed, setFailed] = useState<string>();
  const copy = src && failed !== src && hasSizedCopies(src) ? sizedCopyUrl(src, AVATAR_COPY_WIDTH) : undefined;
  return <Avatar {...rest} src={copy ?? (src || null)} imageProps={{ onError: () => copy && setFailed(src ?? undefined) }} />;
}
