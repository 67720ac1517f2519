/**
 * Registers the service worker (app/sw/service-worker.ts) in a production build, once the page
 * has loaded so it never competes with the page's own requests. Development has none: Vite's
 * modules change on every edit, and a worker would serve stale ones.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      // A phone without it still works online; nothing to tell the person.
      console.warn('The offline helper could not start:', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
