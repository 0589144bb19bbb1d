import DOMPurify from 'dompurify';

/**
 * The one HTML sanitiser of the site: every piece of markdown/HTML from any author, admins
 * included, passes here before it reaches the DOM (issue 9: no "trusted" path).
 * - scripts, event handlers, iframes/objects, forms and <style> are dropped;
 * - links and images keep safe protocols only (http, https, mailto, relative; images also data:image);
 * - target is kept only as _blank, and then always with rel="noopener noreferrer".
 */
const SAFE_URL = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
const SAFE_IMAGE_DATA = /^data:image\/(?:png|gif|jpe?g|webp|bmp);/i;

const purify = DOMPurify();
purify.addHook('uponSanitizeAttribute', (node, data) => {
  // DOMPurify lets data: through on <img>; allow only raster images (an SVG data URL is a document).
  if ((data.attrName === 'src' || data.attrName === 'href' || data.attrName === 'xlink:href') && /^\s*data:/i.test(data.attrValue) && !(node.nodeName === 'IMG' && SAFE_IMAGE_DATA.test(data.attrValue.trim()))) data.keepAttr = false;
});
purify.addHook('afterSanitizeAttributes', (node) => {
  if (!(node instanceof Element) || !node.hasAttribute('target')) return;
  if (node.getAttribute('target') !== '_blank') node.removeAttribute('target');
  else node.setAttribute('rel', 'noopener noreferrer');
});

const CONFIG = {
  ADD_ATTR: ['target'],
  ALLOWED_URI_REGEXP: SAFE_URL,
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame', 'frameset', 'object', 'embed', 'base', 'meta', 'link', 'foreignObject', 'math'],
  FORBID_ATTR: ['formaction', 'action', 'srcdoc'],
  SANITIZE_NAMED_PROPS: true,
};

export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, CONFIG) as unknown as string;
}
