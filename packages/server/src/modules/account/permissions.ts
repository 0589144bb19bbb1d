import type { FastifyRequest } from 'fastify';
import { canComment, canPostDiscussion, canSubmit } from '@verdict/shared';
import { forbidden } from '../../http/errors.js';
import { requireUser, type AuthUser } from '../../http/auth.js';

/**
 * Role restrictions of spec 01 §3 for other modules: call these at the top of a handler.
 * (Disabled accounts never get this far: their sessions stop resolving.)
 */
export function requireSubmitter(req: FastifyRequest): AuthUser {
  const u = requireUser(req);
  if (!canSubmit(u.roles)) throw forbidden('bannedSubmit');
  return u;
}

export function requireDiscussionPoster(req: FastifyRequest): AuthUser {
  const u = requireUser(req);
  if (!canPostDiscussion(u.roles)) throw forbidden('bannedDiscuss');
  return u;
}

export function requireCommenter(req: FastifyRequest): AuthUser {
  const u = requireUser(req);
  if (!canComment(u.roles)) throw forbidden('muted');
  return u;
}
