/**
 * Copy buttons, in plain DOM, loaded on the first press (src/app/shell.ts): "Copy a link to this
 * view" under each figure (the address as it stands, which holds every figure's settings, with
 * the figure's anchor) and the citation's. Each says what happened in its status line. Without a
 * clipboard, the text is selected for the reader to copy.
 */
async function copyText(win: Window, text: string): Promise<boolean> {
  try {
    await win.navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The page's own address: the one a reader would cite. */
const pageAddress = (win: Window) => `${win.location.origin}${win.location.pathname}`;

/** Copies what a copy button names, and says so in its status line. */
export async function copyFrom(button: HTMLButtonElement): Promise<void> {
  const doc = button.ownerDocument;
  const win = doc.defaultView;
  if (!win) return;
  const status = button.parentElement?.querySelector<HTMLElement>('.copy-status');
  const anchor = button.dataset.copyLink;
  const target = button.dataset.copyTarget ? doc.getElementById(button.dataset.copyTarget) : null;
  const text = anchor !== undefined ? `${pageAddress(win)}${win.location.search}#${anchor}` : (target?.textContent ?? '').trim();
  if (!text) return;
  if (await copyText(win, text)) {
    if (status) status.textContent = anchor !== undefined ? `Link copied: ${text}` : 'Copied.';
    return;
  }
  if (target) win.getSelection()?.selectAllChildren(target);
  if (status) status.textContent = anchor !== undefined ? `Copy this link: ${text}` : 'Selected: copy it with your keyboard or menu.';
}
