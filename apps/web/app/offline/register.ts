/**
 * Registers the service worker (app/sw/service-worker.ts) in a production build. Installing it
 * fetches and keeps every script of the site, so on an ordinary page it waits until a few
 * seconds after the page has loaded and never competes with the page's own work; a game-day page
 * (a pass, My Bookings, Arrivals) asks for it at once, since that is the page that must open
 * with no signal. Development has none: Vite's modules change on every edit, and a worker would
 * serve stale ones.
 */
const AFTER_LOAD_MS = 5_000;
let asked = false;

export function registerServiceWorker({ now = false }: { now?: boolean } = {}) {
  if (!import.meta.env.PROD || typeof navigator === 'undefined') return;
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    if (asked) return;
    asked = true;
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      // A phone without it still works online; nothing to tell the person.
      console.warn('The offline helper could not start:', error);
    });
  };
  if (now) return register();
  const later = () => setTimeout(register, AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
