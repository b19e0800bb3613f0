/**
 * The fake's stand-in for Dropbox Sign's embedded template editor (the page at edit_url, framed by
 * hellosign-embedded). It speaks the window messages hellosign-embedded listens for
 * (node_modules/hellosign-embedded, settings.messages): `hellosign:initialize` when loaded, and on
 * Save template `hellosign:userCreateTemplate` after the template is saved here, which queues the
 * template_created callback as the real editor's save does; Cancel sends `hellosign:userCancelRequest`.
 */
export function embeddedEditorPage(template: { id: string; title: string }): string {
  const id = JSON.stringify(template.id);
  const title = JSON.stringify(template.title);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dropbox Sign template editor (fake)</title>
<style>body{font-family:sans-serif;margin:24px}button{font-size:16px;padding:8px 16px;margin-right:8px}</style></head>
<body>
<h1>Dropbox Sign template editor</h1>
<p>Editing <strong id="title"></strong>: place the signer's fields, then save.</p>
<button id="save" type="button">Save template</button>
<button id="cancel" type="button">Cancel</button>
<script>
  const templateId = ${id};
  document.getElementById('title').textContent = ${title};
  const tell = (type, payload) => window.parent.postMessage({ type, payload }, '*');
  tell('hellosign:initialize', {});
  document.getElementById('save').addEventListener('click', async () => {
    await fetch('/_fake/templates/' + encodeURIComponent(templateId), { method: 'POST' });
    tell('hellosign:userCreateTemplate', { templateId, templateInfo: { title: ${title} } });
  });
  document.getElementById('cancel').addEventListener('click', () => tell('hellosign:userCancelRequest'));
</script>
</body></html>`;
}
