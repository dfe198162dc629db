// The review form of one order line: four star scores, text and up to MAX_REVIEW_IMAGES pictures (uploaded to
// POST /api/uploads, folder `comment`), posted to POST /api/user/comments.
import { ActionIcon, Box, Button, FileButton, Group, Image, Input, Rating, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_REVIEW_IMAGES, REVIEW_SCORES, REVIEW_TEXT_MAX, REVIEW_UPLOAD_FOLDER, SCORE_MAX } from '@qshop/shared/reviewRules';
import type { ReviewPosted } from '@qshop/shared/schemas/reviews';
import { api, ApiError } from '../../api/client';
import { notifySuccess } from '../../utils/notify';
import { canAddImage, emptyDraft, reviewBody, type ReviewDraft } from './reviewModel';

export function ReviewForm({ lineId, onPosted }: { lineId: number; onPosted: (posted: ReviewPosted) => void }) {
  const { t: tr } = useTranslation(undefined, { keyPrefix: 'reviews' });
  const [draft, setDraft] = useState<ReviewDraft>(emptyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  const [posting, setPosting] = useState(false);
  const change = (patch: Partial<ReviewDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      const url = await api.upload<string>('/uploads', { file, name: REVIEW_UPLOAD_FOLDER });
      setDraft((d) => (canAddImage(d) ? { ...d, image: [...d.image, url] } : d));
    } catch {
      // the client has shown the refusal
    } finally {
      setUploading(false);
    }
  };

  const submit = async () => {
    setPosting(true);
    setErrors({});
    try {
      const posted = await api.post<ReviewPosted>('/user/comments', reviewBody(lineId, draft));
      notifySuccess(tr(posted.order_completed ? 'orderCompleted' : 'posted'));
      onPosted(posted);
    } catch (error) {
      // 400: the fields' messages; a refusal (already reviewed...) the client has shown.
      if (error instanceof ApiError) setErrors(error.fieldErrors);
    } finally {
      setPosting(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="review-form">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {REVIEW_SCORES.map((key) => (
          <Group key={key} gap="sm" wrap="nowrap">
            <Text size="sm" w={96}>
              {tr(`scores.${key}`)}
            </Text>
            <Rating
              value={draft[key]}
              count={SCORE_MAX}
              onChange={(value) => change({ [key]: Math.max(1, value) })}
              aria-label={tr('stars', { label: tr(`scores.${key}`), value: draft[key] })}
              data-testid={`rating-${key}`}
            />
            {errors[key] && (
              <Text size="xs" c="red">
                {errors[key]}
              </Text>
            )}
          </Group>
        ))}
      </SimpleGrid>
      <Textarea
        label={tr('content')}
        placeholder={tr('contentPlaceholder')}
        value={draft.content}
        onChange={(e) => change({ content: e.currentTarget.value })}
        maxLength={REVIEW_TEXT_MAX}
        autosize
        minRows={3}
        error={errors.content}
        description={`${draft.content.length} / ${REVIEW_TEXT_MAX}`}
      />
      <Input.Wrapper label={tr('images', { count: draft.image.length, max: MAX_REVIEW_IMAGES })} error={errors.image}>
        <Group gap="xs" mt={4}>
          {draft.image.map((src, index) => (
            <Box key={src} pos="relative">
              <Image src={src} w={64} h={64} fit="cover" radius="sm" alt="" />
              <ActionIcon
                size="xs"
                color="dark"
                variant="filled"
                pos="absolute"
                top={2}
                right={2}
                aria-label={tr('removeImage', { index: index + 1 })}
                onClick={() => change({ image: draft.image.filter((u) => u !== src) })}
              >
                <IconX size={12} />
              </ActionIcon>
            </Box>
          ))}
          {canAddImage(draft) && (
            <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg,image/gif,image/webp">
              {(props) => (
                <Button variant="default" w={64} h={64} p={0} loading={uploading} aria-label={tr('addImage')} {...props}>
                  <IconPhotoPlus size={22} />
                </Button>
              )}
            </FileButton>
          )}
        </Group>
      </Input.Wrapper>
      <Group justify="flex-end">
        <Button color="red" onClick={() => void submit()} loading={posting} disabled={uploading}>
          {tr('submit')}
        </Button>
      </Group>
    </Stack>
  );
}
