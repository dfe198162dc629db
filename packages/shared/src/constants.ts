// Named constants shared by server and web. Add new ones in a block naming their module.

/** Rich-text values are stored as the html, this separator, then the editor's JSON node tree. */
export const RICH_TEXT_SEPARATOR = '##qshop##'

// ---- uploads ----
/**
 * Upload folders (the `name` field) of identity documents (a store applicant's ID card and business licence):
 * stored privately, served only to their owner and to admins.
 */
export const IDENTITY_UPLOAD_FOLDERS = ['id_card', 'business_license'] as const
/** A private file is stored by this path plus its upload id; readers get it with a short-lived signature. */
export const PRIVATE_FILE_PATH = '/api/private_files/'
