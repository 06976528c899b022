import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LANGUAGE_TAGS, languageFamily, languageName, languagesOfTags } from '../../src/text/language-tags.js';
import { knownCorpusTags } from '../../src/paths.js';

test('every language the extractor names maps to a family; unknown ones to none', () => {
  for (const [language, family] of [
    ['python', 'python'],
    ['javascript', 'javascript'],
    ['typescript', 'javascript'],
    ['java', 'java'],
    ['kotlin', 'java'],
    ['go', 'go'],
    ['rust', 'rust'],
    ['ruby', 'ruby'],
    ['csharp', 'csharp'],
    ['sql', 'sql'],
    ['kubernetes', 'kubernetes'],
    ['aws', 'aws'],
  ] as const)
    assert.equal(languageFamily(language), family, language);
  assert.equal(languageFamily('unknown'), null);
  assert.equal(languageFamily(''), null);
  assert.equal(languageFamily(null), null);
});

test('a thread is in the languages its tags name; cross-language tags name none', () => {
  assert.deepEqual(languagesOfTags(['reactjs', 'jestjs']), ['javascript']);
  assert.deepEqual(languagesOfTags(['python', 'c++']), ['python', 'c']);
  assert.deepEqual(languagesOfTags(['ruby-on-rails']), ['ruby']);
  assert.deepEqual(languagesOfTags(['c#', '.net']), ['csharp']);
  assert.deepEqual(languagesOfTags(['git', 'docker', 'regex']), []);
  // A boto3 thread about S3 is Python's and AWS's; a psycopg2 one Python's and SQL's.
  assert.deepEqual(languagesOfTags(['python', 'boto3', 'amazon-s3']), ['python', 'aws']);
  assert.deepEqual(languagesOfTags(['python', 'psycopg2', 'postgresql']), ['python', 'sql']);
  assert.deepEqual(languagesOfTags([]), []);
});

test('no tag belongs to two languages, and every family has a name for people', () => {
  const seen = new Map<string, string>();
  for (const [family, tags] of Object.entries(LANGUAGE_TAGS)) {
    if (family !== 'shell') assert.notEqual(languageName(family), family, `${family} has a name for people`);
    for (const t of tags) {
      assert.equal(t, t.toLowerCase(), `${t}: StackOverflow tags are lower case`);
      assert.ok(!seen.has(t), `${t} is in ${seen.get(t)} and ${family}`);
      seen.set(t, family);
    }
  }
});

test('the so-python corpus is known to be Python; other corpora get no default tags', () => {
  assert.deepEqual(knownCorpusTags('/data/shared/data/so-python/corpus.jsonl.gz'), ['python']);
  assert.deepEqual(knownCorpusTags('/data/stackoverflow.com'), []);
  assert.deepEqual(knownCorpusTags('/data/my-corpus.jsonl.gz'), []);
});
