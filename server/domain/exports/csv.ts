/**
 * CSV for exports (RFC 4180): fields with a comma, quote or line break are quoted, quotes doubled,
 * lines end with CRLF, and the file starts with a UTF-8 byte-order mark so spreadsheet apps read
 * accented names correctly.
 *
 * A cell that starts with =, +, -, @, tab or carriage return is prefixed with an apostrophe: a
 * lead's name is typed by strangers on a web form, and must never run as a spreadsheet formula.
 */

export const CSV_BOM = '\uFEFF';

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
