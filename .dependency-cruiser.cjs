// The one-way flow of DESIGN.md, as rules `npm run lint` enforces (dependency-cruiser).
//
//   glue (cli/, action/, github/, core.ts) → render/ → engine.ts, eval/ → retrieve/ → index/ → encoder/
//   → query/ → extract/ and corpus/ → text/ (the shared grammar), types.ts, paths.ts
//
// A module may import from its own layer or any layer below it, never from a layer above.
// Tests, benches and scripts sit above everything and may import anything.

/** Layers, lowest first. Each entry is a path regex (relative to the repository root). */
const LAYERS = [
  { name: 'text', path: '^src/(text/|types\\.ts$|paths\\.ts$)' },
  { name: 'extract and corpus', path: '^src/(extract|corpus)/' },
  { name: 'query', path: '^src/query/' },
  { name: 'encoder', path: '^src/encoder/' },
  { name: 'index', path: '^src/index/' },
  { name: 'retrieve', path: '^src/retrieve/' },
  { name: 'engine', path: '^src/(engine\\.ts$|eval/)' },
  { name: 'render', path: '^src/render/' },
  { name: 'glue', path: '^src/(cli/|action/|github/|history/|core\\.ts$)' },
];

const upward = LAYERS.slice(0, -1).map((layer, i) => ({
  name: `flow-${layer.name.replace(/ /g, '-')}-upward`,
  comment: `${layer.name} must not import from a layer above it (${LAYERS.slice(i + 1)
    .map((l) => l.name)
    .join(', ')}): the flow is one-way (DESIGN.md).`,
  severity: 'error',
  from: { path: layer.path },
  to: { path: LAYERS.slice(i + 1).map((l) => l.path) },
}));

module.exports = {
  forbidden: [
    ...upward,
    {
      name: 'core-not-to-glue',
      comment: 'The core never imports the GitHub glue, the Action or the CLI (DESIGN.md).',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(cli|action|github|history)/' },
      to: { path: '^src/(cli|action|github|history)/' },
    },
    {
      name: 'core-not-to-github-packages',
      comment: 'Only src/github/ and src/action/ talk to GitHub: the core never imports probot or @octokit.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(github|action)/' },
      to: { path: 'node_modules/(probot|@octokit)/' },
    },
    {
      name: 'extract-corpus-apart',
      comment: 'extract/ (logs) and corpus/ (StackExchange posts) are siblings: what both need lives in text/.',
      severity: 'error',
      from: { path: '^src/(extract|corpus)/' },
      to: { path: '^src/(extract|corpus)/', pathNot: '^src/$1/' },
    },
    {
      name: 'no-circular',
      comment: 'Import cycles hide which way the flow goes.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'not-to-test',
      comment: 'Production code never imports tests, benches or scripts.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench|scripts)/' },
    },
    {
      name: 'retrieve-no-db',
      comment:
        'Retrievers ask SearchIndex (term statistics, FTS matches, keywords); they never hold a database handle.',
      severity: 'error',
      from: { path: '^src/(retrieve|eval)/' },
      to: { path: 'node_modules/better-sqlite3/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
