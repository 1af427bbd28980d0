// The kinds of data file that the tuner and the trainer read, told by the file's name: games
// (.ptn) or a selfplay training file (.tsv), either gzipped. The reader (read.ts) and the
// commands' --data options (src/cli/args.ts) check names against it.

/** What readGames takes, for the error that names a file it does not. */
export const DATA_FILE_NAMES = 'data files must be .ptn or .ptn.gz (games) or .tsv or .tsv.gz (bredon selfplay --out)';

/** A data file's kind by its name: games (.ptn) or a selfplay training file (.tsv), either gzipped. */
export function dataFileKind(file: string): 'ptn' | 'tsv' | undefined {
  const m = /\.(ptn|tsv)(\.gz)?$/i.exec(file);
  return m === null ? undefined : m[1]!.toLowerCase() === 'ptn' ? 'ptn' : 'tsv';
}
