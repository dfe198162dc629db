// The web app's constants (page sizes, widths, formats, limits), named once.

// Requests
export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 30_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

// Languages
export const LANGUAGES = ['en', 'zh-cn'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-cn';
export const LANGUAGE_STORAGE_KEY = 'lang';

// Lists and tables (page sizes are part of the list contract shared with the server)
export { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '@qshop/shared/list';
export const PAGER_LAYOUT = ['total', 'sizes', 'prev', 'pager', 'next', 'jumper'] as const;
// a time 'YYYY-MM-DD HH:mm:ss' whole at 14 px, with the cell's padding (every *_at and *_time column)
export const CREATED_AT_COLUMN_WIDTH = 190;
export const ROW_ACTIONS_COLUMN_WIDTH = 140;
/** List columns by what they show, in px, unless the declaration sets a width: wide enough for their usual content,
 *  narrow enough that a dozen columns fit a 1440 px screen (longer texts are cut, whole in their tooltip). */
// serial: a 26–27 character order, payment or refund number at 14 px plus the cell's padding
export const COLUMN_WIDTHS = { image: 100, short: 110, icon: 150, text: 160, serial: 250 } as const;
export const SELECT_COLUMN_WIDTH = 48;
export const EXPAND_COLUMN_WIDTH = 60;
export const SEARCH_FIELDS_BEFORE_COLLAPSE = 5;
export const EXPORT_DEFAULT_FILE_NAME = 'table';
export const EXPORT_SHEET_NAME = 'Sheet1';

// Layout
export const SIDE_MENU_WIDTH = 200;
export const SIDE_MENU_COLLAPSED_WIDTH = 63;
export const STOREFRONT_WIDTH = 1200;
export const Z_INDEX = 3000;

// Dialogs and forms (widths are of the window: a percentage in Mantine's Modal is of its padded container)
export const DIALOG_WIDTH = '50vw';
export const FORM_LABEL_WIDTH = 90;
export const FORM_COLUMN_SPAN = 12;
export const USER_DIALOG_WIDTH = '30vw';
export const TABLE_SELECT_DIALOG_WIDTH = '60vw';
export const TABLE_SELECT_FULLSCREEN = true;
export const TEXTAREA_DEFAULT_MAX_LENGTH = 15;

// Uploads and the rich-text editor (the rich-text separator lives in @qshop/shared/constants)
export const AVATAR_CROP = { width: 150, height: 150 } as const;
export const UPLOAD_MAX_BYTES = 10_485_760;
export const UPLOAD_MAX_FILES = 10;
export const INLINE_IMAGE_MAX_BYTES = 5 * 1024;
export const EDITOR_UPLOAD_TIMEOUT_MS = 5_000;
export const EDITOR_HEIGHT = 385;
export const EDITOR_CONTENT_HEIGHT = 300;

// Formats and numbers
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';
export const SECONDS_PER_DAY = 86_400;
export const ROUND_DECIMALS = 2;
export const MIN_BUY_QUANTITY = 1;

// SMS verification button
export const SMS_RESEND_SECONDS = 60;
