import { createHash } from 'node:crypto';
import MarkdownIt from 'markdown-it';

/**
 * A comment's text: plain text with a small Markdown subset (paragraphs, links, emphasis, inline
 * code, lists). Raw HTML is off (it shows as text) and markdown-it refuses javascript:, vbscript:,
 * file: and most data: links. The links the renderer makes are the links the spam rules count: one
 * parse serves both, so no link can be shown that was not counted.
 */
const md = new MarkdownIt('zero', { html: false, linkify: true, breaks: true });
md.enable(['paragraph', 'newline', 'link', 'linkify', 'emphasis', 'backticks', 'list', 'escape', 'entity']);

md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  // Links from visitors are theirs, not ours (ugc), pass no ranking (nofollow) and no window.opener.
  tokens[idx].attrSet('rel', 'nofollow ugc noopener');
  return self.renderToken(tokens, idx, options);
};

export const COMMENT_BODY_MAX = 5000;

/** Line ends as \n, no trailing space: what is stored, hashed and measured. */
export const normaliseCommentBody = (body: string) => body.replace(/\r\n?/g, '\n').trim();

export interface CommentText {
  body: string;
  html: string;
  /** Every link target the text makes (written or linkified), normalised, at most 20. */
  links: string[];
  /** sha256 of the text with case and spacing folded: "the same text" for the repeat rule. */
  hash: string;
}

export function readCommentText(input: string): CommentText {
  const body = normaliseCommentBody(input);
  const tokens = md.parse(body, {});
  const links = new Set<string>();
  for (const block of tokens) {
    for (const t of block.children ?? []) {
      if (t.type !== 'link_open') continue;
      const href = t.attrGet('href');
      if (href) links.add(linkKey(String(href)));
    }
  }
  const folded = body.toLowerCase().split(/\s+/).filter(Boolean).join(' ');
  return {
    body,
    html: md.renderer.render(tokens, md.options, {}),
    links: [...links].slice(0, 20),
    hash: createHash('sha256').update(folded).digest('hex'),
  };
}

/** A link as compared across comments: scheme, host and path, lower-case host, no fragment or trailing slash. */
function linkKey(href: string): string {
  try {
    const u = new URL(href);
    u.hash = '';
    u.hostname = u.hostname.toLowerCase().replace(/^www\./, '');
    let path = u.pathname;
    while (path.endsWith('/')) path = path.slice(0, -1);
    return (u.origin + path + u.search).slice(0, 500);
  } catch {
    return href.slice(0, 500);
  }
}
