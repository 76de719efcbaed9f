/**
 * One CSV cell: quoted when needed, and a leading = + - @ (or tab/CR) neutralised with
 * an apostrophe so a spreadsheet shows it as text instead of running it as a formula.
 */
export function csvCell(value: string | number | boolean): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: (string | number | boolean)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
