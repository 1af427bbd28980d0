// Written by `bredon train` (src/train/net-files.ts): the networks the engine plays with, one
// per board size, each the base64 of nets/<name>.bin. Do not edit by hand.
export const NETS: Record<number, { name: string; base64: string }> = {
};
