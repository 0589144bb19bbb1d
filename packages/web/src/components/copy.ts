import i18n from '../i18n';
import { toast } from '../lib/feedback';

/** Copies text and toasts 'Copied successfully' or 'Copied failed' (spec 01 §8: both in success style). */
export async function copyText(text: string) {
  let okCopy = false;
  try {
    await navigator.clipboard.writeText(text);
    okCopy = true;
  } catch {
    // Clipboard API needs a secure context; fall back to a hidden textarea.
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    try { okCopy = document.execCommand('copy'); } catch {}
    ta.remove();
  }
  toast('success', i18n.t(okCopy ? 'problem.copied' : 'problem.copyFailed'));
}
