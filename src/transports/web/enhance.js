// Progressive enhancement only: every page works without this file.
(() => {
  // Copy buttons beside embed code; without JavaScript the code is selectable text.
  for (const field of document.querySelectorAll('[data-copy]')) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'secondary copy';
    button.textContent = 'Copy';
    button.setAttribute('aria-label', `Copy ${field.getAttribute('data-copy')}`);
    button.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(field.value ?? field.textContent);
        button.textContent = 'Copied';
      } catch {
        field.select?.();
        button.textContent = 'Press Ctrl+C';
      }
      setTimeout(() => (button.textContent = 'Copy'), 2000);
    });
    field.after(button);
  }
  // Filter forms apply a changed choice at once; their Apply button stays for keyboards and no-JS.
  for (const form of document.querySelectorAll('form[data-autosubmit]')) {
    form.addEventListener('change', (event) => {
      if (event.target instanceof HTMLSelectElement) form.requestSubmit();
    });
  }
  // Gallery videos: the link becomes the host's player on a click; nothing loads from the host before.
  for (const link of document.querySelectorAll('a.video[data-embed]')) {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      const frame = document.createElement('iframe');
      frame.src = link.dataset.embed;
      frame.title = link.dataset.title || 'Video';
      frame.allow = 'autoplay; fullscreen; picture-in-picture';
      frame.allowFullscreen = true;
      frame.className = 'video-frame';
      link.replaceWith(frame);
      frame.focus();
    });
  }
})();
