import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Group, Text } from '@mantine/core';
import type { MRT_RowSelectionState } from 'mantine-react-table';
import type { ResourceDecl } from '@qshop/shared';
import { resourceForPath } from '@qshop/shared/resources/index';
import { useSessionUser } from '../auth/useSession';
import { currentLanguage } from '../i18n';
import { useRouteHandle } from '../router/handle';
import { tableButtons, type TableButtons } from './buttons';
import { clearDictCache } from './dict';
import { ResourceDialog, type DialogTarget } from './dialogs';
import { useDeleteRows } from './deleteRows';
import { buildWorkbook, downloadWorkbook, exportFileName, rowsToExport } from './exportRows';
import { ImportDialog } from './ImportDialog';
import { ResourceTable, flattenRows } from './ResourceTable';
import { ResourceToolbar, RowActions } from './ResourceToolbar';
import { SearchPanel } from './search/SearchPanel';
import type { SearchOption } from './searchOptions';
import { exportColumns, type CellRenderers } from './tableColumns';
import type { Row } from './types';
import { useResourceView } from './useResourceView';

export interface ResourcePageProps {
  /** The declaration shown (default: the one of the current route path) */
  decl?: ResourceDecl;
  /** The data endpoint (default: the route path) */
  endpoint?: string;
  /** Search options instead of the declaration's searchable fields */
  searchOptions?: SearchOption[];
  /** Renderers of `custom` columns */
  renderCell?: CellRenderers;
  /**
   * A page of its own for adding and editing, instead of the dialogs (the goods form): add opens it, edit opens it
   * with `?id=<row id>`. The add and edit buttons then show unless the declaration switches them off.
   */
  formPage?: string;
  /** Actions of a row besides view, edit and delete (a review); `reload` refreshes the list after a change. */
  rowExtras?: (row: Row, reload: () => void) => ReactNode;
}

/** The name of the page's menu entry in the current language, for the export file. */
function useMenuName(): string | undefined {
  const { menu } = useRouteHandle();
  return (currentLanguage() === 'en' && menu?.ename) || menu?.name || undefined;
}

function selectedIds(selection: MRT_RowSelectionState): number[] {
  return Object.keys(selection)
    .filter((id) => selection[id])
    .map(Number);
}

/** With a form page, add and edit are served by that page's own routes: the declaration's actions do not limit them. */
function pageButtons(decl: ResourceDecl, formPage: string | undefined, holdsAll: boolean): TableButtons {
  const buttons = tableButtons(decl, holdsAll);
  if (!formPage) return buttons;
  const offered = (action: 'store' | 'update') => decl.buttons?.[action] !== false && (holdsAll || !decl.superOnly?.includes(action));
  return { ...buttons, store: offered('store'), update: offered('update') };
}

function ResourceListPage({ decl, endpoint, searchOptions: searchOverride, renderCell, formPage, rowExtras }: Required<Pick<ResourcePageProps, 'decl' | 'endpoint'>> & ResourcePageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menuName = useMenuName();
  const { list, columns, dicts, searchOptions } = useResourceView(decl, endpoint, searchOverride);
  // Super-only actions are offered to super admins only (the server refuses everyone else).
  const holdsAll = useSessionUser(decl.area)?.is_super === 1;
  const buttons = useMemo(() => pageButtons(decl, formPage, holdsAll), [decl, formPage, holdsAll]);
  const [selection, setSelection] = useState<MRT_RowSelectionState>({});
  const [searchOpen, setSearchOpen] = useState(true);
  const [dialog, setDialog] = useState<DialogTarget>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const afterWrite = () => {
    clearDictCache();
    setSelection({});
    list.reload();
  };
  const deleteRows = useDeleteRows(endpoint, afterWrite);

  const fieldOfHeader = useMemo(
    () => new Map(Object.entries(decl.fields).flatMap(([name, field]) => [[name, name], [t(field.label), name]] as const)),
    [decl, t],
  );

  const exportList = async () => {
    setExporting(true);
    try {
      const loaded = flattenRows(list.rows);
      const rows = rowsToExport(loaded.filter((row) => selection[String(row.id)]), loaded);
      await downloadWorkbook(await buildWorkbook(exportColumns(columns, dicts, t), rows), exportFileName(menuName));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      {buttons.search && searchOpen ? <SearchPanel options={searchOptions} onSearch={list.search} /> : null}
      <ResourceTable
        list={list}
        columns={columns}
        dicts={dicts}
        tree={decl.tree}
        renderCell={renderCell}
        selection={selection}
        onSelectionChange={setSelection}
        toolbar={
          <ResourceToolbar
            buttons={buttons}
            searchOpen={searchOpen}
            exporting={exporting}
            onAdd={() => (formPage ? void navigate(formPage) : setDialog({ kind: 'create' }))}
            onDeleteSelected={() => void deleteRows(selectedIds(selection))}
            onToggleSearch={() => setSearchOpen((open) => !open)}
            onExport={() => void exportList()}
            onImport={() => setImporting(true)}
          />
        }
        rowActions={
          buttons.show || buttons.update || buttons.destroy || rowExtras
            ? (row) => (
                <Group gap={4} wrap="nowrap">
                  <RowActions
                    buttons={buttons}
                    onView={() => setDialog({ kind: 'view', id: row.id })}
                    onEdit={() => (formPage ? void navigate(`${formPage}?id=${row.id}`) : setDialog({ kind: 'update', id: row.id }))}
                    onDelete={() => void deleteRows([row.id])}
                  />
                  {rowExtras?.(row, list.reload)}
                </Group>
              )
            : undefined
        }
      />
      <ResourceDialog
        decl={decl}
        endpoint={endpoint}
        target={dialog}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          afterWrite();
        }}
      />
      <ImportDialog
        opened={importing}
        endpoint={endpoint}
        fieldOfHeader={fieldOfHeader}
        onClose={() => setImporting(false)}
        onImported={() => {
          setImporting(false);
          afterWrite();
        }}
      />
    </>
  );
}

/**
 * The generic back-office list page: the declaration of the route path,
 * its data at /api + the route path, unless the page passes its own.
 */
export default function ResourcePage(props: ResourcePageProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const decl = props.decl ?? resourceForPath(pathname);
  if (!decl) return <Text c="dimmed">{t('resource.notDeclared', { path: pathname })}</Text>;
  return <ResourceListPage {...props} decl={decl} endpoint={props.endpoint ?? pathname} />;
}
