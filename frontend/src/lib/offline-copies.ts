/**
 * The service worker's caches (frontend/vite.config.ts names them from here): what a visitor
 * saw, kept on this phone for reading offline. The pages and the reads are the visitor's own (who
 * is logged in, their orders and cart), so a logout forgets them: a shared phone's next user
 * reads none of them (docs/decisions/offline-reading.md).
 */
export const OFFLINE_CACHES = {
  /** The HTML of the pages visited (each carries who was logged in). */
  pages: "vk-pages",
  /** The /api reads the gateway marks as kept for offline reading (`private, no-cache`). */
  reads: "vk-reads",
  /** The build's fingerprinted files the visits loaded. */
  assets: "vk-assets",
  /** The build's files without a fingerprint (start.js, the manifest). */
  files: "vk-files",
  /** Pictures: the app's own and the catalogue's. */
  images: "vk-images",
} as const;

/** Forget the visitor's own copies (pages and reads); the build's files and pictures stay. */
export async function forgetOfflineCopies(): Promise<void> {
  if (typeof caches === "undefined") return;
  await Promise.all([caches.delete(OFFLINE_CACHES.pages), caches.delete(OFFLINE_CACHES.reads)]);
}
