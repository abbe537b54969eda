/**
 * The slice of the inspector core that the web transport uses.
 *
 * A `Pick` of the lead's `InspectorCore` rather than the whole interface: the server only
 * calls handlers and subscribes, so tests can fake exactly that, and any change to those
 * two members in the core still flows through here.
 */
import type { InspectorCore } from '../core/inspector-core';

/** What `startWebServer` needs from the core: the contract's handlers and the push feed. */
export type WebCore = Pick<InspectorCore, 'handlers' | 'subscribe'>;
