import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { DomainError } from '../../../domain/errors.ts';
import { fileTooLarge, PICTURE_RULES } from '../../../domain/pictures/listing-pictures.ts';
import { VIDEO_HOST_NAMES, videoLink } from '../../../domain/pictures/video-links.ts';
import type { LogoCopyState } from '../../../domain/pictures/listing-logo-copy.ts';
import type { GalleryItemRow } from '../../../store/media-store.ts';
import { field, SITE_ROUTE, type Web } from '../context.ts';
import { html, type Html } from '../html.ts';
import { ASSET_URLS } from '../assets.ts';
import { logo } from '../logo.ts';
import { galleryPicture } from '../picture.ts';
import { blankForm, errorOf, fieldId, formSummary, textField, type FormState } from './fields.ts';
import { listingFrame, listingIdOf, myListingHref, ownedListing } from './frame.ts';

const NOTICES: Record<string, string> = {
  'logo-saved': 'The logo is saved. It shows wherever the listing appears.',
  'logo-removed': 'The logo is removed; the listing shows its initials.',
  'image-added': 'The image is added to the gallery.',
  'video-added': 'The video is added to the gallery.',
  'item-saved': 'The gallery is saved.',
  'item-deleted': 'The item is deleted from the gallery.',
};
const MB = PICTURE_RULES.fileBytes / 1024 / 1024;
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif,image/svg+xml';

/** What the owner is told beside the logo; a logo on another site is drawn as initials until the site keeps a copy. */
function logoNow(logoUrl: string | null, copy: LogoCopyState | null): Html | string {
  if (copy?.status === 'copying') return html`The logo at <code>${copy.source_url}</code> is being copied to this site; until then the listing shows its initials.`;
  if (copy?.status === 'refused') return html`<span id="logo-copy-refused">The logo at <code>${copy.source_url}</code> could not be copied: ${copy.reason} The listing shows its initials; upload the logo here instead.</span>`;
  return logoUrl ? 'The current logo.' : 'No logo yet: the listing shows its initials.';
}

/** Which form a refusal belongs to, so its messages show beside that form's fields. */
type FormName = 'logo' | 'image' | 'video' | `item-${string}`;
interface Refused {
  form: FormName;
  state: FormState;
  status: number;
}

/**
 * `/my/listings/{id}/pictures`: the logo (always public) and the gallery (images with alt text
 * and captions, YouTube/Vimeo/Loom links; public while the media section is unlocked). Files come
 * as multipart/form-data (one per post, at most PICTURE_RULES.fileBytes), accepted only by the
 * two upload routes; every other form here is url-encoded. Without JavaScript each form posts and
 * the page comes back; with it, enhance.js adds drag and drop and a preview to the file fields.
 */
export function registerMyListingPictures(app: FastifyInstance, web: Web) {
  const pictures = () => web.services.pictures;

  async function page(request: FastifyRequest, reply: FastifyReply, id: number, refused?: Refused) {
    const userId = request.siteSession!.userId;
    const [l, items, copy] = await Promise.all([ownedListing(web, request, id), pictures().gallery(userId, id), pictures().logoCopy(userId, id)]);
    const csrf = request.siteSession!.csrf;
    const stateOf = (form: FormName) => (refused?.form === form ? refused.state : blankForm());
    const images = items.filter((i) => i.kind === 'image').length;
    const videos = items.length - images;
    const logoState = stateOf('logo');
    const imageState = stateOf('image');
    const videoState = stateOf('video');
    const hidden = html`<input type="hidden" name="csrf" value="${csrf}">`;
    return web.page(request, reply, {
      title: `Pictures of ${l.name}`,
      status: refused?.status ?? 200,
      notice: NOTICES[String((request.query as Record<string, unknown>).notice ?? '')],
      script: true,
      head: html`<script src="${ASSET_URLS.uploadJs}" defer></script>`,
      body: html`${listingFrame(l, 'pictures', 'Pictures')}
<section aria-labelledby="logo-heading">
<h2 id="logo-heading">Logo</h2>
<p>The logo shows on the listing’s page and wherever it appears: cards, search, categories, the launch week, leaderboards, feeds. A square picture of at least 64 × 64 pixels works best (others are cropped to the middle square). JPEG, PNG, WebP, AVIF, GIF (its first frame) or SVG, at most ${MB} MB.</p>
<div class="logo-now">${logo(l.name, l.logo_url, 'l')} <span>${logoNow(l.logo_url, copy)}</span></div>
<form method="post" action="${myListingHref(id, 'pictures/logo')}" enctype="multipart/form-data" novalidate class="upload">
${hidden}
${fileField(logoState, 'logo', l.logo_url ? 'Replace the logo' : 'Logo')}
${formSummary(logoState)}
<button type="submit">Upload the logo</button>
</form>
${l.logo_url ? html`<form method="post" action="${myListingHref(id, 'pictures/logo/remove')}" class="inline">${hidden}<button type="submit" class="secondary">Remove the logo</button></form>` : ''}
</section>
<section aria-labelledby="gallery-heading">
<h2 id="gallery-heading">Gallery</h2>
<p>${l.sections_public.media ? 'Visitors see the gallery on the listing page.' : html`The gallery is part of the paid <strong>media</strong> section: visitors see it once the section is unlocked (on <a href="${myListingHref(id, 'launch')}">the Launch page</a>) and the listing is public. You can fill it now.`} Up to ${PICTURE_RULES.maxImages} images and ${PICTURE_RULES.maxVideos} video links, in the order shown here.</p>
${items.length ? html`<ol class="gallery-edit">${items.map((item, i) => itemRow(id, item, i, items.length, csrf, stateOf(`item-${item.id}`)))}</ol>` : html`<p class="empty">The gallery is empty.</p>`}
<h3>Add an image</h3>
${images >= PICTURE_RULES.maxImages
  ? html`${imageState.summary ? html`<p class="field-error" role="alert">${imageState.summary}</p>` : ''}<p>The gallery has ${PICTURE_RULES.maxImages} images, the most it takes: delete one to add another.</p>`
  : html`<form method="post" action="${myListingHref(id, 'pictures/images')}" enctype="multipart/form-data" novalidate class="upload">
${hidden}
${textField(imageState, 'alt', 'Alt text', { max: PICTURE_RULES.altMax, required: true, hint: 'What the image shows, for people who cannot see it.' })}
${textField(imageState, 'caption', 'Caption', { max: PICTURE_RULES.captionMax })}
${fileField(imageState, 'image', 'Image')}
${formSummary(imageState)}
<button type="submit">Add the image</button>
</form>`}
<h3>Add a video</h3>
${videos >= PICTURE_RULES.maxVideos
  ? html`${videoState.summary ? html`<p class="field-error" role="alert">${videoState.summary}</p>` : ''}<p>The gallery has ${PICTURE_RULES.maxVideos} videos, the most it takes.</p>`
  : html`<form method="post" action="${myListingHref(id, 'pictures/videos')}" novalidate>
${hidden}
${textField(videoState, 'video_url', 'Link to the video', { type: 'url', max: 500, required: true, hint: 'A YouTube, Vimeo or Loom video. Visitors see a play button; the video host is contacted only when they press it.' })}
${labelled(videoState, 'video', 'caption', html`Caption <span class="muted">(optional)</span>`, PICTURE_RULES.captionMax)}
${formSummary(videoState)}
<button type="submit">Add the video</button>
</form>`}
</section>`,
    });
  }

  /** A refusal shown beside the form that caused it; anything else goes to the error page. */
  async function refuse(request: FastifyRequest, reply: FastifyReply, id: number, form: FormName, values: Record<string, string>, err: unknown) {
    if (!(err instanceof DomainError) || (err.kind !== 'invalid' && err.kind !== 'rate_limited')) throw err;
    const status = err.code === 'file_too_large' ? 413 : err.kind === 'rate_limited' ? 429 : 400;
    if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
    const errors = Object.fromEntries((err.fields ?? [{ field: form === 'logo' ? 'logo' : form === 'image' ? 'image' : 'video_url', message: err.message }]).map((f) => [f.field, f.message]));
    return page(request, reply, id, { form, status, state: { values, errors, summary: err.message } });
  }

  app.get('/my/listings/:id/pictures', SITE_ROUTE, async (request, reply) => {
    if (!web.pageSession(request, reply)) return reply;
    return page(request, reply, listingIdOf(request));
  });

  // Uploads: the only routes that take multipart, in their own scope; a small per-address budget
  // before a byte of the body is read (the per-account one is the domain's).
  app.register(async (uploads) => {
    await uploads.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: PICTURE_RULES.fileBytes, files: 1, fields: 8, fieldSize: 4096, parts: 10, headerPairs: 50 } });
    const route = { ...SITE_ROUTE, config: { rateLimit: { max: 60, timeWindow: 60_000, keyGenerator: (r: FastifyRequest) => `upload:${r.ip}` } } };

    uploads.post('/my/listings/:id/pictures/logo', route, async (request, reply) => {
      const id = listingIdOf(request);
      const posted = await readUpload(web, request, 'logo');
      web.formSession(request);
      try {
        if (posted.tooLarge) throw fileTooLarge('logo');
        await pictures().setLogo(request.siteSession!.userId, id, posted.bytes ?? new Uint8Array());
      } catch (err) {
        return refuse(request, reply, id, 'logo', {}, err);
      }
      return reply.redirect(`${myListingHref(id, 'pictures')}?notice=logo-saved`, 303);
    });

    uploads.post('/my/listings/:id/pictures/images', route, async (request, reply) => {
      const id = listingIdOf(request);
      const posted = await readUpload(web, request, 'image');
      web.formSession(request);
      const values = { alt: field(request, 'alt'), caption: field(request, 'caption') };
      try {
        if (posted.tooLarge) throw fileTooLarge('image');
        await pictures().addImage(request.siteSession!.userId, id, posted.bytes ?? new Uint8Array(), values);
      } catch (err) {
        return refuse(request, reply, id, 'image', values, err);
      }
      return reply.redirect(`${myListingHref(id, 'pictures')}?notice=image-added`, 303);
    });
  });

  app.post('/my/listings/:id/pictures/logo/remove', SITE_ROUTE, async (request, reply) => {
    const id = listingIdOf(request);
    web.formSession(request);
    await pictures().removeLogo(request.siteSession!.userId, id);
    return reply.redirect(`${myListingHref(id, 'pictures')}?notice=logo-removed`, 303);
  });

  app.post('/my/listings/:id/pictures/videos', SITE_ROUTE, async (request, reply) => {
    const id = listingIdOf(request);
    web.formSession(request);
    const values = { video_url: field(request, 'video_url'), caption: field(request, 'caption') };
    try {
      await pictures().addVideo(request.siteSession!.userId, id, { url: values.video_url, caption: values.caption });
    } catch (err) {
      return refuse(request, reply, id, 'video', values, err);
    }
    return reply.redirect(`${myListingHref(id, 'pictures')}?notice=video-added`, 303);
  });

  app.post('/my/listings/:id/pictures/items/:item', SITE_ROUTE, async (request, reply) => {
    const id = listingIdOf(request);
    const item = (request.params as { item: string }).item;
    web.formSession(request);
    if (!/^[1-9][0-9]{0,14}$/.test(item)) throw new DomainError('not_found', 'gallery_item_not_found', `This listing's gallery has no item ${item.slice(0, 20)}.`);
    const userId = request.siteSession!.userId;
    const action = field(request, 'action');
    const values = { alt: field(request, 'alt'), caption: field(request, 'caption') };
    try {
      if (action === 'up' || action === 'down') await pictures().move(userId, id, item, action);
      else if (action === 'delete') await pictures().deleteItem(userId, id, item);
      else if (action === 'save') await pictures().describe(userId, id, item, values);
      else throw new DomainError('invalid', 'validation_failed', 'Choose save, up, down or delete.', [{ field: 'action', message: 'Choose save, up, down or delete.' }]);
    } catch (err) {
      return refuse(request, reply, id, `item-${item}`, values, err);
    }
    return reply.redirect(`${myListingHref(id, 'pictures')}?notice=${action === 'delete' ? 'item-deleted' : 'item-saved'}#gallery-heading`, 303);
  });
}

/** A file input with its label, limits and error; enhance.js makes it a drop zone with a preview. */
function fileField(s: FormState, name: string, label: string): Html {
  const id = fieldId(name);
  const error = s.errors[name];
  return html`<label for="${id}">${label}</label>
<p class="hint" id="${id}-hint">JPEG, PNG, WebP, AVIF, GIF or SVG, at most ${MB} MB. The file’s contents decide its type, not its name.</p>
<input type="file" id="${id}" name="${name}" accept="${ACCEPT}" required data-drop aria-describedby="${id}-hint${error ? ` ${id}-error` : ''}"${error ? html` aria-invalid="true"` : ''}>
${error ? html`<p class="field-error" id="${id}-error">${error}</p>` : ''}`;
}

/** One gallery item: the picture or video, its words, and its buttons (each a small form). */
function itemRow(id: number, item: GalleryItemRow, index: number, count: number, csrf: string, s: FormState): Html {
  const action = myListingHref(id, `pictures/items/${item.id}`);
  const video = item.kind === 'video' ? videoLink(item.url) : null;
  const shown =
    item.kind === 'image'
      ? (galleryPicture({ url: item.url, alt: item.alt ?? '', width: item.width, height: item.height, sizes: '12rem' }) ?? html`<span class="muted">An image from before uploads</span>`)
      : html`<a href="${item.url}" rel="noopener nofollow" target="_blank">${video ? `${VIDEO_HOST_NAMES[video.host]} video` : 'Video'}</a>`;
  const values = s.values.alt !== undefined || s.values.caption !== undefined ? s.values : { alt: item.alt ?? '', caption: item.caption ?? '' };
  const state: FormState = { ...s, values };
  const prefix = `item-${item.id}`;
  return html`<li class="gallery-item">
<div class="gallery-thumb">${shown}</div>
<form method="post" action="${action}" novalidate>
<input type="hidden" name="csrf" value="${csrf}">
${item.kind === 'image' ? labelled(state, prefix, 'alt', `Alt text of item ${index + 1}`, PICTURE_RULES.altMax) : ''}
${labelled(state, prefix, 'caption', `Caption of item ${index + 1}`, PICTURE_RULES.captionMax)}
${formSummary(state)}
<div class="buttons"><button type="submit" name="action" value="save">Save</button>
${index > 0 ? html`<button type="submit" name="action" value="up" class="secondary">Move up</button>` : ''}
${index < count - 1 ? html`<button type="submit" name="action" value="down" class="secondary">Move down</button>` : ''}
<button type="submit" name="action" value="delete" class="secondary">Delete</button></div>
</form>
</li>`;
}

/** A text field whose id is its form's own (several forms on the page have a caption field). */
function labelled(s: FormState, prefix: string, name: string, label: string | Html, max: number): Html {
  const id = `${prefix}-${name}`;
  const error = errorOf(s, name);
  return html`<label for="${id}">${label}</label>
<input type="text" id="${id}" name="${name}" value="${s.values[name] ?? ''}" maxlength="${max}"${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>
${error ? html`<p class="field-error" id="${id}-error">${error}</p>` : ''}`;
}

/**
 * Reads the multipart body: the text fields into request.body (so the CSRF check and field()
 * read them as they read a url-encoded form) and the one file into memory. A file over the limit
 * is drained and reported, not an error page: the form says it beside the field.
 */
async function readUpload(web: Web, request: FastifyRequest, fileField: string): Promise<{ bytes?: Uint8Array; tooLarge: boolean }> {
  if (!request.isMultipart()) {
    // A url-encoded post here is refused as any forged form is first, then for its encoding.
    web.formSession(request);
    throw new DomainError('invalid', 'multipart_required', 'Send the file as multipart/form-data, as the form on the page does.');
  }
  const body: Record<string, string> = {};
  let bytes: Uint8Array | undefined;
  let tooLarge = false;
  // Over the limit, the file's stream stops and says it was truncated (no throw): the rest of the
  // body is still read, so the fields after it arrive too.
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== fileField) {
        part.file.resume();
        continue;
      }
      const buffer = await part.toBuffer();
      if (part.file.truncated) tooLarge = true;
      else bytes = new Uint8Array(buffer);
    } else if (typeof part.value === 'string') body[part.fieldname] = part.value;
  }
  (request as { body: unknown }).body = body;
  return { bytes, tooLarge };
}
