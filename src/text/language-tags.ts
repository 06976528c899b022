/**
 * The one map from a failure's language (as the extractor names it: `Failure.language`) to the
 * StackOverflow tags that say a thread is about that language. A thread is "in" a language when one of
 * its tags is in that language's list; a thread with none of these tags (a cross-language topic such
 * as `git`, `docker`, `regex`, or a corpus without tags) has no language and is never filtered out.
 *
 * The lists hold tags that name a language, its runtime or a framework only used from it, so that a
 * thread tagged `reactjs` alone still counts as JavaScript. Kotlin and Java share the JVM's tags (a
 * Kotlin NPE is answered by Java threads and the other way round); TypeScript and JavaScript share
 * theirs. Three platforms whose own clients print failures (SQL's, kubectl, the AWS CLI) are families
 * too. The README lists this map.
 */
export const LANGUAGE_TAGS: Readonly<Record<string, readonly string[]>> = {
  python: [
    'python',
    'python-3.x',
    'python-2.7',
    'python-2.x',
    'django',
    'flask',
    'pandas',
    'numpy',
    'pip',
    'pytest',
    'tensorflow',
    'pytorch',
    'scikit-learn',
    'matplotlib',
    'jupyter-notebook',
    'fastapi',
  ],
  javascript: [
    'javascript',
    'node.js',
    'typescript',
    'jestjs',
    'reactjs',
    'react-native',
    'angular',
    'vue.js',
    'npm',
    'webpack',
    'express',
    'next.js',
    'jquery',
    'ecmascript-6',
    'mocha.js',
    'babeljs',
  ],
  java: [
    'java',
    'kotlin',
    'android',
    'spring',
    'spring-boot',
    'maven',
    'gradle',
    'hibernate',
    'junit',
    'jvm',
    'java-8',
  ],
  go: ['go', 'goroutine', 'go-modules', 'gorm', 'go-gin'],
  rust: ['rust', 'rust-cargo', 'borrow-checker', 'rust-tokio'],
  ruby: ['ruby', 'ruby-on-rails', 'rspec', 'bundler', 'rubygems', 'activerecord', 'ruby-on-rails-5', 'ruby-on-rails-6'],
  csharp: [
    'c#',
    '.net',
    'asp.net',
    'asp.net-core',
    '.net-core',
    'entity-framework',
    'entity-framework-core',
    'unity3d',
    'wpf',
    'xamarin',
    'nunit',
    'xunit',
  ],
  php: ['php', 'laravel', 'symfony', 'composer-php', 'wordpress'],
  c: ['c', 'c++', 'gcc', 'clang', 'cmake', 'g++', 'visual-c++', 'c++11', 'c++17'],
  shell: ['bash', 'shell', 'sh', 'zsh', 'powershell'],
  swift: ['swift', 'swiftui', 'ios', 'xcode', 'uikit', 'cocoapods'],
  dart: ['dart', 'flutter', 'flutter-layout', 'flutter-dependencies'],
  r: ['r', 'ggplot2', 'dplyr', 'shiny', 'tidyverse', 'data.table', 'rstudio'],
  julia: ['julia'],
  haskell: ['haskell', 'ghc', 'cabal', 'haskell-stack'],
  scala: ['scala', 'sbt', 'akka'],
  elixir: ['elixir', 'phoenix-framework', 'erlang', 'ecto'],
  perl: ['perl'],
  lua: ['lua'],
  ocaml: ['ocaml', 'dune', 'opam'],
  terraform: ['terraform', 'hcl', 'terraform-provider-aws', 'terraform-provider-azure'],
  ansible: ['ansible', 'ansible-2.x', 'ansible-playbook', 'ansible-galaxy', 'ansible-inventory'],
  // Not languages, but what a failure printed by their own clients is about (mysql, psql, kubectl,
  // the AWS CLI): its answers are in threads with these tags, whatever language asked.
  sql: ['sql', 'mysql', 'postgresql', 'sql-server', 'tsql', 'oracle', 'plsql', 'mariadb', 'psql'],
  kubernetes: [
    'kubernetes',
    'kubectl',
    'kubernetes-helm',
    'minikube',
    'amazon-eks',
    'google-kubernetes-engine',
    'azure-aks',
  ],
  aws: [
    'amazon-web-services',
    'aws-cli',
    'amazon-s3',
    'amazon-ec2',
    'aws-lambda',
    'amazon-iam',
    'amazon-cloudformation',
  ],
};

/** Extractor language names that share another language's tags. */
const LANGUAGE_ALIASES: Readonly<Record<string, string>> = {
  typescript: 'javascript',
  kotlin: 'java',
  cpp: 'c',
  'c++': 'c',
  bash: 'shell',
  erlang: 'elixir',
  hcl: 'terraform',
};

/** How a language is named in messages ("the index has no Go threads"). */
const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  python: 'Python',
  javascript: 'JavaScript/TypeScript',
  java: 'Java/Kotlin',
  go: 'Go',
  rust: 'Rust',
  ruby: 'Ruby',
  csharp: 'C#/.NET',
  php: 'PHP',
  c: 'C/C++',
  shell: 'shell',
  swift: 'Swift/iOS',
  dart: 'Dart/Flutter',
  r: 'R',
  julia: 'Julia',
  haskell: 'Haskell',
  scala: 'Scala',
  elixir: 'Elixir/Erlang',
  perl: 'Perl',
  lua: 'Lua',
  ocaml: 'OCaml',
  terraform: 'Terraform',
  ansible: 'Ansible',
  sql: 'SQL',
  kubernetes: 'Kubernetes',
  aws: 'AWS',
};

const TAG_TO_LANGUAGE = new Map<string, string>();
for (const [language, tags] of Object.entries(LANGUAGE_TAGS)) for (const t of tags) TAG_TO_LANGUAGE.set(t, language);

/**
 * The key of `LANGUAGE_TAGS` a failure language belongs to, or null when the map does not know it
 * (`unknown`, an empty string): such a failure is searched without any language preference.
 */
export function languageFamily(language: string | null | undefined): string | null {
  if (!language) return null;
  const l = language.toLowerCase();
  const family = LANGUAGE_ALIASES[l] ?? l;
  return family in LANGUAGE_TAGS ? family : null;
}

/** The languages a thread's tags put it in (usually none or one; `python` + `c` for a C extension). */
export function languagesOfTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const t of tags) {
    const l = TAG_TO_LANGUAGE.get(t.toLowerCase());
    if (l && !out.includes(l)) out.push(l);
  }
  return out;
}

/** A language family's name for people. */
export function languageName(family: string): string {
  return LANGUAGE_NAMES[family] ?? family;
}
