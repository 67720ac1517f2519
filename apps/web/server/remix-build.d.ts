/** The Remix app's server build, a virtual module of Remix's Vite plugin (see main.ts). */
declare module 'virtual:remix/server-build';
