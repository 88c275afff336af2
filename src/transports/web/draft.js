// Progressive enhancement of the draft pages (draft-pages.ts). Without it the progress page
// reloads itself (a meta refresh in <noscript>), counts show as of the last save, and the
// browser's own spinner stands for "regenerating".
(() => {
  const status = document.getElementById('live-status');

  // Regions marked data-live are fetched again every 2 s and swapped in place, so the page
  // updates without a reload; a region the fresh page no longer has (the draft is ready, or it
  // failed) means the page has turned into something else: load it whole.
  const regions = () => [...document.querySelectorAll('[data-live]')];
  const poll = async () => {
    try {
      const res = await fetch(location.pathname, { cache: 'no-store', credentials: 'same-origin' });
      // A busy or unavailable server (503) is waited out: the next round tries again.
      const fresh = res.ok ? new DOMParser().parseFromString(await res.text(), 'text/html') : undefined;
      for (const old of fresh ? regions() : []) {
        const next = fresh.getElementById(old.id);
        if (!next) return location.reload();
        old.replaceWith(document.importNode(next, true));
        const words = next.getAttribute('data-status');
        if (status && words && status.textContent !== words) status.textContent = words;
      }
    } catch {
      // Offline for a moment: the next round tries again.
    }
    if (regions().length) setTimeout(poll, 2000);
  };
  if (regions().length) setTimeout(poll, 2000);

  // Live character counts beside fields with a limit (the limit is in the text, and the server
  // enforces it whatever this says).
  for (const input of document.querySelectorAll('[data-limit]')) {
    const out = document.getElementById(`${input.id}-count`);
    const limit = Number(input.getAttribute('data-limit'));
    if (!out) continue;
    const show = () => {
      const n = input.value.length;
      out.textContent = n > limit ? `${n} of ${limit} characters: ${n - limit} too many.` : `${n} of ${limit} characters.`;
      out.classList.toggle('over', n > limit);
    };
    input.addEventListener('input', show);
  }

  // A regenerate takes a few seconds: say so beside the button while the server works.
  for (const form of document.querySelectorAll('form[data-busy]')) {
    form.addEventListener('submit', (event) => {
      const words = event.submitter?.getAttribute('data-busy');
      const note = event.submitter?.closest('.draft-field')?.querySelector('.busy');
      if (!words || !note) return;
      note.hidden = false;
      note.querySelector('span').textContent = words;
    });
  }
})();
