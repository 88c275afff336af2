import type { z } from 'zod';
import type { Draft } from '../../../contract/draft.ts';
import type { DraftInvite } from '../../../contract/invite.ts';
import type { DraftField } from '../../../extraction/types.ts';
import { control, errorAt, type FormState } from './form.ts';
import { FIELD_LABELS, pageName, profileSection } from './fields.ts';
import { companyLinksSection, faqsSection, foundersSection } from './people.ts';
import { competitorSection, milestonesSection, seoSection, storySection } from './extras.ts';
import { failureView } from './progress.ts';
import { formKeys } from '../form-operation.ts';
import { html, time, type Html } from '../html.ts';
import { errorSummary } from '../layout.ts';

type DraftView = z.output<typeof Draft>;
type InviteView = z.output<typeof DraftInvite>;

/** Spec 8: up to 10 co-founder invites per draft. */
export const MAX_INVITES = 10;

const SECTION_NAMES: Record<string, [string, string]> = {
  faqs: ['Questions and answers', '#faqs'],
  founders: ['Founders', '#founders'],
  company_socials: ['Company links', '#company-links'],
};

/** A missing item as a link to where it is filled in. */
function missingLink(name: string): Html {
  const section = SECTION_NAMES[name];
  if (section) return html`<a href="${section[1]}">${section[0]}</a>`;
  return html`<a href="#field-${name}">${FIELD_LABELS[name as DraftField] ?? name}</a>`;
}

function completenessBlock(d: DraftView): Html {
  return html`<section id="completeness" aria-labelledby="completeness-h">
<h2 id="completeness-h">Completeness</h2>
<label for="completeness-bar">${d.completeness}% complete</label>
<progress id="completeness-bar" max="100" value="${d.completeness}">${d.completeness}%</progress>
${d.missing.length
  ? html`<p>Still missing: ${d.missing.map((m, i) => html`${i ? ', ' : ''}${missingLink(m)}`)}.</p>`
  : html`<p>Nothing is missing.</p>`}
${d.not_found_on_website.length
  ? html`<p class="muted">Not stated on your site, so left blank rather than guessed: ${d.not_found_on_website.map((f) => FIELD_LABELS[f as DraftField] ?? f).join(', ')}.</p>`
  : ''}
</section>`;
}

const INVITE_WORDS = { pending: 'Invited, not yet accepted', accepted: 'Accepted: their profile is on the draft' } as const;

function invitesSection(d: DraftView, invites: InviteView[], csrf: string, state: FormState | undefined): Html {
  const own = state?.form === 'invite';
  const full = invites.length >= MAX_INVITES;
  return html`<section id="invites" aria-labelledby="invites-h">
<h2 id="invites-h">Invite co-founders</h2>
<p>Each invite mails a one-time link (valid 14 days) through which your co-founder signs in and adds their own founder profile, after yours. Up to ${MAX_INVITES} invites per draft; inviting the same address again sends a fresh link without using another.</p>
${invites.length
  ? html`<div class="table-wrap"><table><caption>Invites (${invites.length} of ${MAX_INVITES})</caption>
<thead><tr><th scope="col">E-mail</th><th scope="col">Status</th><th scope="col">Sent</th><th scope="col">Link valid until</th></tr></thead>
<tbody>${invites.map((i) => html`<tr><td>${i.email}</td><td>${INVITE_WORDS[i.status]}</td><td>${time(i.created_at)}</td><td>${i.status === 'pending' ? time(i.expires_at) : html`<span class="muted">used</span>`}</td></tr>`)}</tbody>
</table></div>`
  : html`<p class="muted">No invites yet.</p>`}
${d.founders.length === 0 ? html`<p>Add yourself under <a href="#founders">Founders</a> first: an invited co-founder joins after the primary founder and cannot accept before there is one.</p>` : ''}
${own ? errorSummary(state!.summary) : ''}
<form method="post" action="/drafts/${d.id}/invites" novalidate>
${formKeys(csrf)}
${control({ name: 'email', label: 'Co-founder’s e-mail', value: own ? (state!.values.email ?? '') : '', error: own ? errorAt(state!.errors, 'email') : undefined, type: 'email', autocomplete: 'off', hint: full ? 'All invites are used; you can still send a fresh link to an address invited before.' : 'At most 254 characters.' })}
<button type="submit">Send invite</button>
</form>
</section>`;
}

function submitSection(d: DraftView, csrf: string, state: FormState | undefined): Html {
  const own = state?.form === 'submit';
  if (d.status === 'submitted' && d.listing_id) {
    return html`<section id="submit" aria-labelledby="submit-h">
<h2 id="submit-h">Your listing</h2>
<p>This draft is saved as <a href="/my/listings/${d.listing_id}">your listing</a>${d.submitted_at ? html` (since ${time(d.submitted_at)})` : ''}. Changes you save here update it at once.</p>
</section>`;
  }
  return html`<section id="submit" aria-labelledby="submit-h">
<h2 id="submit-h">Save as my listing</h2>
<p>Saves the draft as your listing. Nothing is published yet: next you choose how to launch it. You can keep editing here afterwards.</p>
${own ? errorSummary(state!.summary) : ''}
<form method="post" action="/drafts/${d.id}/submit" novalidate>
${formKeys(csrf)}
<button type="submit">Save as my listing</button>
</form>
</section>`;
}

export interface EditorContext {
  draft: DraftView;
  invites: InviteView[];
  csrf: string;
  state: FormState | undefined;
}

/** The editor: a ready (or submitted) draft, or a failed one to fill in by hand. */
export function editorView(c: EditorContext): Html {
  const d = c.draft;
  const name = typeof d.fields.name.value === 'string' && d.fields.name.value ? d.fields.name.value : pageName(d.url);
  const section = { draft: d, csrf: c.csrf, state: c.state };
  const failed = d.status === 'failed';
  const intro = failed
    ? html`${failureView(d, c.csrf)}<h2 class="section-title">Fill in the profile by hand</h2>`
    : html`<h1>${name}</h1>
<p>The draft of <a href="${d.url}" rel="nofollow noopener">${d.url}</a>. The AI drafted only what your pages state, each value with the quotes it comes from; review it, change what you like, then save it as your listing.${d.progress.pages.length ? ` It read ${d.progress.pages.length} page${d.progress.pages.length === 1 ? '' : 's'}.` : ''}</p>`;
  return html`${intro}
<nav aria-label="Draft sections" class="toc"><ul>
<li><a href="#profile">Profile</a></li><li><a href="#faqs">Questions</a></li><li><a href="#founders">Founders</a></li><li><a href="#company-links">Company links</a></li>
<li><a href="#story">Story</a></li><li><a href="#milestones">Milestones</a></li><li><a href="#competitor">Competitor</a></li><li><a href="#seo">Search engines</a></li>
<li><a href="#invites">Co-founders</a></li><li><a href="#submit">${d.status === 'submitted' ? 'Your listing' : 'Save as listing'}</a></li>
</ul></nav>
<p id="live-status" role="status" class="visually-hidden"></p>
${completenessBlock(d)}
${profileSection({ ...section, canRegenerate: d.progress.pages.length > 0 })}
${faqsSection(section)}
${foundersSection(section)}
${companyLinksSection(section)}
${storySection(section)}
${milestonesSection(section)}
${competitorSection(section)}
${seoSection(section)}
${invitesSection(d, c.invites, c.csrf, c.state)}
${submitSection(d, c.csrf, c.state)}`;
}
