/**
 * Request schemas of the IPC contract, built from the channel declarations
 * (`contract-channels.ts`) with zod.
 *
 * Only main's request gate imports this (src-main/library/invoke-channel.ts), so zod stays
 * out of the preload and renderer bundles.
 */
import { z } from 'zod';
import { CHANNELS } from './contract-channels';
import type { Channel } from './contract';

/** Every channel's request schema. */
export type RequestSchemas = { [C in Channel]: ReturnType<(typeof CHANNELS)[C]['request']> };

/** Every channel's request schema, keyed by channel. */
export const requestSchemas = Object.fromEntries(Object.entries(CHANNELS).map(([channel, spec]) => [channel, spec.request(z)])) as RequestSchemas;
