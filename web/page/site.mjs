// The games and the site's files. GAMES (the page's games, the first the default) and SITE (each file's
// content-hashed URL and raw size when the site is hosted: scripts/build_site.mjs; empty in the plain build)
// are written into index.html by scripts/write_index.mjs, in a script of their own before the page's.
/* global GAMES, SITE */

// A file's entry in a site map ({files: {name: {url, bytes}}}), or null when the file goes by its own name.
export const siteEntry = (site, name) =>
  (Object.prototype.hasOwnProperty.call(site.files, name) ? site.files[name] : null);
// The URL to fetch a file by (relative), and its raw size (0 if unknown), in a site map.
export const siteUrl = (site, name) => (siteEntry(site, name) ? siteEntry(site, name).url : name);
export const siteBytes = (site, name) => (siteEntry(site, name) ? siteEntry(site, name).bytes : 0);

// The same for this page's site.
export const asset = (name) => siteUrl(SITE, name);
export const assetBytes = (name) => siteBytes(SITE, name);
export const games = () => GAMES;
