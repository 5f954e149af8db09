// Export of the data browser's current view as JSON or CSV (UTF-8 with a byte order mark, so that spreadsheet
// programs read Japanese text correctly).
import { plainText } from './values.js';

/** The rows as pretty-printed NCMB JSON `{"results":[…]}`. */
export function toJSON(results) {
  return `${JSON.stringify({ results }, null, 2)}\n`;
}

function csvCell(text) {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as CSV: a header of the columns, then one line per object (dates as ISO text, other objects as JSON). */
export function toCSV(columns, results) {
  const lines = [columns.map(csvCell).join(',')];
  for (const object of results) lines.push(columns.map((column) => csvCell(plainText(object[column]))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
