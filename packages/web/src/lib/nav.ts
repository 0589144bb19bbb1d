/** Navigation usable outside React components (the request layer); the router registers itself. */
let navigator: ((to: string) => void) | null = null;
export function registerNavigator(fn: (to: string) => void) {
  navigator = fn;
}
export function navigateTo(to: string) {
  if (navigator) navigator(to);
  else window.location.assign(to);
}
