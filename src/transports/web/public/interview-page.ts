import type { FastifyInstance } from 'fastify';
import { listInterviewQuestions } from '../../../operations/catalog/list-interview-questions.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';
import { breadcrumbs } from '../json-ld.ts';
import { sendPublicPage } from '../public-page.ts';
import { readOperation } from '../read-operation.ts';

/** `/interview`: the questions every founder may answer; answers appear on their founder pages. */
export function registerInterviewPage(app: FastifyInstance, web: Web) {
  app.get('/interview', SITE_ROUTE, async (request, reply) => {
    const questions = await readOperation(web.services, request, listInterviewQuestions, { per_page: 100 });
    return sendPublicPage(web, request, reply, [questions], () => ({
      title: 'The founder interview',
      description: 'The questions founders on the site answer about their product and their path; their answers are on their founder pages.',
      path: '/interview',
      jsonLd: [breadcrumbs(web.publicUrl, [{ name: web.siteName, path: '/' }, { name: 'Founder interview', path: '/interview' }])],
      body: html`<h1>The founder interview</h1>
<p class="lede">Every founder with a product here may answer these questions. Their answers appear on their pages in the <a href="/founders">founder directory</a>.</p>
${questions.items.length
  ? html`<ol class="prose">${questions.items.map((q) => html`<li><p>${q.question}</p></li>`)}</ol>`
  : html`<p class="empty">No questions yet.</p>`}
<p>Founders answer from their account through the API (<code>PUT /api/v1/me/interview</code>, see the <a href="/docs">API reference</a>) or from an AI assistant connected to our MCP server.</p>`,
    }));
  });
}
