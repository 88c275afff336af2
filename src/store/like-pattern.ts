/** Text a person typed, as a LIKE pattern that matches its own % _ and \ literally. */
export function likeEscaped(text: string): string {
  let out = '';
  for (const ch of text) out += ch === '\\' || ch === '%' || ch === '_' ? `\\${ch}` : ch;
  return out;
}
