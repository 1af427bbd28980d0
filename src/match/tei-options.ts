// What an engine says about itself during the TEI handshake (`id name`, `id author`, `option`
// lines), and checking a value the user wants to set against what an option allows.

export interface TeiOption {
  name: string;
  type: string;
  default?: string;
  min?: number;
  max?: number;
  vars: string[];
}

export interface EngineIdentity {
  name?: string;
  author?: string;
  /** `id version`, which Bredon and PTN Ninja use; other engines may not send it. */
  version?: string;
  /** Keyed by lower-case name (UCI option names are matched without regard to case). */
  options: Map<string, TeiOption>;
}

const OPTION_KEYWORDS = new Set(['name', 'type', 'default', 'min', 'max', 'var']);

/** Parses a UCI-style `option name <Name> type <t> [default <d>] [min <a>] [max <b>] [var <v>]...`. */
export function parseOptionLine(line: string): TeiOption | null {
  const tokens = line.trim().split(/\s+/);
  if (tokens[0] !== 'option') return null;
  const fields: { key: string; words: string[] }[] = [];
  for (const t of tokens.slice(1)) {
    if (OPTION_KEYWORDS.has(t)) fields.push({ key: t, words: [] });
    else if (fields.length > 0) fields[fields.length - 1]!.words.push(t);
  }
  const option: TeiOption = { name: '', type: '', vars: [] };
  for (const { key, words } of fields) {
    const value = words.join(' ');
    if (key === 'name') option.name = value;
    else if (key === 'type') option.type = value.toLowerCase();
    else if (key === 'default') option.default = value;
    else if (key === 'min') option.min = Number(value);
    else if (key === 'max') option.max = Number(value);
    else if (key === 'var') option.vars.push(value);
  }
  if (option.name === '' || option.type === '') return null;
  return option;
}

/** Reads one handshake line into `identity`; returns true on `teiok`. */
export function readHandshakeLine(line: string, identity: EngineIdentity): boolean {
  const text = line.trim();
  if (text === 'teiok') return true;
  const id = /^id\s+(name|author|version)\s+(.*)$/.exec(text);
  if (id) {
    if (id[1] === 'name') identity.name = id[2]!.trim();
    else if (id[1] === 'version') identity.version = id[2]!.trim();
    else identity.author = id[2]!.trim();
    return false;
  }
  const option = parseOptionLine(text);
  if (option !== null) identity.options.set(option.name.toLowerCase(), option);
  return false;
}

/** Why `value` is not acceptable for `option`, or null when it is. */
export function optionValueProblem(option: TeiOption, value: string): string | null {
  switch (option.type) {
    case 'spin': {
      if (!/^-?[0-9]+$/.test(value)) return `${option.name} is a spin option and needs a whole number, not '${value}'`;
      const n = Number(value);
      if ((option.min !== undefined && n < option.min) || (option.max !== undefined && n > option.max)) {
        return `${option.name} must be from ${option.min} to ${option.max}, not ${n}`;
      }
      return null;
    }
    case 'check':
      return value === 'true' || value === 'false' ? null : `${option.name} is a check option and needs true or false, not '${value}'`;
    case 'combo':
      return option.vars.length === 0 || option.vars.includes(value)
        ? null
        : `${option.name} must be one of ${option.vars.join(', ')}, not '${value}'`;
    default:
      return null;
  }
}
