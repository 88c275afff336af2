import MarkdownIt from 'markdown-it';
import { raw, type Html } from './html.ts';

/**
 * Blog Markdown as HTML. Raw HTML in the text is off (it shows as text), and markdown-it refuses
 * javascript:, vbscript:, file: and most data: links, so a post can format but never script.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

// The page's <h1> is the post's title: a "# heading" in the text becomes the next level down.
md.core.ruler.push('demote_h1', (state) => {
  for (const token of state.tokens) if ((token.type === 'heading_open' || token.type === 'heading_close') && token.tag === 'h1') token.tag = 'h2';
});

const renderLink = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx].attrGet('href') ?? '');
  if (href.startsWith('http://') || href.startsWith('https://')) tokens[idx].attrSet('rel', 'noopener nofollow');
  return renderLink(tokens, idx, options, env, self);
};

export const renderMarkdown = (text: string): Html => raw(md.render(text));
