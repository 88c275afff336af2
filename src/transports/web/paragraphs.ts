import { html, type Html } from './html.ts';

/** Plain text as paragraphs: a blank line parts them, single line breaks stay (CSS pre-line). Text stays text. */
export function paragraphs(text: string): Html[] {
  const out: Html[] = [];
  let lines: string[] = [];
  const flush = () => {
    if (lines.length) out.push(html`<p class="text">${lines.join('\n')}</p>`);
    lines = [];
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '') flush();
    else lines.push(line.trim());
  }
  flush();
  return out;
}
