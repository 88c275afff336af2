import type { FastifyReply } from 'fastify';

/**
 * Headers of an edition shown as its own document (the archive's web version, the admin's
 * preview): the mail's markup as sent, so its inline styles and its <style> block may apply
 * ('unsafe-inline' for styles only: every value in it was escaped when it was rendered). No script
 * at all, no form, pictures only from this site's address (the logos' absolute URLs), and framed
 * by nobody, or only by this site (the admin page's preview frame).
 */
export function editionDocumentHeaders(reply: FastifyReply, p: { publicUrl: string; framedBySite?: boolean }) {
  const origin = new URL(p.publicUrl).origin;
  return reply
    .type('text/html; charset=utf-8')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; img-src ${origin}; base-uri 'none'; form-action 'none'; frame-ancestors ${p.framedBySite ? "'self'" : "'none'"}`,
    )
    .header('x-frame-options', p.framedBySite ? 'SAMEORIGIN' : 'DENY')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin');
}
