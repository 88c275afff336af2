import type { PageSnapshot } from '../crawler/types.ts';
import { LIST_FIELDS, type DraftField } from './types.ts';
import { PRICING_MODELS } from './pricing-models.ts';
import { SOCIAL_PLATFORMS } from '../contract/socials.ts';

/** Characters of page text sent to the model, all pages together. */
export const DEFAULT_MAX_PROMPT_CHARS = 60_000;

const FIELD_NOTES: Record<DraftField, string> = {
  name: 'the product name',
  tagline: 'one short line the site uses to sum up the product',
  short_description: 'one or two sentences describing the product, copied from the site',
  description: 'a longer description built only from sentences of the site (you may join quoted sentences; do not reword)',
  stage: 'only if the site says so, e.g. "beta", "early access"',
  categories: 'names from the CATEGORY LIST only, and only when the site uses those words',
  tags: 'short topical labels the site uses',
  pricing_model: `one of ${PRICING_MODELS.join(', ')}; only from the site's pricing wording`,
  pricing_summary: "the plans and prices as the site writes them, e.g. \"Free for 3 users; Pro $12 per month\"",
  country: 'ISO 3166-1 alpha-2 code of the country in the company\'s stated address or "based in" statement',
  city: 'the city of the company\'s stated address or "based in" statement',
  founded_year: 'four-digit year, only from an explicit founding statement ("founded in 2019", "since 2019", "gegründet 2019")',
  features: 'product features, each as written on the site',
  usps: 'reasons to choose the product, each as written on the site',
  keywords: 'search keywords the site itself uses',
  contact_email: 'a contact e-mail address written on the site',
  demo_video_url: 'a link to a product video (YouTube, Vimeo, Loom, Wistia or a video file) found on the site',
  logo_url: "the URL of the company's logo image found on the site",
};

/** The instructions: the contract the answer must keep, and what the verifier will enforce anyway. */
export function systemPrompt(fields: readonly DraftField[]): string {
  const lines = fields.map((f) => `- ${f} (${(LIST_FIELDS as readonly string[]).includes(f) ? 'list of strings' : 'string'}): ${FIELD_NOTES[f]}`);
  return [
    'You extract facts about a product from the pages of its own website. You never guess.',
    'Answer with ONE JSON object and nothing else, in this shape:',
    '{"fields": {"<field>": {"value": <string | list of strings | null>, "quotes": [{"url": "<page URL>", "quote": "<text copied from that page>"}]}},',
    ' "faqs": [{"question": "...", "answer": "...", "quotes": [...]}],',
    ' "founders": [{"name": "...", "title": "... or null", "bio": "... or null", "quotes": [...]}],',
    ` "socials": {"<platform>": "<link found on the site>"}}`,
    '',
    'Fields:',
    ...lines,
    '',
    'Rules:',
    '- Every value needs quotes: passages copied character for character from the page text given, with the URL of that page. A value whose quotes are not on that page is thrown away.',
    '- The value itself must appear in its quotes (for long texts: every sentence of the value must appear in a quote).',
    '- If the site does not state a fact, set its value to null. Leaving a field null is correct; inventing it is wrong.',
    '- Keep the language of the site for every text value. Do not translate.',
    '- Never infer a country from a currency or prices, a founding year from a copyright line ("© 2019"), or founders from testimonials, reviews or customer quotes.',
    '- founders: only people the site names as founders or as the company\'s CEO.',
    `- socials keys: ${SOCIAL_PLATFORMS.join(', ')}, website, custom; only links that appear on the site.`,
    '- At most 10 faqs, 6 founders, 20 items per list.',
  ].join('\n');
}

/**
 * The user message: category list, then each page's URL and stored text. The text budget is
 * shared in page order (home first): a page takes what it needs up to its fair share of what is
 * left, so short pages leave room for longer ones.
 */
export function userPrompt(pages: readonly PageSnapshot[], categoryNames: readonly string[], maxChars = DEFAULT_MAX_PROMPT_CHARS): string {
  const parts = [`CATEGORY LIST: ${categoryNames.length ? categoryNames.map((c) => JSON.stringify(c)).join(', ') : '(none)'}`, ''];
  let left = maxChars;
  pages.forEach((page, i) => {
    const share = Math.floor(left / (pages.length - i));
    const text = page.text.length > share ? page.text.slice(0, share) : page.text;
    left -= text.length;
    parts.push(`=== PAGE url=${page.finalUrl}${page.lang ? ` lang=${page.lang}` : ''}`, text, `=== END PAGE`, '');
  });
  return parts.join('\n');
}
