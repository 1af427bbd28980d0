// Splitting an engine's command line (`--engine "node dist/bredon.js tei"`) into the program and
// its arguments, the way a POSIX shell splits words: whitespace separates words, 'single quotes'
// keep everything literally, "double quotes" keep everything but let a backslash escape \ " $ `,
// and outside quotes a backslash keeps the next character literally.
//
// Why not spawn with `shell: true`: the shell would sit between the runner and the engine, so the
// pid the runner holds (and signals, when an engine hangs) would be the shell's, not the engine's,
// and the result would differ between sh, dash and cmd.exe. There is deliberately no variable
// expansion, globbing, redirection or pipes: to use those, name a wrapper script as the engine.

export class CommandLineError extends Error {
  override name = 'CommandLineError';
}

export function splitCommandLine(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '' | "'" | '"' = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === "'") {
      if (c === "'") quote = '';
      else word += c;
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = '';
      else if (c === '\\' && i + 1 < text.length && '\\"$`'.includes(text[i + 1]!)) word += text[++i];
      else word += c;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      continue;
    }
    inWord = true;
    if (c === "'" || c === '"') quote = c;
    else if (c === '\\') {
      if (i + 1 >= text.length) throw new CommandLineError(`command line '${text}' ends with a lone backslash`);
      word += text[++i];
    } else word += c;
  }
  if (quote !== '') throw new CommandLineError(`command line '${text}' has an unclosed ${quote === '"' ? 'double' : 'single'} quote`);
  if (inWord) words.push(word);
  if (words.length === 0) throw new CommandLineError('an engine command line is empty');
  return words;
}
