// The discussion (public/listing-discussion.ts) without reloads. Without this file every form
// posts and the page comes back; with it a post goes by fetch(), the discussion is fetched again
// and swapped in, and a refusal shows beside the text.
(() => {
  const $ = (id) => document.getElementById(id);
  if (!$('discussion')) return;
  // Outside the section, so it survives the swap and is announced.
  const live = document.createElement('p');
  live.className = 'visually-hidden';
  live.setAttribute('role', 'status');
  $('discussion').before(live);

  document.addEventListener('input', ({ target: box }) => {
    const hint = $(`${box.id}-hint`);
    const count = hint && hint.querySelector('[data-count]');
    if (!count) return;
    const left = hint.dataset.limit - [...box.value].length;
    count.textContent = ` (${left} left)`;
    hint.classList.toggle('over', left < 0);
  });

  // Reply and Edit open under their comment, ready to type in.
  document.addEventListener('toggle', ({ target: d }) => {
    if (d.open && d.closest('#discussion')) d.querySelector('textarea')?.focus();
  }, true);

  const refused = (form, message) => {
    const box = form.querySelector('textarea');
    const id = `${box ? box.id : form.getAttribute('action')}-error`;
    let error = $(id);
    if (!error) {
      error = document.createElement('p');
      error.id = id;
      error.className = 'field-error';
      error.setAttribute('role', 'alert');
      (box || form.querySelector('button')).after(error);
    }
    error.textContent = message;
    if (!box) return;
    box.setAttribute('aria-invalid', 'true');
    box.setAttribute('aria-describedby', `${id} ${box.id}-hint`);
    box.focus();
  };

  document.addEventListener('submit', async (event) => {
    const form = event.target;
    if (!form.closest('#discussion')) return;
    event.preventDefault();
    if (form.ariaBusy) return; // a double click is one post
    form.ariaBusy = 'true';
    let answer;
    try {
      const res = await fetch(form.action, { method: 'POST', body: new URLSearchParams(new FormData(form)), headers: { accept: 'application/json' } });
      answer = await res.json();
    } catch {
      return form.submit(); // no answer to read: the plain post shows what the server says
    } finally {
      form.ariaBusy = null;
    }
    if (!answer.ok) return refused(form, answer.error);
    try {
      const res = await fetch(answer.location, { cache: 'no-store' });
      const page = new DOMParser().parseFromString(await res.text(), 'text/html');
      $('discussion').replaceWith(document.importNode(page.getElementById('discussion'), true));
      live.textContent = page.querySelector('main > .notice')?.textContent ?? '';
      const to = $(answer.location.split('#')[1]);
      const target = to && to.id !== 'discussion' ? to : $('discussion-heading');
      target.tabIndex = -1;
      target.focus();
    } catch {
      location.assign(answer.location); // posted; only the swap failed
    }
  });
})();
