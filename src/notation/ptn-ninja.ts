// Links that open a PTN text in PTN Ninja: its address, then the PTN compressed with lz-string's
// compressToEncodedURIComponent, which PTN Ninja's router decompresses (src/router/routes.js of
// PTN-Ninja reads a path of [A-Za-z0-9$+-] that way). lz-string is the library PTN Ninja uses
// itself, so the link is read back exactly.

import lzString from 'lz-string';

export const PTN_NINJA = 'https://ptn.ninja/';

/** The PTN Ninja link of a PTN text. */
export function ptnNinjaLink(ptn: string): string {
  return PTN_NINJA + lzString.compressToEncodedURIComponent(ptn);
}

/** The PTN text of a PTN Ninja link, or undefined when it is not one. */
export function ptnFromLink(link: string): string | undefined {
  if (!link.startsWith(PTN_NINJA)) return undefined;
  const text = lzString.decompressFromEncodedURIComponent(link.slice(PTN_NINJA.length).replace(/&.*$/, ''));
  return text === null || text === '' ? undefined : text;
}
