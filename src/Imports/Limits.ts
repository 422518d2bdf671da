/** The spec's Limits table for uploads. */
export const maxImportFileBytes = 25 * 1024 * 1024
export const maxImportFiles = 100
export const maxAssetFileBytes = 25 * 1024 * 1024
/** What a DOCX may declare it expands to; beyond it the file is refused as too large (a zip bomb). */
export const maxExpandedBytes = 200 * 1024 * 1024
