export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function report(name: string, figure: string): void {
  process.stdout.write(`${name.padEnd(44)} ${figure}\n`);
}
