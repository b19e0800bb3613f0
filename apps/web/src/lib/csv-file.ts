/** What browsers on Windows with Excel installed declare for a .csv file, or none at all. */
const WINDOWS_CSV_TYPES = new Set(['application/vnd.ms-excel', '']);

/**
 * The chosen file as the server's text/csv check expects it: a file named .csv that Windows
 * declared as Excel's type (or as nothing) is sent as text/csv, the same bytes relabelled. The
 * server still checks the content (NUL bytes, binary), so a renamed binary is still refused. Any
 * other file is answered as it is, and the dialogs refuse it by its own type.
 */
export function asCsvFile(file: File): File {
  if (file.type === 'text/csv' || !file.name.toLowerCase().endsWith('.csv') || !WINDOWS_CSV_TYPES.has(file.type)) return file;
  return new File([file], file.name, { type: 'text/csv', lastModified: file.lastModified });
}
