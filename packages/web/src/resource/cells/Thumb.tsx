import { Anchor, Avatar, Image } from '@mantine/core';

const THUMB_SIZE = 40;

/** A thumbnail opening the full image; '-' without one. */
export function Thumb({ src, round = false }: { src: unknown; round?: boolean }) {
  if (typeof src !== 'string' || src === '') return <>-</>;
  return (
    <Anchor href={src} target="_blank" rel="noreferrer">
      {round ? <Avatar src={src} size={THUMB_SIZE} /> : <Image src={src} w={THUMB_SIZE} h={THUMB_SIZE} fit="contain" />}
    </Anchor>
  );
}
