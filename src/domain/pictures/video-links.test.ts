import { test } from 'node:test';
import assert from 'node:assert/strict';
import { videoLink } from './video-links.ts';

// Which links a gallery takes as videos, as a table: the three hosts' usual page forms, and the
// links that look close but are not one of them.
const TAKEN: [string, string, string][] = [
  ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
  ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'youtube', 'dQw4w9WgXcQ'],
  ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
  ['https://youtu.be/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
  ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
  ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
  ['https://vimeo.com/76979871', 'vimeo', '76979871'],
  ['https://player.vimeo.com/video/76979871', 'vimeo', '76979871'],
  ['https://www.loom.com/share/0281766fa2d04bb788eaf19e65135184', 'loom', '0281766fa2d04bb788eaf19e65135184'],
  ['https://loom.com/embed/0281766fa2d04bb788eaf19e65135184', 'loom', '0281766fa2d04bb788eaf19e65135184'],
];
const REFUSED = [
  '',
  'not a link',
  'javascript:alert(1)',
  'https://example.com/watch?v=dQw4w9WgXcQ',
  'https://www.youtube.com.evil.test/watch?v=dQw4w9WgXcQ',
  'https://www.youtube.com/watch?v=<script>',
  'https://www.youtube.com/channel/UC123',
  'https://youtu.be/',
  'https://vimeo.com/channels/staffpicks',
  'https://www.loom.com/share/not-an-id',
  'https://user:pass@www.youtube.com/watch?v=dQw4w9WgXcQ',
  'https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ',
  'ftp://vimeo.com/76979871',
  `https://vimeo.com/${'1'.repeat(600)}`,
];

test('the three hosts\' video pages are taken, read into a canonical link and a privacy-friendly player', () => {
  for (const [raw, host, id] of TAKEN) {
    const v = videoLink(raw);
    assert.ok(v, raw);
    assert.deepEqual([v.host, v.id], [host, id], raw);
    assert.ok(v.url.startsWith('https://'), raw);
  }
  assert.equal(videoLink('https://youtu.be/dQw4w9WgXcQ')!.embedUrl, 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
  assert.match(videoLink('https://vimeo.com/76979871')!.embedUrl, /dnt=1/);
});

test('every other link is refused', () => {
  for (const raw of REFUSED) assert.equal(videoLink(raw), null, raw);
});
