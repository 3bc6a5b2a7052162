import type { FastifyReply } from 'fastify';
import type { StoredObject } from './stored-object.ts';

/** Streams a stored image to the client with its type, length and caching, from either store alike. */
export function sendStoredObject(reply: FastifyReply, stored: StoredObject, cacheControl: string) {
  reply.type(stored.contentType).header('cache-control', cacheControl);
  if (stored.size !== undefined) reply.header('content-length', stored.size);
  return reply.send(stored.body);
}
