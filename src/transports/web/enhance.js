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
})();
