import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Anchor, Button, Card, Center, FileButton, Grid, Group, Image, Loader, NavLink, Pagination, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconFolder, IconFolderPlus, IconPencil, IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { api } from '../../api/client';
import { clearDictCache, rowsOf } from '../../resource/dict';
import { uploadFile } from '../../resource/upload';
import { notifySuccess } from '../../utils/notify';
import '../../i18n/backoffice';

const DIRS = '/Seller/file_space_dirs';
const FILES = '/Seller/file_spaces';
const PER_PAGE = 30;
/** The folder filter: every file, the files outside any folder (dir_id 0), or one folder. */
type Folder = 'all' | number;
const ROOT = 0;

interface Dir {
  id: number;
  name: string;
}
interface FileRow {
  id: number;
  url: string;
  name: string;
  dir_id: number;
  info?: string;
}

function NameDialog({ initial, onSubmit }: { initial: string; onSubmit: (name: string) => Promise<void> }) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'boCatalog' });
  const [name, setName] = useState(initial);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!name.trim()) return;
    setBusy(true);
    try {
      await onSubmit(name.trim());
      modals.closeAll();
    } catch {
      // the client has shown the refusal
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      <TextInput label={tc('folderName')} value={name} onChange={(event) => setName(event.currentTarget.value)} data-autofocus maxLength={64} />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => modals.closeAll()}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => void submit()} loading={busy} disabled={!name.trim()}>
          {t('common.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The seller's image space (/Seller/file_spaces): folders on the left, the goods images of one folder as a grid. */
export default function ImageSpacePage() {
  const { t } = useTranslation();
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'boCatalog' });
  const [dirs, setDirs] = useState<Dir[]>([]);
  const [folder, setFolder] = useState<Folder>('all');
  const [files, setFiles] = useState<FileRow[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(true);
  const [uploading, setUploading] = useState(false);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  const loadDirs = useCallback(() => {
    api.get<unknown>(DIRS, { isAll: 1 }).then(
      (answer) => setDirs(rowsOf(answer).map((row) => ({ id: Number(row.id), name: String(row.name ?? '') }))),
      () => undefined,
    );
  }, []);
  useEffect(loadDirs, [loadDirs]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    api
      .get<{ data: FileRow[]; total: number }>(FILES, { page, per_page: PER_PAGE, ...(folder === 'all' ? {} : { dir_id: folder }) })
      .then(
        (answer) => {
          if (!live) return;
          setFiles(answer.data);
          setTotal(answer.total);
        },
        () => undefined,
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [folder, page, version]);

  const open = (next: Folder) => {
    setFolder(next);
    setPage(1);
  };
  const afterFolderChange = () => {
    clearDictCache();
    loadDirs();
  };

  const editFolder = (dir?: Dir) =>
    modals.open({
      title: dir ? tc('renameFolder') : tc('newFolder'),
      children: (
        <NameDialog
          initial={dir?.name ?? ''}
          onSubmit={async (name) => {
            if (dir) await api.put(`${DIRS}/${dir.id}`, { name });
            else await api.post(DIRS, { name });
            notifySuccess(t('msg.success'));
            afterFolderChange();
          }}
        />
      ),
    });

  const confirm = (message: string, action: () => Promise<unknown>) =>
    modals.openConfirmModal({
      title: t('table.deltit'),
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        action().then(
          () => notifySuccess(t('msg.success')),
          () => undefined,
        );
      },
    });

  const deleteFolder = (dir: Dir) =>
    confirm(tc('deleteFolderConfirm', { name: dir.name }), async () => {
      await api.del(`${DIRS}/${dir.id}`);
      if (folder === dir.id) open('all');
      afterFolderChange();
      reload();
    });

  const deleteFile = (file: FileRow) =>
    confirm(tc('deleteFileConfirm', { name: file.name }), async () => {
      await api.del(`${FILES}/${file.id}`);
      reload();
    });

  const moveFile = async (file: FileRow, dirId: number) => {
    try {
      await api.put(`${FILES}/${file.id}`, { dir_id: dirId });
      notifySuccess(t('msg.success'));
      reload();
    } catch {
      // the client has shown the refusal
    }
  };

  const upload = async (chosen: File[]) => {
    if (!chosen.length) return;
    setUploading(true);
    try {
      for (const file of chosen) await uploadFile(file, 'image', { name: 'goods' });
      notifySuccess(t('msg.success'));
    } catch {
      // the client has shown the refusal
    } finally {
      setUploading(false);
      open(folder === 'all' ? 'all' : ROOT);
      reload();
    }
  };

  const dirOptions = [{ value: String(ROOT), label: tc('rootFolder') }, ...dirs.map((dir) => ({ value: String(dir.id), label: dir.name }))];

  return (
    <Grid gutter="md">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Stack gap={4} role="navigation" aria-label={tc('folders')}>
          <Group justify="space-between">
            <Text fw={500}>{tc('folders')}</Text>
            <Tooltip label={tc('newFolder')}>
              <ActionIcon variant="light" aria-label={tc('newFolder')} onClick={() => editFolder()}>
                <IconFolderPlus size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <NavLink label={tc('allFiles')} leftSection={<IconPhoto size={16} />} active={folder === 'all'} onClick={() => open('all')} />
          <NavLink label={tc('rootFolder')} leftSection={<IconFolder size={16} />} active={folder === ROOT} onClick={() => open(ROOT)} />
          {dirs.map((dir) => (
            <Group key={dir.id} gap={2} wrap="nowrap">
              <NavLink label={dir.name} leftSection={<IconFolder size={16} />} active={folder === dir.id} onClick={() => open(dir.id)} style={{ flex: 1 }} />
              <ActionIcon variant="subtle" color="gray" aria-label={tc('renameFolderOf', { name: dir.name })} onClick={() => editFolder(dir)}>
                <IconPencil size={14} />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" aria-label={tc('deleteFolderOf', { name: dir.name })} onClick={() => deleteFolder(dir)}>
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {tc('fileCount', { count: total })}
            </Text>
            <FileButton onChange={(chosen) => void upload(chosen)} accept="image/*" multiple>
              {(props) => (
                <Button size="xs" leftSection={<IconUpload size={14} />} loading={uploading} {...props}>
                  {tc('uploadImages')}
                </Button>
              )}
            </FileButton>
          </Group>
          {loading && files.length === 0 ? (
            <Center py="xl">
              <Loader aria-label={tc('loading')} />
            </Center>
          ) : files.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {t('common.empty')}
            </Text>
          ) : (
            <Grid gutter="sm">
              {files.map((file) => (
                <Grid.Col key={file.id} span={{ base: 6, sm: 4, lg: 3 }}>
                  <Card withBorder padding="xs">
                    <Card.Section>
                      <Anchor href={file.url} target="_blank" rel="noreferrer">
                        <Image src={file.url} h={120} fit="contain" alt={file.name} />
                      </Anchor>
                    </Card.Section>
                    <Text size="xs" mt={6} truncate title={file.name}>
                      {file.name}
                    </Text>
                    {file.info ? (
                      <Text size="xs" c="dimmed">
                        {file.info}
                      </Text>
                    ) : null}
                    <Group gap={4} mt={6} wrap="nowrap">
                      <Select
                        size="xs"
                        aria-label={tc('moveFile', { name: file.name })}
                        data={dirOptions}
                        value={String(file.dir_id ?? ROOT)}
                        onChange={(key) => key !== null && Number(key) !== file.dir_id && void moveFile(file, Number(key))}
                        allowDeselect={false}
                        style={{ flex: 1 }}
                      />
                      <ActionIcon variant="subtle" color="red" aria-label={tc('deleteFile', { name: file.name })} onClick={() => deleteFile(file)}>
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Group>
                  </Card>
                </Grid.Col>
              ))}
            </Grid>
          )}
          {total > PER_PAGE ? <Pagination total={Math.ceil(total / PER_PAGE)} value={page} onChange={setPage} size="sm" /> : null}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
