// What this build is: the package version, the git commit it was built from (embedded by
// scripts/build.mjs; "unknown" outside a git checkout) and the network each size plays with.
// `bredon --version` prints these lines and `bredon bench` opens with them, so that a figure
// can always be tied to the build that made it.

import { networkName } from '../eval/net/nets.js';

declare const BREDON_VERSION: string;
declare const BREDON_COMMIT: string;
export const VERSION = typeof BREDON_VERSION === 'string' ? BREDON_VERSION : 'dev';
export const COMMIT = typeof BREDON_COMMIT === 'string' ? BREDON_COMMIT : 'unknown';

/** `bredon 0.1.0 (commit 29a5b11)`. */
export function versionLine(): string {
  return `bredon ${VERSION} (commit ${COMMIT})`;
}

/** `networks: 3x3 none, ..., 5x5 5x5-0479ea88, ...`; with `network` false every size is `none`. */
export function networksLine(network = true): string {
  const nets: string[] = [];
  for (let size = 3; size <= 8; size++) nets.push(`${size}x${size} ${network ? networkName(size) : 'none'}`);
  return `networks: ${nets.join(', ')}`;
}
