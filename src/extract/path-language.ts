/** Source files' extensions and the language each names (the extractor's language names). */
const LANGUAGE_BY_EXTENSION: Readonly<Record<string, string>> = {
  py: 'python',
  pyi: 'python',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  java: 'java',
  kt: 'kotlin',
  kts: 'kotlin',
  go: 'go',
  rs: 'rust',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  hh: 'cpp',
  m: 'c',
  mm: 'cpp',
  cs: 'csharp',
  razor: 'csharp',
  rb: 'ruby',
  // Ruby's type signatures (RBS), which Steep and RBS itself report on.
  rbs: 'ruby',
  php: 'php',
  swift: 'swift',
  hs: 'haskell',
  dart: 'dart',
  scala: 'scala',
  jl: 'julia',
  r: 'r',
  ex: 'elixir',
  exs: 'elixir',
  lua: 'lua',
  pl: 'perl',
  pm: 'perl',
  ml: 'ocaml',
  mli: 'ocaml',
};

/** The language of a source file by its extension (`src/pool.cpp` → `cpp`), or `unknown`. */
export function languageOfPath(file: string): string {
  const ext = /\.(\w{1,6})$/.exec(file)?.[1]?.toLowerCase() ?? '';
  return LANGUAGE_BY_EXTENSION[ext] ?? 'unknown';
}
