import MarkdownIt from 'markdown-it';
import { Markup } from './mail-markup.ts';
import { MAIL_COLORS, MAIL_FONT } from './mail-style.ts';

/** The intro's longest text (newsletter_editions.intro's check). */
export const INTRO_MAX = 2000;

/**
 * The administrator's intro paragraph as mail markup: a small Markdown subset (paragraphs, line
 * breaks, emphasis, links, lists). Raw HTML is off and images are not in the subset: nothing in an
 * edition loads a picture but the listings' kept logos, so no pixel can ride in on the intro. Links
 * go to http(s), mailto or a path of this site (made absolute: a mail has no base address).
 */
const md = new MarkdownIt('zero', { html: false, linkify: true, breaks: true });
md.enable(['paragraph', 'newline', 'link', 'linkify', 'emphasis', 'list', 'escape', 'entity']);
md.validateLink = (url) => /^(https?:\/\/|mailto:|\/)/i.test(url.trim()) && !url.trim().startsWith('//');

const TEXT = `margin:0 0 12px;font-family:${MAIL_FONT};font-size:16px;line-height:1.5;color:${MAIL_COLORS.text}`;
const styled = (type: string, style: string, cls: string) => {
  md.renderer.rules[type] = (tokens, idx, options, _env, self) => {
    tokens[idx].attrSet('style', style);
    tokens[idx].attrSet('class', cls);
    return self.renderToken(tokens, idx, options);
  };
};
styled('paragraph_open', TEXT, 'ly-text');
styled('bullet_list_open', `${TEXT};padding-left:24px`, 'ly-text');
styled('ordered_list_open', `${TEXT};padding-left:24px`, 'ly-text');
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx].attrGet('href') ?? '');
  if (href.startsWith('/')) tokens[idx].attrSet('href', String((env as { publicUrl?: string } | undefined)?.publicUrl ?? '') + href);
  tokens[idx].attrSet('style', `color:${MAIL_COLORS.link};text-decoration:underline`);
  tokens[idx].attrSet('class', 'ly-link');
  return self.renderToken(tokens, idx, options);
};

/** The intro as markup for the mail; "{" as &#123;, so the text can never make the sender's placeholder. */
export function introMarkup(markdown: string, publicUrl: string): Markup {
  return new Markup(md.render(markdown, { publicUrl }).replaceAll('{', '&#123;'));
}
