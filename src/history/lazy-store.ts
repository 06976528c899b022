import type { FailureStore } from './types.js';

/** A store opened on first use: a receiver that never processes work never opens (or creates) one. */
export function lazyStore(open: () => FailureStore): FailureStore {
  let store: FailureStore | null = null;
  const get = () => (store ??= open());
  return {
    recordFailure: (s, f) => get().recordFailure(s, f),
    recordPass: (s, p) => get().recordPass(s, p),
    failures: (s, q) => get().failures(s, q),
    recordShown: (s, r) => get().recordShown(s, r),
    setVote: (s, v, h) => get().setVote(s, v, h),
    votes: (s, r) => get().votes(s, r),
    feedback: (o) => get().feedback(o),
    purge: (now) => get().purge(now),
    forget: (repo) => get().forget(repo),
    close: () => (store ? store.close() : Promise.resolve()),
  };
}
