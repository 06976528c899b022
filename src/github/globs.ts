import picomatch from 'picomatch';

/** Whether a name passes include/exclude glob lists (an empty include list means everything). */
export function nameAllowed(name: string, globs: { include: string[]; exclude: string[] }): boolean {
  const inc = globs.include.length === 0 || picomatch.isMatch(name, globs.include, { nocase: true });
  return inc && !picomatch.isMatch(name, globs.exclude, { nocase: true });
}
