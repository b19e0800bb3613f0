/** What the editor reports back: saved (createTemplate or finish) or closed (with or without saving). */
type DropboxSignEditorEvents = { onSaved: () => void; onClosed: () => void };

/**
 * Opens Dropbox Sign's embedded template editor on a draft's edit_url. hellosign-embedded is
 * imported only here, when the editor opens, so no other page downloads it. Test mode lets the
 * editor open on a domain the API app has not verified (Dropbox Sign's rule).
 */
export async function openDropboxSignEditor(
  editUrl: string,
  app: { clientId: string; testMode: boolean },
  events: DropboxSignEditorEvents,
): Promise<void> {
  const { default: HelloSign } = await import('hellosign-embedded');
  const client = new HelloSign({ clientId: app.clientId });
  // Saved: the editor has nothing more to do, so it closes (Dropbox Sign's callback follows).
  const saved = () => {
    events.onSaved();
    client.close();
  };
  client.on('createTemplate', saved);
  client.on('finish', saved);
  client.on('close', events.onClosed);
  client.open(editUrl, { testMode: app.testMode, skipDomainVerification: app.testMode });
}
