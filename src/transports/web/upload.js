// The pictures page's file fields, enhanced: every form works without this file.
(() => {
  // File fields: drop a picture on them, and see it before it is sent; the plain input stays.
  for (const input of document.querySelectorAll('input[type=file][data-drop]')) {
    const zone = document.createElement('div');
    zone.className = 'drop-zone';
    const hint = document.createElement('p');
    hint.textContent = 'Drop a picture here, or choose a file.';
    const preview = document.createElement('img');
    preview.alt = '';
    preview.hidden = true;
    input.before(zone);
    zone.append(hint, input, preview);
    const show = () => {
      const file = input.files?.[0];
      if (preview.src) URL.revokeObjectURL(preview.src);
      preview.hidden = !file;
      if (file) {
        preview.src = URL.createObjectURL(file);
        hint.textContent = `${file.name} (${Math.ceil(file.size / 1024)} kB)`;
      }
    };
    input.addEventListener('change', show);
    zone.addEventListener('dragover', (event) => {
      event.preventDefault();
      zone.classList.add('over');
    });
    zone.addEventListener('dragleave', () => zone.classList.remove('over'));
    zone.addEventListener('drop', (event) => {
      event.preventDefault();
      zone.classList.remove('over');
      if (!event.dataTransfer?.files.length) return;
      const files = new DataTransfer();
      files.items.add(event.dataTransfer.files[0]);
      input.files = files.files;
      show();
    });
  }
})();
