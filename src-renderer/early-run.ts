/**
 * Browser mode's first script: on a deep link to a run (`#/run/<id>…`) it tells the server which
 * run the page will show (`run.prepare`) before the app's bundle has run, so the server's fold
 * starts while the page still starts the app and asks for the library (~0.3-0.4 s of a fresh
 * page, during which a cold 200,000-event run's fold used to wait for the run view's
 * `run.detail`). The server keeps the build it starts (src-main/library/run-service.ts) and
 * the run view's `run.detail` shares it. It asks that head at once too, and the app's first
 * load takes the answer (web/early-head.ts); likewise the app's first `app.info` and
 * `library.current`, and the pushes since (web/early-transport.ts). Nothing happens in Electron (the preload's bridge), on
 * any other route, or in a shared bundle's page (its viewer script does not include this one).
 */
import { parseRoute } from './routing/route';
import { createWebApi } from './web/web-api';
import { peekToken } from './web/web-token';
import { startEarlyHead } from './web/early-head';
import { shareEarlyApi } from './web/early-transport';

const route = parseRoute(window.location.hash);
if (!window.inspector && route.view === 'run') {
  const api = createWebApi('', peekToken());
  // The push stream first, then what the app asks first; the app adopts this transport (web/early-transport.ts).
  api.holdPushes();
  api.prefetch('app.info', {});
  api.prefetch('library.current', {});
  shareEarlyApi(api);
  // Then the run's head, which the app's first load takes (web/early-head.ts).
  void startEarlyHead(api, { runId: route.runId, dir: route.dir, ...(route.at === undefined ? {} : { at: route.at }) });
}
