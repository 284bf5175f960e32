/**
 * A spreadsheet runs a cell that starts with =, +, -, @ (or a tab or carriage return before one) as a formula:
 * a member named "=HYPERLINK(…)", or a site id the point-of-sale sent as one, must not become a link in the
 * owner's sheet. Such a cell gets a leading apostrophe, which spreadsheets show as text (OWASP's advice for CSV
 * injection). Every CSV we write, on the server or in the browser, passes its text cells through this one rule.
 */
export function neutralised(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}
