/**
 * Loaded with `node --import` into the load test's App processes. Works around a defect outside bench/:
 * `new Probot()` sets its logger in an async init, but `server.ts`/`worker.ts` hand the Probot to the App
 * at once, and the App's `attach` keeps `probot.log` (still null then): the first line the App logs
 * (an ignored event, a failed job) throws and kills the process. Here the getter falls back to pino.
 */
import { pino } from 'pino';
import { Probot } from 'probot';

const fallback = pino({ level: process.env.LOG_LEVEL ?? 'warn' }, pino.destination(2));
const desc = Object.getOwnPropertyDescriptor(Probot.prototype, 'log');
if (desc?.get) {
  const get = desc.get;
  Object.defineProperty(Probot.prototype, 'log', {
    ...desc,
    get(this: Probot) {
      return (get.call(this) as unknown) ?? fallback;
    },
  });
}
