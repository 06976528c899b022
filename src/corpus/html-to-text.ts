import { Parser } from 'htmlparser2';

/** A post body split into prose and verbatim `<pre>` blocks. */
export interface PostText {
  /** Readable text: paragraphs and list items on their own lines, inline code kept, blocks fenced. */
  text: string;
  /** Prose only, without the `<pre>` blocks. */
  prose: string;
  /** The `<pre>` blocks, verbatim (entities decoded), in order. */
  blocks: string[];
}

const BLOCK_TAGS = new Set([
  'p',
  'div',
  'br',
  'li',
  'ul',
  'ol',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'table',
  'tr',
]);

/**
 * Converts StackOverflow post HTML to text with a real HTML parser (entities decoded, tags dropped);
 * `<pre>` contents are kept verbatim and returned separately.
 */
export function htmlToText(html: string): PostText {
  const prose: string[] = [];
  const text: string[] = [];
  const blocks: string[] = [];
  let preDepth = 0;
  let pre = '';
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'pre') {
          preDepth++;
          return;
        }
        if (preDepth === 0 && BLOCK_TAGS.has(name)) {
          prose.push('\n');
          text.push('\n');
        }
      },
      onclosetag(name) {
        if (name === 'pre' && preDepth > 0) {
          preDepth--;
          if (preDepth === 0) {
            const block = trimEndOf(pre, '\n');
            blocks.push(block);
            text.push(`\n\`\`\`\n${block}\n\`\`\`\n`);
            pre = '';
          }
          return;
        }
        if (preDepth === 0 && BLOCK_TAGS.has(name)) {
          prose.push('\n');
          text.push('\n');
        }
      },
      ontext(data) {
        if (preDepth > 0) pre += data;
        else {
          prose.push(data);
          text.push(data);
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  if (preDepth > 0 && pre) blocks.push(pre);
  return { text: tidy(text.join('')), prose: tidy(prose.join('')), blocks };
}

/** Collapses runs of blank lines and trailing spaces, keeping line structure. */
/** `s` without trailing characters from `chars` (linear, unlike a `/[…]+$/` replace). */
function trimEndOf(s: string, chars: string): string {
  let end = s.length;
  while (end > 0 && chars.includes(s[end - 1]!)) end--;
  return s.slice(0, end);
}

function tidy(s: string): string {
  return s
    .split('\n')
    .map((line) => trimEndOf(line, ' \t'))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
