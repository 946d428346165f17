import { i18n } from '../../shared/i18n/i18n.js';

/**
 * Labels come from the API with the session's token, so the browser cannot simply follow a link
 * to them. A PDF opens in a new tab: the tab is opened at once, while the click still counts as
 * the person's (browsers block pop-ups opened later), and shown the file once it has arrived. ZPL
 * is for a printer, so it downloads.
 */
export function openPendingTab(): Window | null {
  const tab = window.open('', '_blank');
  if (tab) {
    const preparing = i18n.t('staff:common.preparing_labels');
    tab.document.title = preparing;
    tab.document.body.textContent = preparing;
  }
  return tab;
}

/** Shows a PDF in the tab opened for it; without one (pop-ups blocked) opens it here. */
export function showPdf(tab: Window | null, pdf: Blob): string {
  const url = URL.createObjectURL(pdf.type ? pdf : new Blob([pdf], { type: 'application/pdf' }));
  if (tab && !tab.closed) tab.location.href = url;
  return url;
}

/** Saves a file under a name, as a download. */
export function download(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
