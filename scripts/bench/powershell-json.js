// JSON laid out as Windows PowerShell 5.1's ConvertTo-Json writes it, the layout of the
// service's published sample report: `"key":  value`, two spaces after the colon, and
// each nested value indented four columns past the bracket that opens it. The sample's
// 879 policies take 949 KB so; the same policies written compact take about 260 KB,
// with the same work for everything after the parse.

/** `value` in ConvertTo-Json's layout, its first line starting at `column`. */
export function powershellJson(value, column = 0) {
  const pad = ' '.repeat(column + 4);
  if (Array.isArray(value)) {
    if (value.length === 0) return `[\n\n${' '.repeat(column)}]`;
    return `[\n${value.map((item) => pad + powershellJson(item, column + 4)).join(',\n')}\n${' '.repeat(column)}]`;
  }
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).map(([key, item]) => {
      const head = `${pad}${JSON.stringify(key)}:  `;
      return head + powershellJson(item, head.length);
    });
    return `{\n${members.join(',\n')}\n${' '.repeat(column)}}`;
  }
  return JSON.stringify(value);
}
