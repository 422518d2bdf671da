/** The spec's Limits table for uploads. */
export const maxImportFileBytes = 25 * 1024 * 1024
export const maxImportFiles = 100
export const maxAssetFileBytes = 25 * 1024 * 1024
