// A strict RFC 4180 parser for the export tests, written apart from the writer it checks: every
// record ends with CRLF, quotes only around a whole field, a bare quote or a lone CR/LF is an error.

/** A strict RFC 4180 parser: every record ends with CRLF, quotes only around a whole field, a bare quote or a lone CR/LF is an error. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let at = 0;
  while (at < text.length) {
    let field = "";
    if (text[at] === '"') {
      at += 1;
      for (;;) {
        if (at >= text.length) throw new Error("unterminated quoted field");
        if (text[at] === '"') {
          if (text[at + 1] === '"') {
            field += '"';
            at += 2;
            continue;
          }
          at += 1;
          break;
        }
        field += text[at];
        at += 1;
      }
    } else {
      while (at < text.length && text[at] !== "," && text[at] !== "\r" && text[at] !== "\n") {
        if (text[at] === '"') throw new Error(`bare quote at ${at}`);
        field += text[at];
        at += 1;
      }
    }
    fields.push(field);
    if (text[at] === ",") {
      at += 1;
    } else if (text.slice(at, at + 2) === "\r\n") {
      records.push(fields);
      fields = [];
      at += 2;
    } else {
      throw new Error(`expected a comma or CRLF at ${at}`);
    }
  }
  if (fields.length > 0) throw new Error("last record not ended by CRLF");
  return records;
}
