import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { newWorkbook } from './excel';
import { ImportDialog } from './ImportDialog';
import { renderInApp, stubApi } from './testing';

async function xlsx(sheets: (string | number)[][][]): Promise<File> {
  const workbook = await newWorkbook();
  sheets.forEach((rows, i) => workbook.addWorksheet(`S${i + 1}`).addRows(rows));
  const buffer = (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
  return new File([buffer], 'brands.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

function renderImport(onImported = vi.fn()) {
  renderInApp(
    <ImportDialog opened endpoint="/Admin/goods_brands" fieldOfHeader={new Map([['Name', 'name']])} onClose={vi.fn()} onImported={onImported} />,
  );
  return { onImported, input: document.querySelector('input[type="file"]') as HTMLInputElement };
}

describe('the excel import', () => {
  it('clears the chosen file when its first sheet is empty', async () => {
    const requests = stubApi();
    const { input } = renderImport();
    await userEvent.upload(input, await xlsx([[], [['Name'], ['Apple']]]));
    expect(await screen.findByText(i18n.t('resource.import.empty'))).toBeInTheDocument();
    expect(screen.queryByText('brands.xlsx')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: i18n.t('resource.import.submit') })).toBeDisabled();
    expect(requests).toEqual([]);
  });

  it('posts the rows of the first sheet to {endpoint}/import/excel', async () => {
    const requests = stubApi(() => ({ code: 200, msg: '', data: { imported: 2 } }));
    const { input, onImported } = renderImport();
    await userEvent.upload(input, await xlsx([[['Name'], ['Apple'], ['Pear']], [['Name'], ['Ignored']]]));
    expect(await screen.findByText(i18n.t('resource.import.rows', { count: 2 }))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: i18n.t('resource.import.submit') }));
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(requests[0].url.pathname).toBe('/api/Admin/goods_brands/import/excel');
    expect(JSON.parse(new URLSearchParams(requests[0].body).get('rows')!)).toEqual([{ name: 'Apple' }, { name: 'Pear' }]);
  });
});
