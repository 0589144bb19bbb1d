/** Elements inside a card that do their own thing when clicked. */
const INNER_CONTROLS = 'a, button, input, select, textarea, label, [role="button"], [role="switch"], .ant-tag';

/**
 * Whether a click on a card should open the card: not when it landed on a link, button or tag
 * inside it (those act themselves), nor when it ends a text selection. The card's title stays a
 * real link for the keyboard and for opening in a new tab.
 */
export function opensCard(target: EventTarget | null, selectedText = ''): boolean {
  const el = target as { closest?: (s: string) => unknown } | null;
  if (el?.closest?.(INNER_CONTROLS)) return false;
  return selectedText.length === 0;
}
